import { Link } from "@remix-run/react";
import { libelleCourtQualite } from "#contract/qualites";
import type { AgrementListe, FiltresAgrements } from "#contract/schemas/agrements-liste";
import { BADGES_AGREMENT } from "~/components/agrement/agrement";
import { dateFr } from "~/utils/dates";
import { Tableau } from "~/components/tableau";
import { entetesTriables } from "~/components/listes/tri";
import { lienAgrement, lienAgrements } from "./liste-params";

/** Props of {@link TableauAgrements}. */
export interface TableauAgrementsProps {
  filtres: FiltresAgrements;
  agrements: readonly AgrementListe[];
  /** Full labels of the quality codes of the rows. */
  qualites: readonly { valeur: string; libelle: string }[];
}

/**
 * The DSFR table of one page of approvals: number (link
 * to the approval's page), company with its SIREN, quality (short label,
 * full one as title), state badge, validity, head office's département,
 * service and referenced establishments. Sortable headers are links that
 * keep the filters, toggle the direction and carry `aria-sort`.
 */
export function TableauAgrements({ filtres, agrements, qualites }: TableauAgrementsProps) {
  const libelleQualite = new Map(qualites.map((q) => [q.valeur, q.libelle]));
  const triable = entetesTriables(filtres.order, (order) =>
    lienAgrements(filtres, { order, page: 1 }),
  );
  return (
    <Tableau className="fr-table--sm fr-table--no-caption" legende="Agréments">
      <thead>
        <tr>
          {triable("numeroAgrement", "N° d'agrément")}
          {triable("raisonSociale", "Raison sociale")}
          <th scope="col">Qualité</th>
          {triable("etat", "État")}
          {triable("dateDebut", "Début")}
          {triable("dateFin", "Fin")}
          <th scope="col">Département</th>
          <th scope="col">Service instructeur</th>
          <th scope="col">Établissements</th>
        </tr>
      </thead>
      <tbody>
        {agrements.map((agrement) => {
          const badge = BADGES_AGREMENT[agrement.etat];
          return (
            <tr key={agrement.id}>
              <th scope="row">
                <Link to={lienAgrement(agrement.id)}>{agrement.numeroAgrement}</Link>
              </th>
              <td className="fr-cell--multiline">
                {agrement.raisonSociale}
                <span className="fr-hint-text">SIREN {agrement.siren}</span>
              </td>
              <td className="fr-cell--multiline">
                {agrement.qualite ? (
                  <span title={libelleQualite.get(agrement.qualite)}>
                    {libelleCourtQualite(agrement.qualite)}
                  </span>
                ) : (
                  "—"
                )}
              </td>
              <td>
                <p className={`fr-badge fr-badge--sm ${badge.classe}`}>{badge.libelle}</p>
              </td>
              <td>{dateFr(agrement.dateDebut)}</td>
              <td>{dateFr(agrement.dateFin)}</td>
              <td>{agrement.codeDepartement ?? "—"}</td>
              <td className="fr-cell--multiline">{agrement.serviceInstructeur ?? "—"}</td>
              <td>{agrement.nbEtablissements.toLocaleString("fr-FR")}</td>
            </tr>
          );
        })}
      </tbody>
    </Tableau>
  );
}
