/**
 * Derived statuses of a request (spec §4, DESIGN §3): the normalised status
 * the API sends as `etatNormalise`, the simplified status an applicant sees
 * on his cards, and the instruction step of the staff dashboards.
 */
import {
  ETATS_DEMANDE,
  type EtatComplement,
  type EtatDemande,
  type TypeProcedureAgrement,
} from "./etats.ts";

/** Values `etatNormalise` may take beyond the raw request states. */
export const ETATS_NORMALISES_SUPPLEMENTAIRES = [
  "agrement_suspendu",
  "in_progress",
  "complement_demande_completude_depose",
  "complement_demande_encours",
  "complement_demande_completude_delai_depasse",
] as const;
export type EtatNormalise = EtatDemande | (typeof ETATS_NORMALISES_SUPPLEMENTAIRES)[number];

/** The three states where the applicant owes a supplement after completeness. */
export const ETATS_COMPLEMENT_DEMANDE = [
  "complete_complement_demande",
  "complete_sans_crhh_complement_demande",
  "instruite_crhh_complement_demande",
] as const satisfies readonly EtatDemande[];

export interface ContexteEtat {
  etat: EtatDemande;
  /** The approval's ongoing withdrawal procedure, if any. */
  procedureEnCours?: { type: TypeProcedureAgrement } | null;
  /** State of the latest request for additional attachments, if any. */
  complement?: EtatComplement | null;
}

/**
 * Normalised status (spec §4): `agrement_procedure_en_cours` is read from the
 * ongoing procedure (with suspension → `agrement_suspendu`, without →
 * `agree`); `agrement_modifie_en_attente` becomes `agrement_en_attente`; an
 * incomplete request whose answer was deposited or whose deadline passed
 * becomes `complement_demande_completude_depose` /
 * `complement_demande_completude_delai_depasse`; the three
 * `…_complement_demande` states become `complement_demande_encours`.
 * Any other state is returned unchanged.
 */
export function etatNormalise({ etat, procedureEnCours, complement }: ContexteEtat): EtatNormalise {
  if (etat === "agrement_procedure_en_cours") {
    if (procedureEnCours?.type === "retrait_avec_suspension") return "agrement_suspendu";
    if (procedureEnCours?.type === "retrait_sans_suspension") return "agree";
    return etat;
  }
  if (etat === "agrement_modifie_en_attente") return "agrement_en_attente";
  if (etat === "incomplete") {
    if (complement === "complement_demande_delai_depasse")
      return "complement_demande_completude_delai_depasse";
    if (complement === "complement_demande_depose") return "complement_demande_completude_depose";
    return etat;
  }
  if ((ETATS_COMPLEMENT_DEMANDE as readonly string[]).includes(etat))
    return "complement_demande_encours";
  return etat;
}

/** The statuses an applicant sees that are also states, kept as they are. */
const GARDENT_LEUR_VALEUR = [
  "agree",
  "rejetee_tacitement",
  "accordee_tacitement",
  "refusee",
  "annulee",
  "agrement_retire",
  "agrement_suspendu",
] as const;

/** Statuses an applicant sees (spec §2 Application card). */
export const STATUTS_SIMPLIFIES = [
  "brouillon",
  "in_progress",
  "incomplete",
  "disponible",
  ...GARDENT_LEUR_VALEUR,
] as const;
export type StatutSimplifie = (typeof STATUTS_SIMPLIFIES)[number];

const DONNENT_INCOMPLETE = new Set<string>([
  "incomplete",
  "en_edition",
  ...ETATS_COMPLEMENT_DEMANDE,
  // Normalised forms of the same situations: the applicant still owes an answer.
  "complement_demande_encours",
  "complement_demande_completude_delai_depasse",
]);

/**
 * Simplified status for the applicant (spec §4), from a raw or normalised
 * state: brouillon/arrete_perime → brouillon; incomplete, en_edition and the
 * `…_complement_demande` states → incomplete; agrement_en_attente and
 * agrement_modifie_en_attente → disponible; agree, rejetee_tacitement,
 * accordee_tacitement, refusee, annulee, agrement_retire, agrement_suspendu
 * keep their value; everything else → in_progress.
 */
export function statutSimplifie(etat: EtatNormalise): StatutSimplifie {
  if (etat === "brouillon" || etat === "arrete_perime") return "brouillon";
  if (DONNENT_INCOMPLETE.has(etat)) return "incomplete";
  if (etat === "agrement_en_attente" || etat === "agrement_modifie_en_attente") return "disponible";
  if ((GARDENT_LEUR_VALEUR as readonly string[]).includes(etat)) return etat as StatutSimplifie;
  return "in_progress";
}

/** Steps of the instruction dashboards (spec §4, DESIGN §3). */
export const ETAPES_INSTRUCTION = [
  "awaitingAssignment",
  "checkingDemande",
  "awaitingCrhh",
  "pendingInstructorFinalize",
  "awaitingDecision",
  "preparingTransmission",
  "terminated",
] as const;
export type EtapeInstruction = (typeof ETAPES_INSTRUCTION)[number];

const ETAPE_PAR_ETAT: Partial<Record<EtatDemande, EtapeInstruction>> = {
  deposee: "awaitingAssignment",
  affectee: "checkingDemande",
  incomplete: "checkingDemande",
  en_edition: "checkingDemande",
  refus_refuse: "checkingDemande",
  complete: "awaitingCrhh",
  complete_complement_demande: "awaitingCrhh",
  complete_complement_recu: "awaitingCrhh",
  instruite_crhh: "pendingInstructorFinalize",
  instruite_crhh_complement_demande: "pendingInstructorFinalize",
  instruite_crhh_complement_recu: "pendingInstructorFinalize",
  complete_sans_crhh: "pendingInstructorFinalize",
  complete_sans_crhh_complement_demande: "pendingInstructorFinalize",
  complete_sans_crhh_complement_recu: "pendingInstructorFinalize",
  instruite_instructeur: "awaitingDecision",
  instruite_superviseur: "awaitingDecision",
  refus_en_attente: "awaitingDecision",
  refus_confirme: "awaitingDecision",
  agrement_en_attente: "preparingTransmission",
  agrement_modifie_en_attente: "preparingTransmission",
};

/**
 * Instruction step of a raw request state (DESIGN §3): deposee →
 * awaitingAssignment; affectee, incomplete, en_edition, refus_refuse →
 * checkingDemande; complete* (with CRHH) → awaitingCrhh; instruite_crhh*,
 * complete_sans_crhh* → pendingInstructorFinalize; instruite_instructeur,
 * instruite_superviseur, refus_en_attente, refus_confirme → awaitingDecision;
 * agrement_en_attente, agrement_modifie_en_attente → preparingTransmission;
 * any other state → terminated.
 */
export function etapeInstruction(etat: EtatDemande): EtapeInstruction {
  return ETAPE_PAR_ETAT[etat] ?? "terminated";
}

/** The raw states of one instruction step (for dashboard filters). */
export function etatsDeLEtape(etape: EtapeInstruction): EtatDemande[] {
  return ETATS_DEMANDE.filter((etat) => etapeInstruction(etat) === etape);
}
