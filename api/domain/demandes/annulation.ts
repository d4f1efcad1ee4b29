/**
 * ANNULER_DEMANDE (DESIGN §3; spec §3 Cancel form, §4 "Cancellation is
 * definitive", §5 Cancel): the applicant gives a reason and ticks the
 * confirmation; the request becomes annulee and its messaging closes.
 */
import { schemaAnnulation } from "../../../contract/schemas/demande.ts";
import { parseOrThrow } from "../validation.ts";
import type { ContexteAction } from "./contexte-action.ts";
import { ecrireTransition } from "./transition.ts";

/**
 * 422 `{ detail, errors }` on `commentaire` (required) and `confirmation`
 * (must be ticked); otherwise annulee with `motifAnnulation` = the comment,
 * messaging closed, and the history row carrying the comment. 409 when the
 * request changed meanwhile.
 */
export async function annulerDemande(contexte: ContexteAction): Promise<void> {
  const { commentaire } = parseOrThrow(schemaAnnulation, contexte.corps);
  await contexte.deps.database.db.transaction((tx) =>
    ecrireTransition(tx, {
      demande: contexte.demande,
      action: "ANNULER_DEMANDE",
      etatApres: "annulee",
      changements: { motifAnnulation: commentaire, messagerieFermee: true },
      acteur: { id: contexte.utilisateur.row.id, role: contexte.role },
      maintenant: contexte.maintenant,
      commentaire,
    }),
  );
}
