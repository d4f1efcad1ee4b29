/**
 * The 3-month instruction clock of a deposited request (DESIGN §5, arrêté
 * art. 5): Europe/Paris calendar dates, calendar-month arithmetic.
 */
import { TZDate } from "@date-fns/tz";
import { addMonths, addYears, differenceInCalendarDays, format } from "date-fns";
import { JOURS_EXPIRE_BIENTOT } from "../../../contract/schemas/instruction.ts";
import { aujourdhuiParis } from "../../../contract/validation.ts";
import type { DemandeRow } from "../acces.ts";
import { ETATS_DEPOSES_SANS_DECISION } from "../workflow.ts";

export const FUSEAU_PARIS = "Europe/Paris";

/** Months the instruction may last before silence means rejection. */
export const DUREE_INSTRUCTION_MOIS = 3;

/**
 * Last day of the instruction clock for a request deposited at `dateDepot`:
 * the Europe/Paris date of the deposit plus 3 calendar months ("AAAA-MM-JJ";
 * 30 November → 28 or 29 February).
 */
export function dateLimiteInstruction(dateDepot: Date): string {
  return format(
    addMonths(new TZDate(dateDepot, FUSEAU_PARIS), DUREE_INSTRUCTION_MOIS),
    "yyyy-MM-dd",
  );
}

/** A calendar date "AAAA-MM-JJ" as a date-fns date at noon UTC (no DST edge). */
function jourCalendaire(iso: string): TZDate {
  return new TZDate(`${iso}T12:00:00Z`, "UTC");
}

/**
 * The calendar date "AAAA-MM-JJ" moved by whole `ans`, then `mois`, then
 * `jours` (each may be negative); month and year steps keep the day or fall
 * back to the month's last day (31 January + 1 month → 28 or 29 February).
 */
export function decalerDate(
  iso: string,
  decalage: { ans?: number; mois?: number; jours?: number },
): string {
  let jour = iso;
  if (decalage.ans || decalage.mois) {
    let date = jourCalendaire(iso);
    if (decalage.ans) date = addYears(date, decalage.ans);
    if (decalage.mois) date = addMonths(date, decalage.mois);
    jour = format(date, "yyyy-MM-dd");
  }
  if (!decalage.jours) return jour;
  // Whole days are plain UTC arithmetic: lists call this for every row, where
  // date-fns' time-zone dates cost ≈ 30 µs a call (measured, issue 5).
  const date = new Date(`${jour}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + decalage.jours);
  return date.toISOString().slice(0, 10);
}

/**
 * Europe/Paris calendar days from `debut` to `fin` (instants): 0 within the
 * same Paris day, 1 from one evening to the next morning; never negative.
 */
export function joursCalendairesParis(debut: Date, fin: Date): number {
  const jours = differenceInCalendarDays(
    jourCalendaire(aujourdhuiParis(fin)),
    jourCalendaire(aujourdhuiParis(debut)),
  );
  return Math.max(0, jours);
}

/** The Europe/Paris calendar year of `instant`. */
export function anneeParis(instant: Date): number {
  return Number(aujourdhuiParis(instant).slice(0, 4));
}

/**
 * Whether a deposited, undecided request is deemed rejected at `maintenant`
 * (spec §4 `reputeRejete`): its clock is not suspended and its last day
 * (`dateLimiteInstruction`) is over in Europe/Paris.
 */
export function estReputeRejete(
  demande: Pick<DemandeRow, "etat" | "dateLimiteInstruction" | "suspenduDepuis">,
  maintenant: Date,
): boolean {
  if (!ETATS_DEPOSES_SANS_DECISION.includes(demande.etat as never)) return false;
  if (!demande.dateLimiteInstruction || demande.suspenduDepuis) return false;
  return aujourdhuiParis(maintenant) > demande.dateLimiteInstruction;
}

/**
 * Whether the clock of a deposited, undecided request ends within
 * {@link JOURS_EXPIRE_BIENTOT} days at `maintenant` (spec §4 `expireBientot`)
 * without having expired yet; never while suspended.
 */
export function estExpireBientot(
  demande: Pick<DemandeRow, "etat" | "dateLimiteInstruction" | "suspenduDepuis">,
  maintenant: Date,
): boolean {
  if (!ETATS_DEPOSES_SANS_DECISION.includes(demande.etat as never)) return false;
  if (!demande.dateLimiteInstruction || demande.suspenduDepuis) return false;
  const aujourdhui = aujourdhuiParis(maintenant);
  const seuil = decalerDate(demande.dateLimiteInstruction, { jours: -JOURS_EXPIRE_BIENTOT });
  return aujourdhui >= seuil && aujourdhui <= demande.dateLimiteInstruction;
}
