/**
 * AFFECTER_INSTRUCTEUR and REAFFECTER_INSTRUCTEUR (DESIGN §3): the file is
 * given to an instructeur of the service it belongs to (DESIGN §4).
 */
import { and, arrayContains, eq } from "drizzle-orm";
import { MESSAGES_INSTRUCTION } from "../../../contract/schemas/instruction.ts";
import { utilisateurs } from "../../db/schema.ts";
import { interdit } from "../erreurs.ts";
import type { ContexteAction } from "./contexte-action.ts";
import { acteurDe, etatApres, lireFormulaire } from "./ecriture-action.ts";
import { erreursDeChamps } from "./erreurs.ts";
import { ecrireTransition } from "./transition.ts";

/** 403 of an instructeur assigning a file to someone else (guard `autoAffectation`). */
export const MESSAGE_AUTO_AFFECTATION = "Un instructeur ne peut affecter un dossier qu'à lui-même.";

/**
 * Assigns the request to `instructeurId` (form of the contract:
 * `instructeurId`, optional `commentaire`). 422 on `instructeurId` with
 * "Cet instructeur n'instruit pas les dossiers de ce service." unless it is
 * an active user with role instructeur in the request's service
 * instructeur; 403 `{ message }` when an instructeur (not a superviseur)
 * names someone else than himself. AFFECTER_INSTRUCTEUR moves deposee →
 * affectee, REAFFECTER_INSTRUCTEUR keeps the state; both set
 * `demande.instructeurId` and write the history row (`donnees`: the new
 * and the previous instructeur). 409 when the request changed meanwhile.
 */
export async function affecterInstructeur(contexte: ContexteAction): Promise<void> {
  const action = contexte.transition.action as "AFFECTER_INSTRUCTEUR" | "REAFFECTER_INSTRUCTEUR";
  const { instructeurId, commentaire } = lireFormulaire(contexte, action);
  const { demande, utilisateur, deps } = contexte;
  if (contexte.role === "instructeur" && instructeurId !== utilisateur.row.id)
    throw interdit(MESSAGE_AUTO_AFFECTATION);
  const [instructeur] =
    demande.serviceInstructeurId === null
      ? []
      : await deps.database.db
          .select({ id: utilisateurs.id })
          .from(utilisateurs)
          .where(
            and(
              eq(utilisateurs.id, instructeurId),
              eq(utilisateurs.serviceInstructeurId, demande.serviceInstructeurId),
              eq(utilisateurs.statut, "actif"),
              arrayContains(utilisateurs.roles, ["instructeur"]),
            ),
          );
  if (!instructeur)
    throw erreursDeChamps({ instructeurId: [MESSAGES_INSTRUCTION.instructeurInconnu] });
  await deps.database.db.transaction((tx) =>
    ecrireTransition(tx, {
      demande,
      action,
      etatApres: etatApres(contexte),
      changements: { instructeurId },
      acteur: acteurDe(contexte),
      maintenant: contexte.maintenant,
      commentaire: commentaire ?? null,
      donnees: { instructeurId, instructeurPrecedentId: demande.instructeurId },
    }),
  );
}
