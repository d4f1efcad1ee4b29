import { Link } from "@remix-run/react";
import { libelleEtat } from "#contract/libelles";
import { libelleCourtQualite } from "#contract/qualites";
import type { CompteDemandeur, CompteTri } from "#contract/schemas/comptes";
import { Tableau } from "~/components/tableau";
import { titreDossier } from "~/components/dossier/entete-dossier";

const LIBELLES_TRI: Record<CompteTri, string> = {
  dateCreation: "Date de création",
  raisonSociale: "Raison sociale",
  email: "Adresse électronique",
  siren: "SIREN",
};

const dateFr = new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeZone: "Europe/Paris" });

/** The list's current order, and the link to another page or order of it. */
export interface OrdreComptes {
  tri: CompteTri;
  sens: "asc" | "desc";
  /** The list's query string with `changes` applied (search and order kept). */
  lien: (changes: Record<string, string | number>) => string;
}

/**
 * The accounts table of `/gestion-des-comptes` (spec §3 "Account list"):
 * one row per account of `comptes` (company linking to its page, SIREN,
 * representative, e-mail, qualities, requests, created date), four columns
 * sortable by plain links after `ordre`.
 */
export function TableauComptes({
  comptes,
  ordre,
}: {
  comptes: CompteDemandeur[];
  ordre: OrdreComptes;
}) {
  return (
    <Tableau legende="Comptes des structures demandeuses">
      <thead>
        <tr>
          {(["raisonSociale", "siren"] as const).map((field) => (
            <ColonneTriable key={field} field={field} ordre={ordre} />
          ))}
          <th scope="col">Représentant</th>
          <ColonneTriable field="email" ordre={ordre} />
          <th scope="col">Qualités</th>
          <th scope="col">Demandes</th>
          <ColonneTriable field="dateCreation" ordre={ordre} />
        </tr>
      </thead>
      <tbody>
        {comptes.map((compte) => (
          <tr key={compte.id}>
            <td className="fr-cell--multiline">
              <Link to={`/gestion-des-comptes/${compte.id}`}>
                {compte.raisonSociale ?? `${compte.firstName} ${compte.lastName}`}
              </Link>
            </td>
            <td>{compte.siren ?? "—"}</td>
            <td className="fr-cell--multiline">
              {compte.firstName} {compte.lastName}
              {compte.statut === "en_attente" ? (
                <p className="fr-badge fr-badge--sm fr-badge--warning fr-mt-1v">
                  En attente de confirmation
                </p>
              ) : null}
            </td>
            <td className="fr-cell--multiline portail-coupure">{compte.email}</td>
            <td className="fr-cell--multiline">
              {compte.qualites.map((code) => libelleCourtQualite(code)).join(", ")}
            </td>
            <td className="fr-cell--multiline">
              <DemandesDuCompte demandes={compte.demandes} />
            </td>
            <td>{dateFr.format(new Date(compte.dateCreation))}</td>
          </tr>
        ))}
      </tbody>
    </Tableau>
  );
}

/**
 * Spec §3 "Account list": the number of the company's requests, then each
 * one with its state (staff read the raw state; a suspension, which the
 * raw state hides behind "Procédure de retrait en cours", is spelled out
 * from the normalised state).
 */
function DemandesDuCompte({ demandes }: { demandes: CompteDemandeur["demandes"] }) {
  if (demandes.length === 0) return <>Aucune</>;
  return (
    <>
      <p className="fr-mb-1v">{`${demandes.length} demande${demandes.length > 1 ? "s" : ""}`}</p>
      <ul className="fr-text--sm fr-mb-0">
        {demandes.map((demande) => (
          <li key={demande.id}>
            {`${titreDossier(demande)} : ${libelleEtat(demande.etat)}`}
            {demande.etatNormalise === "agrement_suspendu" ? " (agrément suspendu)" : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * A sortable column header: a link to the list sorted by `field` from page
 * 1, ascending unless it already is; `aria-sort` on the current one.
 */
function ColonneTriable({ field, ordre }: { field: CompteTri; ordre: OrdreComptes }) {
  const actif = ordre.tri === field;
  const prochain = actif && ordre.sens === "asc" ? "desc" : "asc";
  return (
    <th
      scope="col"
      aria-sort={actif ? (ordre.sens === "asc" ? "ascending" : "descending") : undefined}
    >
      <Link to={ordre.lien({ tri: field, sens: prochain, page: 1 })}>
        {LIBELLES_TRI[field]}
        <span className="fr-sr-only">
          {`, trier par ordre ${prochain === "asc" ? "croissant" : "décroissant"}`}
        </span>
      </Link>
    </th>
  );
}
