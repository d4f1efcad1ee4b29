/**
 * VISUALISER_RESULTAT (DESIGN §3; spec §4 "View result, posted when viewing
 * the decision certificate"): the applicant has seen the granted decision.
 */
import type { ContexteAction } from "./contexte-action.ts";
import { acteurDe, etatApres, lireFormulaire } from "./ecriture-action.ts";
import { ecrireTransition } from "./transition.ts";

/**
 * Applicant, agrement_en_attente or agrement_modifie_en_attente → agree;
 * no input; history row. The approval itself is unchanged (en_cours since
 * the decision). 409 when the request changed meanwhile.
 */
export async function visualiserResultat(contexte: ContexteAction): Promise<void> {
  lireFormulaire(contexte, "VISUALISER_RESULTAT");
  await contexte.deps.database.db.transaction((tx) =>
    ecrireTransition(tx, {
      demande: contexte.demande,
      action: "VISUALISER_RESULTAT",
      etatApres: etatApres(contexte),
      acteur: acteurDe(contexte),
      maintenant: contexte.maintenant,
      donnees: { agrementId: contexte.demande.agrementId },
    }),
  );
}
