import type { SubmissionResult } from "@conform-to/react";
import type { Departement, Region } from "#contract/schemas/geographie";
import type { PerimetreSupervision } from "#contract/schemas/utilisateur";
import {
  AUCUNE_BORNE,
  FormulairePerimetreSupervision,
} from "~/components/parametres-compte/perimetre-supervision";

/** `intent` of the supervision perimeter form on /account/params. */
export const INTENT_PERIMETRE = "perimetre-supervision";

/**
 * "Périmètre de supervision" (spec §2 account settings, supervision
 * perimeter), a superviseur's only: what the perimeter decides, then
 * {@link FormulairePerimetreSupervision} with the saved `perimetre`, within
 * `borne` (none: {@link AUCUNE_BORNE}).
 */
export function SectionPerimetreSupervision({
  regions,
  departements,
  perimetre,
  borne,
  lastResult,
}: {
  regions: Region[];
  departements: Departement[];
  perimetre: PerimetreSupervision | null;
  borne: PerimetreSupervision | null;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  return (
    <section className="fr-mt-6w" aria-labelledby="perimetre-supervision-section">
      <h2 className="fr-h4" id="perimetre-supervision-section">
        Périmètre de supervision
      </h2>
      <p>
        Vos listes de dossiers (« Mes dossiers », « Tous les dossiers ») montrent les dossiers dont
        le siège est dans ce périmètre.
      </p>
      <FormulairePerimetreSupervision
        regions={regions}
        departements={departements}
        perimetre={perimetre}
        borne={borne ?? AUCUNE_BORNE}
        lastResult={lastResult}
        champsCaches={{ intent: INTENT_PERIMETRE }}
        bouton="Enregistrer mon périmètre"
      />
    </section>
  );
}
