/**
 * When a request's thread is closed (spec §3 messagerie.closed, §2
 * Application card): one rule for the messaging routes and every answer
 * that carries `messagerie.closed`.
 */
import type { DemandeRow } from "./acces.ts";

/** States that end the conversation: the file is over. */
export const ETATS_MESSAGERIE_FERMEE: readonly string[] = [
  "annulee",
  "refusee",
  "rejetee_tacitement",
  "agrement_retire",
];

/** Whether the thread of `demande` is closed (flag set on the file, or a final state). */
export function messagerieFermee(demande: Pick<DemandeRow, "etat" | "messagerieFermee">): boolean {
  return demande.messagerieFermee || ETATS_MESSAGERIE_FERMEE.includes(demande.etat);
}
