/**
 * Tacit rejection (DESIGN §3 REJETER_TACITEMENT_DOSSIER, §5): once the
 * 3-month instruction clock expired without a decision, the superviseur
 * records that the request is deemed rejected and the notice goes out.
 */
import { DELAIS } from "../../../contract/delais.ts";
import { interdit } from "../erreurs.ts";
import type { ContexteAction } from "./contexte-action.ts";
import { estReputeRejete } from "./delais.ts";
import { joindreAvisRejetTacite } from "./documents-decision.ts";
import {
  acteurDe,
  ajouterInfoComplementaire,
  etatApres,
  lireFormulaire,
} from "./ecriture-action.ts";
import { ecrireTransition } from "./transition.ts";

/** Reason recorded for the applicant when the superviseur adds no comment. */
export const RAISON_REJET_TACITE = `Le délai d'instruction de ${DELAIS.instruction.enLettres} a expiré sans décision : la demande est réputée rejetée.`;

/** 403 when the clock has not expired (guard `reputeRejete`). */
export const MESSAGE_DELAI_NON_EXPIRE =
  "Le délai d'instruction de ce dossier n'a pas expiré : il ne peut pas être rejeté tacitement.";

/**
 * REJETER_TACITEMENT_DOSSIER (superviseur, any deposited undecided state
 * whose clock expired → rejetee_tacitement): 403 `{ message }` while the
 * request is not deemed rejected at the API clock's now; optional
 * comment. One transaction: transition with dateAvisDecideur, the
 * tacit-rejection notice PDF as decision document, an info_complementaire
 * `rejet_tacite`.
 */
export async function rejeterTacitement(contexte: ContexteAction): Promise<void> {
  const { commentaire } = lireFormulaire(contexte, "REJETER_TACITEMENT_DOSSIER");
  const { demande, maintenant, deps } = contexte;
  if (!estReputeRejete(demande, maintenant)) throw interdit(MESSAGE_DELAI_NON_EXPIRE);
  await deps.database.db.transaction(async (tx) => {
    const { demande: rejetee, historiqueId } = await ecrireTransition(tx, {
      demande,
      action: "REJETER_TACITEMENT_DOSSIER",
      etatApres: etatApres(contexte),
      changements: { dateAvisDecideur: maintenant, dateEcheance: null },
      acteur: acteurDe(contexte),
      maintenant,
      commentaire: commentaire ?? null,
      donnees: { dateLimiteInstruction: demande.dateLimiteInstruction },
    });
    await joindreAvisRejetTacite(tx, deps.fichiers, rejetee, {
      commentaire: commentaire ?? null,
      historiqueId,
      date: maintenant,
    });
    await ajouterInfoComplementaire(tx, demande, {
      infoType: "rejet_tacite",
      raison: commentaire ?? RAISON_REJET_TACITE,
      historiqueId,
      date: maintenant,
    });
  });
}
