import { Link } from "@remix-run/react";
import { libelleCourtQualite } from "#contract/qualites";
import type { FiltresDemandes } from "#contract/schemas/listes";
import { dateFr } from "~/utils/dates";
import { BadgeEtape, BadgeEtat, MarqueursDelai } from "./badges-dossier";
import { LIBELLES_TYPE_CHANGEMENT } from "./filtres-dossiers";
import type { OptionFiltre } from "~/components/listes/options";
import { Tableau } from "~/components/tableau";
import { entetesTriables } from "~/components/listes/tri";
import {
  lienDetailDossier,
  lienFiltres,
  type LigneDossier,
  type OngletDossiers,
} from "./liste-params";

/** Props of {@link TableauDossiers}. */
export interface TableauDossiersProps {
  onglet: OngletDossiers;
  filtres: FiltresDemandes;
  dossiers: readonly LigneDossier[];
  /** Labels of the département and quality codes of the rows. */
  departements: readonly OptionFiltre[];
  qualites: readonly OptionFiltre[];
}

/**
 * The DSFR table of one page of files: file number
 * (link to the staff detail page), company, head office's département,
 * quality (short label, the full one as its title), state and step
 * badges stacked in one column, instructor, deposit date and the
 * instruction deadline with its markers; the notable-change tab adds the
 * type. Nine columns fit 1280 px without horizontal scroll; narrower, the
 * DSFR wrapper scrolls. Sortable headers are links that keep the other filters, toggle the
 * direction and carry `aria-sort` when sorted.
 */
export function TableauDossiers({
  onglet,
  filtres,
  dossiers,
  departements,
  qualites,
}: TableauDossiersProps) {
  const libelles: LibellesCodes = {
    departements: new Map(departements.map((d) => [d.valeur, d.libelle])),
    qualites: new Map(qualites.map((q) => [q.valeur, q.libelle])),
  };
  const triable = entetesTriables(filtres.order, (order) =>
    lienFiltres(filtres, { order, page: 1 }),
  );
  return (
    <Tableau className="fr-table--sm fr-table--no-caption" legende={onglet.libelle}>
      <thead>
        <tr>
          {triable("numeroDossier", "N° de dossier")}
          {triable("raisonSociale", "Raison sociale")}
          {triable("codeDepartement", "Département")}
          <th scope="col">Qualité</th>
          {onglet.kind === "changement-notable" ? <th scope="col">Type</th> : null}
          {triable("etat", "État et étape")}
          <th scope="col">Instructeur</th>
          {triable("dateDepot", "Date de dépôt")}
          {triable("dateLimiteInstruction", "Délai")}
        </tr>
      </thead>
      <tbody>
        {dossiers.map((dossier) => (
          <LigneTableauDossiers
            key={dossier.id}
            kind={onglet.kind}
            dossier={dossier}
            libelles={libelles}
          />
        ))}
      </tbody>
    </Tableau>
  );
}

/** Labels of the département and quality codes, by code. */
interface LibellesCodes {
  departements: Map<string, string>;
  qualites: Map<string, string>;
}

/**
 * One file's row of {@link TableauDossiers}: its number as a link to the
 * staff detail page, then one cell per column of the header (the type only
 * on the notable-change tab).
 */
function LigneTableauDossiers({
  kind,
  dossier,
  libelles,
}: {
  kind: OngletDossiers["kind"];
  dossier: LigneDossier;
  libelles: LibellesCodes;
}) {
  return (
    <tr>
      <th scope="row">
        <Link to={lienDetailDossier(kind, dossier.id)}>
          {dossier.numeroDossier ?? "Sans numéro"}
        </Link>
      </th>
      <td className="fr-cell--multiline">
        {dossier.raisonSociale ?? "—"}
        {dossier.siren ? <span className="fr-hint-text">SIREN {dossier.siren}</span> : null}
      </td>
      <td className="fr-cell--multiline">
        {dossier.codeDepartement
          ? (libelles.departements.get(dossier.codeDepartement) ?? dossier.codeDepartement)
          : "—"}
      </td>
      <td className="fr-cell--multiline">
        {dossier.qualite ? (
          <span title={libelles.qualites.get(dossier.qualite)}>
            {libelleCourtQualite(dossier.qualite)}
          </span>
        ) : (
          "—"
        )}
      </td>
      {kind === "changement-notable" ? (
        <td className="fr-cell--multiline">
          {dossier.typeChangement
            ? (LIBELLES_TYPE_CHANGEMENT[
                dossier.typeChangement as keyof typeof LIBELLES_TYPE_CHANGEMENT
              ] ?? dossier.typeChangement)
            : "—"}
        </td>
      ) : null}
      {/* Long labels ("Agrément modifié en attente de consultation") wrap
          rather than push the last columns out of the frame. */}
      <td className="fr-cell--multiline">
        <ul className="fr-badges-group portail-badges-empiles">
          <li>
            <BadgeEtat dossier={dossier} />
          </li>
          <li>
            <BadgeEtape dossier={dossier} />
          </li>
        </ul>
      </td>
      <td className="fr-cell--multiline">
        {dossier.instructeur
          ? `${dossier.instructeur.prenom} ${dossier.instructeur.nom}`
          : "Non affecté"}
      </td>
      <td>{dossier.dateDepot ? dateFr(dossier.dateDepot) : "—"}</td>
      <td>
        {dossier.dateLimiteInstruction ? dateFr(dossier.dateLimiteInstruction) : "—"}
        <MarqueursDelai dossier={dossier} />
      </td>
    </tr>
  );
}
