/**
 * French labels of the raw request states and of the instruction steps
 * (spec §4, DESIGN §3), for staff screens and exports: staff see the raw
 * state, applicants the simplified status (app/components/demande/statut-badge.ts).
 * Also the titles of the request form's steps, shared by pages and PDFs.
 */
import type { EtatDemande } from "./etats.ts";
import type { EtapeInstruction } from "./statuts.ts";

/** Label of every raw request state (contract/etats.ts ETATS_DEMANDE). */
export const LIBELLES_ETAT_DEMANDE: Record<EtatDemande, string> = {
  brouillon: "Brouillon",
  arrete_perime: "Brouillon (arrêté périmé)",
  deposee: "Déposée",
  affectee: "Affectée",
  en_edition: "Retournée en édition",
  incomplete: "Incomplète",
  refus_en_attente: "Refus proposé",
  refus_refuse: "Proposition de refus écartée",
  refus_confirme: "Refus confirmé",
  complete: "Complète (avec CRHH)",
  complete_complement_demande: "Complète, complément demandé",
  complete_complement_recu: "Complète, complément reçu",
  complete_sans_crhh: "Complète (sans CRHH)",
  complete_sans_crhh_complement_demande: "Complète sans CRHH, complément demandé",
  complete_sans_crhh_complement_recu: "Complète sans CRHH, complément reçu",
  annulee: "Annulée",
  instruite_crhh: "Avis du CRHH rendu",
  instruite_crhh_complement_demande: "Avis du CRHH rendu, complément demandé",
  instruite_crhh_complement_recu: "Avis du CRHH rendu, complément reçu",
  instruite_instructeur: "Avis de l'instructeur rendu",
  instruite_superviseur: "Avis du superviseur rendu",
  agrement_en_attente: "Agrément en attente de consultation",
  agrement_modifie_en_attente: "Agrément modifié en attente de consultation",
  agrement_procedure_en_cours: "Procédure de retrait en cours",
  agrement_retire: "Agrément retiré",
  agree: "Agréée",
  refusee: "Refusée",
  disponible: "Décision disponible",
  terminee: "Terminée",
  rejetee_tacitement: "Rejetée tacitement",
  accordee_tacitement: "Accordée tacitement",
};

/** Label of every instruction step (contract/statuts.ts ETAPES_INSTRUCTION). */
export const LIBELLES_ETAPE_INSTRUCTION: Record<EtapeInstruction, string> = {
  awaitingAssignment: "En attente d'affectation",
  checkingDemande: "Vérification de la demande",
  awaitingCrhh: "En attente de l'avis du CRHH",
  pendingInstructorFinalize: "En attente de l'avis de l'instructeur",
  awaitingDecision: "En attente de décision",
  preparingTransmission: "Décision en cours de transmission",
  terminated: "Terminée",
};

/** Label of a raw state; the state itself when unknown (data older than the list). */
export function libelleEtat(etat: string): string {
  return LIBELLES_ETAT_DEMANDE[etat as EtatDemande] ?? etat;
}

/**
 * Titles of the four steps of the approval request form (spec §2 "Other
 * screens": structure information, structure activities, supporting
 * documents, summary), in order: the form's stepper, the summary page, the
 * recap PDF and the deposit checks name the steps alike.
 */
export const TITRES_ETAPES_DEMANDE = [
  "Informations sur la structure",
  "Activités de la structure",
  "Pièces justificatives",
  "Récapitulatif",
] as const;

/** Title of step `etape` (1 to 4) of the approval request form. */
export function titreEtapeDemande(etape: 1 | 2 | 3 | 4): (typeof TITRES_ETAPES_DEMANDE)[number] {
  return TITRES_ETAPES_DEMANDE[etape - 1];
}

/** What a summary (page or PDF) shows for a value left empty. */
export const NON_RENSEIGNE = "Non renseigné";
