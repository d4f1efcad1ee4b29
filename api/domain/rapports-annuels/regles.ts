/**
 * Rules of the annual activity report (spec §4 filing states and
 * approval-level actions, §9 deadlines; DESIGN §5 annual report; ADR 0017),
 * pure functions of their inputs (no database, no clock): which approvals
 * owe a report for a year, and which of CREER_RAPPORT_ANNUEL,
 * MODIFIER_RAPPORT_ANNUEL, DEPOSER_RAPPORT_ANNUEL the holder may run now,
 * each refusal with its French message (403).
 */
import {
  PREMIERE_ANNEE_RAPPORT_ANNUEL,
  dateLimiteModificationRapportAnnuel,
  dateLimiteRapportAnnuel,
  type JourDuMois,
} from "../../../contract/delais.ts";
import {
  ACTIONS_RAPPORT_ANNUEL,
  type ActionRapportAnnuel,
  type EtatRapportAnnuel,
} from "../../../contract/schemas/rapport-annuel.ts";
import { afficherDate } from "../../../contract/validation.ts";

/** What the rules read of an approval. */
export interface AgrementPourRapport {
  etat: "en_cours" | "perime" | "suspendu" | "retire";
  /** First and last day of validity, "AAAA-MM-JJ" (Europe/Paris). */
  dateDebut: string;
  dateFin: string;
}

/** What the rules read of a stored report (null: not created yet). */
export interface RapportPourRegles {
  etat: EtatRapportAnnuel;
}

/**
 * Why an approval owes no report for a year (ADR 0017), in the order they
 * are checked; the first that holds makes the report nonApplicable.
 */
const EXEMPTIONS: readonly {
  raison: string;
  exempte: (agrement: AgrementPourRapport, annee: number) => boolean;
}[] = [
  // The regulation of 1 April 2024 created the report: 2024 is the first year.
  { raison: "avant2024", exempte: (_agrement, annee) => annee < PREMIERE_ANNEE_RAPPORT_ANNUEL },
  // Granted after 31 December of the year: no activity under it that year.
  {
    raison: "octroiPosterieur",
    exempte: (agrement, annee) => agrement.dateDebut > `${annee}-12-31`,
  },
  // Expired before the year began.
  { raison: "expireAvant", exempte: (agrement, annee) => agrement.dateFin < `${annee}-01-01` },
  // Withdrawn: the company is no longer an operator (a deposited report stays deposited).
  { raison: "retire", exempte: (agrement) => agrement.etat === "retire" },
];

/**
 * The filing state of the report about `annee` (spec §4): depose once
 * deposited, whatever happens to the approval later; nonApplicable when an
 * exemption of ADR 0017 holds; nonDepose otherwise (owed, created or not).
 */
export function etatRapport(
  agrement: AgrementPourRapport,
  annee: number,
  rapport: RapportPourRegles | null,
): EtatRapportAnnuel {
  if (rapport?.etat === "depose") return "depose";
  if (EXEMPTIONS.some(({ exempte }) => exempte(agrement, annee))) return "nonApplicable";
  return "nonDepose";
}

/** Whether the approval owes a report about `annee` (deposited or not). */
export function rapportDu(agrement: AgrementPourRapport, annee: number): boolean {
  return etatRapport(agrement, annee, null) !== "nonApplicable";
}

/** The deadlines of the report about `annee`, "AAAA-MM-JJ" inclusive (Europe/Paris). */
export function echeancesRapport(
  annee: number,
  limiteModification: JourDuMois,
): { dateLimiteDepot: string; dateLimiteModification: string } {
  return {
    dateLimiteDepot: dateLimiteRapportAnnuel(annee),
    dateLimiteModification: dateLimiteModificationRapportAnnuel(annee, limiteModification),
  };
}

/** The year whose report is filed during the Paris year of `aujourdhui` ("AAAA-MM-JJ"): the previous one. */
export function anneeDuRapportEnCours(aujourdhui: string): number {
  return Number(aujourdhui.slice(0, 4)) - 1;
}

/** The refusal messages of the actions (403 `{ message }`). */
export const MESSAGES_REFUS_RAPPORT = {
  indisponible: "Cette action n'est pas disponible pour ce rapport annuel d'activité.",
  nonApplicable: (annee: number) =>
    `Cet agrément n'est pas soumis au rapport annuel d'activité ${annee}.`,
  anneeNonTerminee: (annee: number) =>
    `Le rapport annuel d'activité ${annee} ne peut être rempli qu'à partir du 1er janvier ${annee + 1}.`,
  dejaCree: (annee: number) => `Le rapport annuel d'activité ${annee} a déjà été créé.`,
  dejaDepose: (annee: number) => `Le rapport annuel d'activité ${annee} a déjà été déposé.`,
  nonCree: (annee: number) => `Veuillez d'abord créer le rapport annuel d'activité ${annee}.`,
  depotDepasse: (annee: number, date: string) =>
    `La date limite de dépôt du rapport annuel d'activité ${annee} est dépassée : il devait être déposé au plus tard le ${afficherDate(date)}.`,
  modificationDepassee: (annee: number, date: string) =>
    `La date limite de modification du rapport annuel d'activité ${annee} est dépassée : il pouvait être modifié jusqu'au ${afficherDate(date)} inclus.`,
} as const;

/** Everything an action's decision reads. */
export interface SituationRapport {
  agrement: AgrementPourRapport;
  annee: number;
  rapport: RapportPourRegles | null;
  /** Whether the caller is an applicant of the company holding the approval. */
  titulaire: boolean;
  /** Today in Europe/Paris, "AAAA-MM-JJ" (the API clock). */
  aujourdhui: string;
  limiteModification: JourDuMois;
}

/** One guard: when `refuse` holds, the action is refused with `message`. */
interface Garde {
  refuse: (situation: SituationRapport, etat: EtatRapportAnnuel) => boolean;
  message: (situation: SituationRapport) => string;
}

const limites = (situation: SituationRapport) =>
  echeancesRapport(situation.annee, situation.limiteModification);

// Guards every action checks first, in order.
const GARDES_COMMUNES: readonly Garde[] = [
  { refuse: (s) => !s.titulaire, message: () => MESSAGES_REFUS_RAPPORT.indisponible },
  {
    refuse: (_s, etat) => etat === "nonApplicable",
    message: (s) => MESSAGES_REFUS_RAPPORT.nonApplicable(s.annee),
  },
  {
    refuse: (s) => s.aujourdhui < `${s.annee + 1}-01-01`,
    message: (s) => MESSAGES_REFUS_RAPPORT.anneeNonTerminee(s.annee),
  },
];

const depotOuvert: Garde = {
  refuse: (s) => s.aujourdhui > limites(s).dateLimiteDepot,
  message: (s) => MESSAGES_REFUS_RAPPORT.depotDepasse(s.annee, limites(s).dateLimiteDepot),
};

/** The guards of each action after the common ones (table of ADR 0017). */
const GARDES: Record<ActionRapportAnnuel, readonly Garde[]> = {
  CREER_RAPPORT_ANNUEL: [
    { refuse: (s) => s.rapport !== null, message: (s) => MESSAGES_REFUS_RAPPORT.dejaCree(s.annee) },
    depotOuvert,
  ],
  MODIFIER_RAPPORT_ANNUEL: [
    { refuse: (s) => s.rapport === null, message: (s) => MESSAGES_REFUS_RAPPORT.nonCree(s.annee) },
    {
      refuse: (_s, etat) => etat === "nonDepose" && depotOuvert.refuse(_s, etat),
      message: depotOuvert.message,
    },
    {
      refuse: (s, etat) => etat === "depose" && s.aujourdhui > limites(s).dateLimiteModification,
      message: (s) =>
        MESSAGES_REFUS_RAPPORT.modificationDepassee(s.annee, limites(s).dateLimiteModification),
    },
  ],
  DEPOSER_RAPPORT_ANNUEL: [
    { refuse: (s) => s.rapport === null, message: (s) => MESSAGES_REFUS_RAPPORT.nonCree(s.annee) },
    {
      refuse: (_s, etat) => etat === "depose",
      message: (s) => MESSAGES_REFUS_RAPPORT.dejaDepose(s.annee),
    },
    depotOuvert,
  ],
};

/**
 * Why `action` is refused in `situation` (the first guard that holds), or
 * null when it is allowed.
 */
export function refusAction(
  action: ActionRapportAnnuel,
  situation: SituationRapport,
): string | null {
  const etat = etatRapport(situation.agrement, situation.annee, situation.rapport);
  for (const garde of [...GARDES_COMMUNES, ...GARDES[action]])
    if (garde.refuse(situation, etat)) return garde.message(situation);
  return null;
}

/** The actions allowed in `situation`, in the order of spec §4. */
export function actionsRapport(situation: SituationRapport): ActionRapportAnnuel[] {
  return ACTIONS_RAPPORT_ANNUEL.filter((action) => refusAction(action, situation) === null);
}
