/**
 * ANNULER_DEMANDE (DESIGN §3; spec §3 Cancel form, §4 "Cancellation is
 * definitive", §5 Cancel): the applicant gives a reason and ticks the
 * confirmation; the request becomes annulee and its messaging closes.
 */
import { schemaAnnulation } from "../../../contract/schemas/demande.ts";
import { parseOrThrow } from "../validation.ts";
import { joindreAvisAnnulation } from "./avis-annulation-suspension.ts";
import type { ContexteAction } from "./contexte-action.ts";
import { ecrireTransition } from "./transition.ts";

/**
 * 422 `{ detail, errors }` on `commentaire` (required) and `confirmation`
 * (must be ticked); otherwise annulee with `motifAnnulation` = the comment,
 * messaging closed, and the history row carrying the comment. 409 when the
 * request changed meanwhile. A filed request also gets its cancellation
 * notice (PDF, its decision document) in the same transaction; a draft
 * does not (avis-annulation-suspension.ts).
 */
export async function annulerDemande(contexte: ContexteAction): Promise<void> {
  const { commentaire } = parseOrThrow(schemaAnnulation, contexte.corps);
  await contexte.deps.database.db.transaction(async (tx) => {
    const { demande, historiqueId } = await ecrireTransition(tx, {
      demande: contexte.demande,
      action: "ANNULER_DEMANDE",
      etatApres: "annulee",
      changements: { motifAnnulation: commentaire, messagerieFermee: true },
      acteur: { id: contexte.utilisateur.row.id, role: contexte.role },
      maintenant: contexte.maintenant,
      commentaire,
    });
    const { prenom, nom } = contexte.utilisateur.row;
    await joindreAvisAnnulation(tx, contexte.deps.fichiers, demande, {
      motif: commentaire,
      annuleePar: `${prenom} ${nom}`.trim(),
      historiqueId,
      date: contexte.maintenant,
    });
  });
}
