import type { Agrement } from "#contract/schemas/agrement";
import { LIBELLES_ETAT_RAPPORT_ANNUEL } from "#contract/schemas/rapport-annuel";
import {
  anneePremierRapport,
  contenuArchiveRapport,
  phraseAucunRapportDu,
  urlFichierRapportStaff,
} from "~/components/dossier/rapports-annuels-staff";
import { Tableau } from "~/components/tableau";
import { dateFr } from "~/utils/dates";

type Rapport = Agrement["rapportAnnuelActivites"][number];

/** DSFR badge of each filing state (spec §4): deposited, still owed, not owed. */
const CLASSES_ETAT: Record<Rapport["etat"], string> = {
  depose: "fr-badge--success",
  nonDepose: "fr-badge--warning",
  nonApplicable: "fr-badge--info",
};

/**
 * "Rapports annuels d'activité" of the staff file page of an approved
 * request (the reports by year with their state; ADR 0017): one row per year of the approval's
 * `rapportAnnuelActivites` (GET /api/agrement/{id}, newest first) with its
 * state badge, the « En retard » marker of the 1 April job, the deposit
 * date (Europe/Paris) and, once deposited, the report's ZIP and synthesis
 * PDF through the BFF (`demandeId`: the request the approval was granted
 * on). While no report is owed yet, a sentence says when the first one is
 * due. Left out of the page when the request has no approval.
 */
export function SectionRapportsAnnuels({
  demandeId,
  agrement,
}: {
  demandeId: string;
  agrement: Pick<Agrement, "etat" | "dateDebut" | "dateFin" | "rapportAnnuelActivites">;
}) {
  const rapports = [...agrement.rapportAnnuelActivites].sort((a, b) => b.annee - a.annee);
  const aucunDu = rapports.every((rapport) => rapport.etat === "nonApplicable");
  return (
    <section id="rapports-annuels" aria-labelledby="rapports-annuels-titre" className="fr-mb-6w">
      <h2 id="rapports-annuels-titre" className="fr-h3">
        Rapports annuels d&apos;activité
      </h2>
      {aucunDu ? <p>{phraseAucunRapportDu(anneePremierRapport(agrement))}</p> : null}
      {rapports.length ? (
        <Tableau
          className="fr-table--sm fr-table--no-caption"
          legende="Rapports annuels d'activité de l'opérateur"
          region="Rapports par année"
          entetes={["Année", "État", "Date de dépôt", "Documents"]}
        >
          {rapports.map((rapport) => (
            <LigneRapport key={rapport.annee} demandeId={demandeId} rapport={rapport} />
          ))}
        </Tableau>
      ) : null}
    </section>
  );
}

/** One year: state badges, deposit date, and the downloads of a deposited report. */
function LigneRapport({ demandeId, rapport }: { demandeId: string; rapport: Rapport }) {
  const { annee } = rapport;
  const depose = rapport.etat === "depose";
  return (
    <tr>
      <th scope="row">{annee}</th>
      <td>
        <ul className="fr-badges-group">
          <li>
            <p className={`fr-badge fr-badge--sm ${CLASSES_ETAT[rapport.etat]}`}>
              {LIBELLES_ETAT_RAPPORT_ANNUEL[rapport.etat]}
            </p>
          </li>
          {rapport.enRetard ? (
            <li>
              <p className="fr-badge fr-badge--sm fr-badge--error">En retard</p>
            </li>
          ) : null}
        </ul>
      </td>
      <td>{rapport.dateDepot ? dateFr(rapport.dateDepot) : "—"}</td>
      <td className="fr-cell--multiline">
        {depose ? (
          <>
            <p className="fr-mb-1w">
              <a
                className="fr-link fr-link--sm fr-link--download"
                href={urlFichierRapportStaff(demandeId, annee, "rapport.zip")}
                download
              >
                {`Télécharger le rapport ${annee} (ZIP)`}
              </a>
              <span className="fr-hint-text">{contenuArchiveRapport(rapport.piecesJointes)}</span>
            </p>
            <p className="fr-mb-0">
              <a
                className="fr-link fr-link--sm fr-link--download"
                href={urlFichierRapportStaff(demandeId, annee, "synthese.pdf")}
                download
              >
                {`Synthèse ${annee} (PDF)`}
              </a>
            </p>
          </>
        ) : (
          "—"
        )}
      </td>
    </tr>
  );
}
