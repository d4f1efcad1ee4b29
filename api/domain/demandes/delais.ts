/**
 * The instruction clock of a deposited request, as the workflow reads it
 * (spec §4 `reputeRejete`, `expireBientot`): the states in which it runs
 * (api/domain/workflow.ts) on top of the deadline rules of contract/delais.ts,
 * the one module of deadlines (lengths, references, Europe/Paris dates).
 */
import { instructionExpiree, instructionExpireBientot } from "../../../contract/delais.ts";
import { aujourdhuiParis } from "../../../contract/validation.ts";
import type { DemandeRow } from "../acces.ts";
import { ETATS_DEPOSES_SANS_DECISION } from "../workflow.ts";

// Kept for the scale seed (api/db/seed/scale/chronologie.ts), which reads the
// clock's length here: the value itself lives in contract/delais.ts.
export { DUREE_INSTRUCTION_MOIS } from "../../../contract/delais.ts";

/**
 * Whether a deposited, undecided approval request is deemed rejected at
 * `maintenant` (spec §4 `reputeRejete`): its clock is not suspended and its
 * last day (`dateLimiteInstruction`) is over in Europe/Paris. Never a
 * notable change: its silence means acceptance (DESIGN §5, ADR 0021), which
 * the accord-tacite job records.
 */
export function estReputeRejete(
  demande: Pick<DemandeRow, "kind" | "etat" | "dateLimiteInstruction" | "suspenduDepuis">,
  maintenant: Date,
): boolean {
  if (demande.kind !== "demande") return false;
  if (!ETATS_DEPOSES_SANS_DECISION.includes(demande.etat as never)) return false;
  if (!demande.dateLimiteInstruction || demande.suspenduDepuis) return false;
  return instructionExpiree(demande.dateLimiteInstruction, aujourdhuiParis(maintenant));
}

/**
 * Whether the clock of a deposited, undecided request ends within
 * JOURS_EXPIRE_BIENTOT days (contract/delais.ts) at `maintenant` (spec §4
 * `expireBientot`) without having expired yet; never while suspended.
 */
export function estExpireBientot(
  demande: Pick<DemandeRow, "etat" | "dateLimiteInstruction" | "suspenduDepuis">,
  maintenant: Date,
): boolean {
  if (!ETATS_DEPOSES_SANS_DECISION.includes(demande.etat as never)) return false;
  if (!demande.dateLimiteInstruction || demande.suspenduDepuis) return false;
  return instructionExpireBientot(demande.dateLimiteInstruction, aujourdhuiParis(maintenant));
}
