/**
 * The deadlines of the portal (DESIGN §5), each with its length and where
 * the rule comes from, and the Europe/Paris calendar arithmetic they use:
 * dates are "AAAA-MM-JJ" calendar dates in Europe/Paris, months are
 * calendar months (31 January + 1 month → 28 or 29 February). One module
 * for the API (workflow, sweeps of api/domain/demandes/echeances.ts,
 * account purge) and the app (texts quoting a length).
 */
import { aujourdhuiParis } from "./validation.ts";

export { aujourdhuiParis } from "./validation.ts";

/** The time zone of every deadline. */
export const FUSEAU_PARIS = "Europe/Paris";

/** A deadline: its length in one unit, that length in words, and its reference. */
export interface Delai {
  duree: number;
  unite: "heures" | "jours" | "mois" | "ans";
  /** The length as the portal's French texts write it ("deux mois"). */
  enLettres: string;
  /** Where the rule comes from: regulation, spec or DESIGN section. */
  reference: string;
}

/** Every deadline of the portal. */
export const DELAIS = {
  /** The applicant answers a completeness request within it; the instruction clock is suspended meanwhile. */
  completude: {
    duree: 1,
    unite: "mois",
    enLettres: "un mois",
    reference:
      "arrêté du 21 décembre 2022 modifié, art. 5 ; DESIGN §3 DEMANDER_COMPLEMENT_COMPLETUDE, §5 completeness answer",
  },
  /**
   * Instruction of a deposited request, from its deposit, suspensions
   * excluded; after it the request is deemed rejected (tacit rejection).
   */
  instruction: {
    duree: 3,
    unite: "mois",
    enLettres: "trois mois",
    reference:
      "DESIGN §3 DEPOSER (3-month clock), REJETER_TACITEMENT_DOSSIER, §5 instruction ; spec §4 reputeRejete, §8 expired processing delay",
  },
  /** The instruction clock "expires soon" this long before its last day (alert to the instructor). */
  expireBientot: {
    duree: 15,
    unite: "jours",
    enLettres: "quinze jours",
    reference: "DESIGN §5 instruction (expireBientot) ; spec §4 expiry markers",
  },
  /** A notable change without decision after it is accepted tacitly. */
  acceptationTacite: {
    duree: 2,
    unite: "mois",
    enLettres: "deux mois",
    reference:
      "DESIGN §3 notable changes, §5 notable change ; spec §9 objection period ; code des relations entre le public et l'administration, art. L231-1",
  },
  /** Longest suspension of an approval by a withdrawal procedure, from its notification. */
  suspension: {
    duree: 3,
    unite: "mois",
    enLettres: "trois mois",
    reference: "spec §4 effects of actions, §9 ; DESIGN §3 CREER_PROCEDURE, §5 suspension",
  },
  /** The company presents its observations within it before a withdrawal (lower bound of "15 days to 1 month"). */
  observationsRetrait: {
    duree: 15,
    unite: "jours",
    enLettres: "quinze jours",
    reference: "DESIGN §5 withdrawal observations",
  },
  /** Validity of an approval, from its grant; then it is perime. */
  validiteAgrement: {
    duree: 5,
    unite: "ans",
    enLettres: "cinq ans",
    reference: "DESIGN §3 EXPRIMER_AVIS_DECIDEUR, §5 approval validity",
  },
  /** An account not confirmed within it is deleted with its data (lifetime of the confirmation link). */
  confirmationCompte: {
    duree: 72,
    unite: "heures",
    enLettres: "72 heures",
    reference: "spec §9 account confirmation window ; DESIGN §5 account confirmation",
  },
  /** Appeal against a decision, from its notification (contract/messages/recours.ts). */
  recours: {
    duree: 2,
    unite: "mois",
    enLettres: "deux mois",
    reference: "spec §8 refusal letters ; code de justice administrative, art. R421-1",
  },
} as const satisfies Record<string, Delai>;

/**
 * The annual activity report is due on 31 March (inclusive) of the year
 * after the one it reports on.
 */
export const ECHEANCE_RAPPORT_ANNUEL = {
  mois: 3,
  jour: 31,
  reference:
    "spec §2 home for applicants (deadline 31 March inclusive), §9 annual report ; DESIGN §5 annual report",
} as const;

/** Months the applicant has to answer a completeness request ({@link DELAIS}.completude). */
export const DELAI_COMPLETUDE_MOIS = DELAIS.completude.duree;
/** Months of the instruction clock ({@link DELAIS}.instruction). */
export const DUREE_INSTRUCTION_MOIS = DELAIS.instruction.duree;
/** Days before the end of the instruction clock when a file "expires soon" ({@link DELAIS}.expireBientot). */
export const JOURS_EXPIRE_BIENTOT = DELAIS.expireBientot.duree;
/** Months of silence after which a notable change is accepted ({@link DELAIS}.acceptationTacite). */
export const DUREE_ACCEPTATION_TACITE_MOIS = DELAIS.acceptationTacite.duree;
/** Months a withdrawal with suspension may keep the approval suspended ({@link DELAIS}.suspension). */
export const DUREE_MAX_SUSPENSION_MOIS = DELAIS.suspension.duree;
/** Days of observations before a withdrawal may be decided ({@link DELAIS}.observationsRetrait). */
export const JOURS_OBSERVATIONS_RETRAIT = DELAIS.observationsRetrait.duree;
/** Years an approval is valid ({@link DELAIS}.validiteAgrement). */
export const DUREE_AGREMENT_ANS = DELAIS.validiteAgrement.duree;
/** Hours a confirmation link is valid ({@link DELAIS}.confirmationCompte). */
export const VALIDITE_LIEN_CONFIRMATION_HEURES = DELAIS.confirmationCompte.duree;

// ── Calendar arithmetic (Europe/Paris) ───────────────────────────────────────
// Plain arithmetic on "AAAA-MM-JJ": no date library in the pages' bundles, and
// lists call these for every row (date-fns' time-zone dates cost ≈ 30 µs a
// call, measured).

const JOUR_MS = 86_400_000;

/** Days since 1970-01-01 of the calendar date "AAAA-MM-JJ". */
function numeroJour(iso: string): number {
  const [annee, mois, jour] = iso.slice(0, 10).split("-").map(Number);
  return Date.UTC(annee, mois - 1, jour) / JOUR_MS;
}

/** The calendar date "AAAA-MM-JJ" of day number `numero` (see {@link numeroJour}). */
function dateDuJour(numero: number): string {
  return new Date(numero * JOUR_MS).toISOString().slice(0, 10);
}

/** "AAAA-MM-JJ" plus `mois` calendar months, the day kept or brought back to the month's last day. */
function ajouterMois(iso: string, mois: number): string {
  const [annee, moisDepart, jour] = iso.slice(0, 10).split("-").map(Number);
  const rang = annee * 12 + (moisDepart - 1) + mois;
  const anneeArrivee = Math.floor(rang / 12);
  const moisArrivee = rang - anneeArrivee * 12;
  const dernierJour = new Date(Date.UTC(anneeArrivee, moisArrivee + 1, 0)).getUTCDate();
  return new Date(Date.UTC(anneeArrivee, moisArrivee, Math.min(jour, dernierJour)))
    .toISOString()
    .slice(0, 10);
}

/**
 * The calendar date "AAAA-MM-JJ" moved by whole `ans`, then `mois`, then
 * `jours` (each may be negative); year and month steps each keep the day or
 * fall back to the month's last day (31 January + 1 month → 28 or 29
 * February; 29 February 2028 + 5 years → 28 February 2033).
 */
export function decalerDate(
  iso: string,
  decalage: { ans?: number; mois?: number; jours?: number },
): string {
  let jour = iso.slice(0, 10);
  if (decalage.ans) jour = ajouterMois(jour, 12 * decalage.ans);
  if (decalage.mois) jour = ajouterMois(jour, decalage.mois);
  if (decalage.jours) jour = dateDuJour(numeroJour(jour) + decalage.jours);
  return jour;
}

/**
 * Europe/Paris calendar days from `debut` to `fin` (instants): 0 within the
 * same Paris day, 1 from one evening to the next morning; never negative.
 */
export function joursCalendairesParis(debut: Date, fin: Date): number {
  return Math.max(0, numeroJour(aujourdhuiParis(fin)) - numeroJour(aujourdhuiParis(debut)));
}

/** The Europe/Paris calendar year of `instant`. */
export function anneeParis(instant: Date): number {
  return Number(aujourdhuiParis(instant).slice(0, 4));
}

// ── Each deadline's dates ────────────────────────────────────────────────────

/**
 * Last day of the instruction clock of a request deposited at `dateDepot`
 * (before any suspension): the Europe/Paris date of the deposit plus
 * {@link DUREE_INSTRUCTION_MOIS} calendar months (30 November → 28 or 29
 * February). After that day, a running clock means tacit rejection.
 */
export function dateLimiteInstruction(dateDepot: Date): string {
  return decalerDate(aujourdhuiParis(dateDepot), { mois: DUREE_INSTRUCTION_MOIS });
}

/** Whether the instruction clock whose last day is `dateLimite` is over on `aujourdhui` (Paris dates). */
export function instructionExpiree(dateLimite: string, aujourdhui: string): boolean {
  return aujourdhui > dateLimite;
}

/**
 * Last day of the instruction clock from which a file "expires soon" on
 * `aujourdhui`: the files whose last day falls between `aujourdhui` and
 * this date, both included ({@link JOURS_EXPIRE_BIENTOT} days ahead).
 */
export function horizonExpireBientot(aujourdhui: string): string {
  return decalerDate(aujourdhui, { jours: JOURS_EXPIRE_BIENTOT });
}

/**
 * Whether the clock whose last day is `dateLimite` "expires soon" on
 * `aujourdhui`: within {@link JOURS_EXPIRE_BIENTOT} days of its last day,
 * not over yet.
 */
export function instructionExpireBientot(dateLimite: string, aujourdhui: string): boolean {
  return (
    aujourdhui >= decalerDate(dateLimite, { jours: -JOURS_EXPIRE_BIENTOT }) &&
    aujourdhui <= dateLimite
  );
}

/**
 * The deadline of a completeness request made at `maintenant`: its
 * Europe/Paris date plus {@link DELAI_COMPLETUDE_MOIS} calendar month
 * (31 January → 28 or 29 February). Overdue from the next day.
 */
export function echeanceCompletude(maintenant: Date): string {
  return decalerDate(aujourdhuiParis(maintenant), { mois: DELAI_COMPLETUDE_MOIS });
}

/**
 * Whether an answer due on `dateEcheance` (none: never) is overdue on
 * `aujourdhui`: the deadline day itself is still in time.
 */
export function echeanceDepassee(dateEcheance: string | null, aujourdhui: string): boolean {
  return dateEcheance !== null && dateEcheance < aujourdhui;
}

/**
 * Last day of silence of a notable change deposited at `dateDepot`: its
 * Europe/Paris date plus {@link DUREE_ACCEPTATION_TACITE_MOIS} calendar
 * months. Without a decision by then, it is accepted tacitly the next day.
 */
export function dateLimiteAcceptationTacite(dateDepot: Date): string {
  return decalerDate(aujourdhuiParis(dateDepot), { mois: DUREE_ACCEPTATION_TACITE_MOIS });
}

/**
 * First day the suspension of a procedure notified on `dateNotification`
 * ("AAAA-MM-JJ") no longer applies: notification plus
 * {@link DUREE_MAX_SUSPENSION_MOIS} calendar months.
 */
export function finSuspension(dateNotification: string): string {
  return decalerDate(dateNotification, { mois: DUREE_MAX_SUSPENSION_MOIS });
}

/**
 * First day a withdrawal may be decided on a procedure notified on
 * `dateNotification`: notification plus {@link JOURS_OBSERVATIONS_RETRAIT}
 * days.
 */
export function debutDecisionRetrait(dateNotification: string): string {
  return decalerDate(dateNotification, { jours: JOURS_OBSERVATIONS_RETRAIT });
}

/**
 * Validity of an approval granted at `octroi`: from the Europe/Paris date of
 * the decision to the day before its {@link DUREE_AGREMENT_ANS}th
 * anniversary (granted on 15 March 2026 → valid until 14 March 2031).
 */
export function periodeValidite(octroi: Date): { dateDebut: string; dateFin: string } {
  const dateDebut = aujourdhuiParis(octroi);
  return { dateDebut, dateFin: decalerDate(dateDebut, { ans: DUREE_AGREMENT_ANS, jours: -1 }) };
}

/**
 * Last day to file the annual activity report about year `annee`: 31 March
 * of the next year, inclusive ({@link ECHEANCE_RAPPORT_ANNUEL}).
 */
export function dateLimiteRapportAnnuel(annee: number): string {
  const mois = String(ECHEANCE_RAPPORT_ANNUEL.mois).padStart(2, "0");
  const jour = String(ECHEANCE_RAPPORT_ANNUEL.jour).padStart(2, "0");
  return `${annee + 1}-${mois}-${jour}`;
}

/** Instant a confirmation link made at `maintenant` stops working ({@link VALIDITE_LIEN_CONFIRMATION_HEURES} hours later). */
export function expirationLienConfirmation(maintenant: Date): Date {
  return new Date(maintenant.getTime() + VALIDITE_LIEN_CONFIRMATION_HEURES * 3600 * 1000);
}

/**
 * Accounts still pending at `maintenant` that were created at or before
 * this instant ({@link VALIDITE_LIEN_CONFIRMATION_HEURES} hours ago) are
 * purged, unless a newer link is still valid.
 */
export function limitePurgeComptesEnAttente(maintenant: Date): Date {
  return new Date(maintenant.getTime() - VALIDITE_LIEN_CONFIRMATION_HEURES * 3600 * 1000);
}

// ── Annual activity report (ADR 0017) ────────────────────────────────────────

/**
 * First day of the regulation that introduced the annual activity report
 * (spec §9 "New regulation effective 1 April 2024"): the first year
 * reported on is 2024, whose report is due by 31 March 2025 (ADR 0017).
 */
export const DATE_EFFET_RAPPORT_ANNUEL = "2024-04-01";
/** First year an annual activity report is owed for ({@link DATE_EFFET_RAPPORT_ANNUEL}). */
export const PREMIERE_ANNEE_RAPPORT_ANNUEL = 2024;
/**
 * Embedded default of the setting RAA_DATE_LIMITE_MODIFICATION: a deposited
 * report stays editable until this day (inclusive) of the year after the
 * one it reports on (DESIGN §5 annual report, ADR 0017).
 */
export const RAA_DATE_LIMITE_MODIFICATION_DEFAUT = "30 avril";

const MOIS_EN_LETTRES = [
  "janvier",
  "février",
  "mars",
  "avril",
  "mai",
  "juin",
  "juillet",
  "août",
  "septembre",
  "octobre",
  "novembre",
  "décembre",
] as const;

/** A day of the year without its year: month 1 to 12, day 1 to 31. */
export interface JourDuMois {
  mois: number;
  jour: number;
}

/**
 * "30 avril", "1er mai", "30/04" or "04-30" → `{ mois, jour }`; null when
 * not a real day of a (leap) year. Case and accents of the month are
 * ignored ("30 Avril", "15 fevrier").
 */
export function lireJourDuMois(valeur: string): JourDuMois | null {
  const sansAccent = (texte: string) =>
    texte
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase();
  const texte = sansAccent(valeur.trim());
  let mois: number;
  let jour: number;
  const enLettres = /^(\d{1,2})(?:er)?\s+([a-z]+)$/.exec(texte);
  const chiffres = /^(\d{1,2})\/(\d{1,2})$/.exec(texte);
  const iso = /^(\d{2})-(\d{2})$/.exec(texte);
  if (enLettres) {
    jour = Number(enLettres[1]);
    mois = MOIS_EN_LETTRES.findIndex((nom) => sansAccent(nom) === enLettres[2]) + 1;
  } else if (chiffres) [jour, mois] = [Number(chiffres[1]), Number(chiffres[2])];
  else if (iso) [mois, jour] = [Number(iso[1]), Number(iso[2])];
  else return null;
  if (mois < 1 || mois > 12 || jour < 1) return null;
  // 2024 is a leap year: "29 février" is a real day of some years.
  if (jour > new Date(Date.UTC(2024, mois, 0)).getUTCDate()) return null;
  return { mois, jour };
}

/**
 * Last day a deposited report about year `annee` may still be modified:
 * `limite` (the setting RAA_DATE_LIMITE_MODIFICATION, read by
 * {@link lireJourDuMois}) of the next year, brought back to 28 February in
 * a common year; "AAAA-MM-JJ", inclusive, Europe/Paris.
 */
export function dateLimiteModificationRapportAnnuel(annee: number, limite: JourDuMois): string {
  const suivante = annee + 1;
  const dernierJour = new Date(Date.UTC(suivante, limite.mois, 0)).getUTCDate();
  const mois = String(limite.mois).padStart(2, "0");
  const jour = String(Math.min(limite.jour, dernierJour)).padStart(2, "0");
  return `${suivante}-${mois}-${jour}`;
}
