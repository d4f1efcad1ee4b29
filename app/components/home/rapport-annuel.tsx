/**
 * The approved operator's home, annual report part (spec §2 "Home for
 * applicants": annual-report tile when the create or deposit report action
 * is available, badge 'À compléter', deadline 31 March inclusive).
 */
import { Tile } from "@codegouvfr/react-dsfr/Tile";
import { aujourdhuiParis, dateLimiteRapportAnnuel } from "#contract/delais";
import type { Agrement } from "#contract/schemas/agrement";
import { URL_RAPPORT_ANNUEL } from "~/components/rapport-annuel/urls";
import { dateFr } from "~/utils/dates";

/** The report is to be done: CREER_ or DEPOSER_RAPPORT_ANNUEL is among the approval's actions. */
export function rapportAnnuelACompleter(agrement: Pick<Agrement, "actionsDisponibles">): boolean {
  return (
    agrement.actionsDisponibles.includes("CREER_RAPPORT_ANNUEL") ||
    agrement.actionsDisponibles.includes("DEPOSER_RAPPORT_ANNUEL")
  );
}

/**
 * The 'À compléter' tile of the report about the year due now (current
 * Europe/Paris year − 1, ADR 0017), with its deadline (31 March inclusive),
 * leading to `/rapport-annuel-activite/` (the step to resume). Shown only
 * while {@link rapportAnnuelACompleter}.
 */
export function TuileRapportAnnuel({
  agrement,
}: {
  agrement: Pick<Agrement, "actionsDisponibles" | "rapportAnnuelActivites">;
}) {
  if (!rapportAnnuelACompleter(agrement)) return null;
  // The API lists the year due now first (newest first, ADR 0017).
  const annee =
    agrement.rapportAnnuelActivites[0]?.annee ?? Number(aujourdhuiParis().slice(0, 4)) - 1;
  return (
    <>
      <h2 className="fr-h4">Rapport annuel d'activité</h2>
      <ul className="fr-grid-row fr-grid-row--gutters fr-raw-list fr-mb-4w">
        <li className="fr-col-12 fr-col-md-4">
          <Tile
            title={`Rapport annuel d'activité ${annee}`}
            titleAs="h3"
            desc={`À déposer au plus tard le ${dateFr(dateLimiteRapportAnnuel(annee))} inclus.`}
            start={<span className="fr-badge fr-badge--sm fr-badge--new">À compléter</span>}
            linkProps={{ to: URL_RAPPORT_ANNUEL }}
            enlargeLinkOrButton
          />
        </li>
      </ul>
    </>
  );
}
