/**
 * Dates of a path of the scale dataset: each transition some working days
 * after the previous one, and the instruction clock computed along the way
 * with the portal's rules (DESIGN §5, ADR 0005): deposit + 3 calendar
 * months, suspended while the applicant owes an answer and pushed back by
 * the days it stood still when he answers; completeness deadline one
 * calendar month. Overdue answers get the deadline job's history row, as
 * api/domain/demandes/echeances.ts would have written it.
 *
 * The domain functions (delais.ts, suspension.ts, completude.ts) build a
 * time-zone date per call, about 0.1 ms each: hundreds of thousands of
 * calls would take a minute. The same calendar arithmetic is done here on
 * day numbers; tests/api/seed-scale.test.ts checks both agree.
 *
 * Instants are UTC milliseconds; users act between 06:00 and 17:00 UTC (a
 * Europe/Paris working day, same calendar date), jobs at 23:10 UTC the day
 * before (00:10 or 01:10 in Paris).
 */
import type { EtatDemande } from "../../../../contract/etats.ts";
import { DUREE_AGREMENT_ANS } from "../../../../contract/schemas/agrement.ts";
import { DELAI_COMPLETUDE_MOIS } from "../../../../contract/schemas/complements.ts";
import { ETATS_COMPLEMENT_DEMANDE } from "../../../../contract/statuts.ts";
import { DUREE_INSTRUCTION_MOIS } from "../../../domain/demandes/delais.ts";
import type { Hasard } from "./hasard.ts";
import { ACTION_ACCORD_TACITE, ACTION_ARRETE_PERIME, type Etape } from "./parcours.ts";

export const JOUR_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** Day number (days since 1970-01-01) of an "AAAA-MM-JJ" date. */
export function jourDe(iso: string): number {
  return (
    Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) /
    JOUR_MS
  );
}

/** "AAAA-MM-JJ" of a day number. */
export function isoDe(jour: number): string {
  return new Date(jour * JOUR_MS).toISOString().slice(0, 10);
}

/**
 * Europe/Paris calendar date of an instant of this dataset. Exact for the
 * instants it uses (never between 22:00 and 23:00 UTC, the only hour
 * where adding one or two hours gives different days).
 */
export function jourParis(instant: number): string {
  return isoDe(Math.floor((instant + 2 * 3_600_000) / JOUR_MS));
}

/**
 * `iso` moved by `mois` calendar months, the day kept or brought back to
 * the month's last (31 January + 1 month → 28 or 29 February), as date-fns
 * addMonths does in delais.ts decalerDate.
 */
export function ajouterMois(iso: string, mois: number): string {
  const annee = Number(iso.slice(0, 4));
  const rang = Number(iso.slice(5, 7)) - 1 + mois;
  const dernier = new Date(Date.UTC(annee, rang + 1, 0)).getUTCDate();
  return new Date(Date.UTC(annee, rang, Math.min(Number(iso.slice(8, 10)), dernier)))
    .toISOString()
    .slice(0, 10);
}

/** `iso` moved by `jours` days. */
export function ajouterJours(iso: string, jours: number): string {
  return isoDe(jourDe(iso) + jours);
}

/** Last day of the instruction clock of a request deposited at `depot` (delais.ts dateLimiteInstruction). */
export function limiteInstruction(depot: number): string {
  return ajouterMois(jourParis(depot), DUREE_INSTRUCTION_MOIS);
}

/** Deadline of a completeness request made at `instant` (completude.ts echeanceCompletude). */
export function echeanceCompletude(instant: number): string {
  return ajouterMois(jourParis(instant), DELAI_COMPLETUDE_MOIS);
}

/** Validity of an approval granted at `octroi` (agrements.ts periodeValidite). */
export function validite(octroi: number): { dateDebut: string; dateFin: string } {
  const dateDebut = jourParis(octroi);
  return { dateDebut, dateFin: ajouterJours(ajouterMois(dateDebut, 12 * DUREE_AGREMENT_ANS), -1) };
}

/** The instant a deadline job runs on Europe/Paris day `jour`. */
export function instantSysteme(jour: number): number {
  return (jour - 1) * JOUR_MS + (23 * 60 + 10) * MINUTE_MS;
}

/** Working days between two steps, by action: [min, max]. */
const DELAIS: Record<string, [number, number]> = {
  ENREGISTRE_BROUILLON_STEP_2: [0, 12],
  DEPOSER: [1, 45],
  AFFECTER_INSTRUCTEUR: [1, 12],
  DEMANDER_COMPLEMENT_COMPLETUDE: [3, 18],
  DONNER_COMPLEMENT: [3, 26],
  RETOURNER_EN_EDITION: [3, 15],
  DEPOSER_EN_EDITION: [4, 25],
  CONFIRMER_COMPLETUDE: [2, 15],
  DEMANDER_COMPLEMENT: [3, 15],
  EXPRIMER_AVIS_CRHH: [7, 28],
  EXPRIMER_AVIS_INSTRUCTEUR: [2, 12],
  EXPRIMER_AVIS_SUPERVISEUR: [1, 8],
  EXPRIMER_AVIS_DECIDEUR: [1, 8],
  PROPOSER_REFUS_DEMANDE: [3, 15],
  CONFIRMER_REFUS: [1, 8],
  REFUSER_REFUS: [1, 8],
  MOTIVER_REFUS: [1, 7],
  VISUALISER_RESULTAT: [0, 6],
  CREER_PROCEDURE: [60, 500],
  MODIFIER_PROCEDURE: [5, 30],
  // At least the 15 days of observations after the notification.
  TERMINER_PROCEDURE: [19, 80],
  MODIFIER_AGREMENT: [30, 400],
  ANNULER_DEMANDE: [1, 40],
  REJETER_TACITEMENT_DOSSIER: [1, 20],
};

/** The draws a path is dated with, made once so that it can be dated again from another start. */
export interface Tirages {
  jours: number[];
  minutes: number[];
  /** Days given for each supplement (DEMANDER_COMPLEMENT). */
  delaisComplement: number[];
  /** Days between a withdrawal's notification and its recording. */
  avanceNotification: number[];
}

/** Draws the delays of `etapes`. */
export function tirer(etapes: readonly Etape[], hasard: Hasard): Tirages {
  return {
    jours: etapes.map((etape) => {
      const [min, max] = DELAIS[etape.action] ?? [0, 0];
      return hasard.entier(min, max);
    }),
    minutes: etapes.map(() => hasard.entier(6 * 60, 16 * 60 + 59)),
    delaisComplement: etapes.map(() => hasard.entier(15, 30)),
    avanceNotification: etapes.map(() => hasard.entier(0, 4)),
  };
}

/** A transition with its instant and what it set. */
export interface EtapeDatee extends Etape {
  date: number;
  /** Answer deadline it set (completeness or supplement request). */
  dateEcheance?: string;
  /** Clock restarted: days it stood still and its new last day. */
  joursSuspendus?: number;
  dateLimiteInstruction?: string | null;
  /** Day the company was notified of a withdrawal procedure. */
  dateNotification?: string;
}

/** The dated path and the clock columns of the request at its end. */
export interface Chronologie {
  etapes: EtapeDatee[];
  debut: number;
  fin: number;
  dateDepot: number | null;
  dateLimiteInstruction: string | null;
  suspenduDepuis: number | null;
  dateEcheance: string | null;
  complement: string | null;
}

const SUSPENDENT = new Set([
  "DEMANDER_COMPLEMENT_COMPLETUDE",
  "DEMANDER_COMPLEMENT",
  "RETOURNER_EN_EDITION",
]);
const REPRENNENT = new Set(["DONNER_COMPLEMENT", "DEPOSER_EN_EDITION", "PROPOSER_REFUS_DEMANDE"]);

/**
 * Dates `etapes` from day `debutJour` with `tirages`, up to `maintenant`
 * for the overdue-answer rows. `dateEffetArrete` is when the current arrêté
 * took effect (the system row of arrete_perime).
 */
export function dater(
  etapes: readonly Etape[],
  tirages: Tirages,
  debutJour: number,
  contexte: { maintenant: number; dateEffetArrete: string },
): Chronologie {
  const datees: EtapeDatee[] = [];
  let depot: number | null = null;
  let limite: string | null = null;
  let suspenduDepuis: number | null = null;
  let echeance: string | null = null;
  let complement: string | null = null;
  let precedent = debutJour * JOUR_MS;

  /** The deadline job's row when the answer deadline passed before `avant`. */
  const signalerDepassement = (avant: number, etat: EtatDemande) => {
    if (!echeance || complement === "complement_demande_delai_depasse") return;
    if (etat !== "incomplete" && !(ETATS_COMPLEMENT_DEMANDE as readonly string[]).includes(etat))
      return;
    const instant = instantSysteme(jourDe(echeance) + 1);
    if (instant >= avant || instant <= precedent) return;
    datees.push({
      action: etat === "incomplete" ? "DELAIS_COMPLETUDE_DEPASSE" : "DELAIS_AJOUT_PJ_DEPASSE",
      etatAvant: etat,
      etatApres: etat,
      role: "systeme",
      date: instant,
    });
    complement = "complement_demande_delai_depasse";
    precedent = instant;
  };

  etapes.forEach((etape, index) => {
    const jourPrecedent = Math.floor(precedent / JOUR_MS);
    let date: number;
    if (etape.action === ACTION_ARRETE_PERIME) {
      date = Math.max(instantSysteme(jourDe(contexte.dateEffetArrete)), precedent + MINUTE_MS);
    } else if (etape.action === ACTION_ACCORD_TACITE) {
      date = instantSysteme(jourDe(ajouterMois(jourParis(depot!), 2)) + 1);
    } else {
      let jour = (index === 0 ? debutJour : jourPrecedent) + tirages.jours[index];
      if (etape.action === "REJETER_TACITEMENT_DOSSIER")
        jour = Math.max(jour, jourDe(limite!) + tirages.jours[index]);
      date = jour * JOUR_MS + tirages.minutes[index] * MINUTE_MS;
      // Two steps the same day keep their order (still before 21:00 UTC, same Paris date).
      if (date <= precedent)
        date = Math.min(precedent + 7 * MINUTE_MS, jour * JOUR_MS + 20 * 60 * MINUTE_MS);
      if (date <= precedent) date = precedent + MINUTE_MS;
    }
    if (etape.etatAvant) signalerDepassement(date, etape.etatAvant);
    const datee: EtapeDatee = { ...etape, date };
    const jour = jourParis(date);
    if (etape.action === "DEPOSER") {
      depot = date;
      limite = limiteInstruction(date);
    }
    if (SUSPENDENT.has(etape.action)) {
      suspenduDepuis ??= date;
      complement = null;
      echeance =
        etape.action === "DEMANDER_COMPLEMENT_COMPLETUDE"
          ? echeanceCompletude(date)
          : etape.action === "DEMANDER_COMPLEMENT"
            ? ajouterJours(jour, tirages.delaisComplement[index])
            : null;
      if (echeance) datee.dateEcheance = echeance;
    }
    if (REPRENNENT.has(etape.action)) {
      // suspension.ts reprendreDelai: pushed back by the Paris days it stood still.
      const joursSuspendus =
        suspenduDepuis === null ? 0 : Math.max(0, jourDe(jour) - jourDe(jourParis(suspenduDepuis)));
      if (limite) limite = ajouterJours(limite, joursSuspendus);
      suspenduDepuis = null;
      echeance = null;
      datee.joursSuspendus = joursSuspendus;
      datee.dateLimiteInstruction = limite;
      if (etape.action !== "PROPOSER_REFUS_DEMANDE") complement = "complement_demande_depose";
    }
    if (etape.action === "REJETER_TACITEMENT_DOSSIER") {
      echeance = null;
      datee.dateLimiteInstruction = limite;
    }
    if (etape.action === "CREER_PROCEDURE" || etape.action === "MODIFIER_PROCEDURE")
      datee.dateNotification = ajouterJours(jour, -tirages.avanceNotification[index]);
    datees.push(datee);
    precedent = date;
  });
  const dernier = etapes.at(-1);
  if (dernier) signalerDepassement(contexte.maintenant, dernier.etatApres);
  return {
    etapes: datees,
    debut: datees[0]?.date ?? debutJour * JOUR_MS,
    fin: precedent,
    dateDepot: depot,
    dateLimiteInstruction: limite,
    suspenduDepuis,
    dateEcheance: echeance,
    complement,
  };
}
