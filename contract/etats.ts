/**
 * States and actions of spec §4, as closed lists shared by the API and the UI.
 * Transitions between them are decided in DESIGN §3 and enforced by the API.
 */

/** Kinds of files (spec §3 File types). */
export const TYPES_DOSSIER = ["demande", "changement-notable"] as const;
export type TypeDossier = (typeof TYPES_DOSSIER)[number];

/** Types of notable change. */
export const TYPES_CHANGEMENT_NOTABLE = ["extension_perimetre"] as const;
export type TypeChangementNotable = (typeof TYPES_CHANGEMENT_NOTABLE)[number];

/** Approval status (agrement etat). */
export const ETATS_AGREMENT = ["en_cours", "perime", "suspendu", "retire"] as const;
export type EtatAgrement = (typeof ETATS_AGREMENT)[number];

/** Draft flag of a notable change or annual report. */
export const ETATS_BROUILLON = ["brouillon", "depose"] as const;
export type EtatBrouillon = (typeof ETATS_BROUILLON)[number];

// The filing states of an annual report: contract/schemas/rapport-annuel.ts.

/** Request states (approval requests and notable changes). */
export const ETATS_DEMANDE = [
  "brouillon",
  "arrete_perime",
  "deposee",
  "affectee",
  "en_edition",
  "incomplete",
  "refus_en_attente",
  "refus_refuse",
  "refus_confirme",
  "complete",
  "complete_complement_demande",
  "complete_complement_recu",
  "complete_sans_crhh",
  "complete_sans_crhh_complement_demande",
  "complete_sans_crhh_complement_recu",
  "annulee",
  "instruite_crhh",
  "instruite_crhh_complement_demande",
  "instruite_crhh_complement_recu",
  "instruite_instructeur",
  "instruite_superviseur",
  "agrement_en_attente",
  "agrement_modifie_en_attente",
  "agrement_procedure_en_cours",
  "agrement_retire",
  "agree",
  "refusee",
  "disponible",
  "terminee",
  "rejetee_tacitement",
  "accordee_tacitement",
] as const;
export type EtatDemande = (typeof ETATS_DEMANDE)[number];

/** Draft states: the applicant's own, unseen by staff, still editable. */
export const ETATS_BROUILLON_DEMANDE: readonly EtatDemande[] = ["brouillon", "arrete_perime"];

/** Whether `etat` is a draft state (brouillon, arrete_perime). */
export function estBrouillon(etat: string): boolean {
  return (ETATS_BROUILLON_DEMANDE as readonly string[]).includes(etat);
}

/** Actions on a request. */
export const ACTIONS_DEMANDE = [
  "ENREGISTRE_BROUILLON_STEP_1",
  "ENREGISTRE_BROUILLON_STEP_2",
  "APPLIQUER_ARRETE",
  "AFFECTER_INSTRUCTEUR",
  "REAFFECTER_INSTRUCTEUR",
  "DEMANDER_COMPLEMENT",
  "DEMANDER_COMPLEMENT_COMPLETUDE",
  "PROPOSER_REFUS_DEMANDE",
  "DEPOSER",
  "DEPOSER_EN_EDITION",
  "DONNER_COMPLEMENT",
  "CONFIRMER_COMPLETUDE",
  "RETOURNER_EN_EDITION",
  "EXPRIMER_AVIS_CRHH",
  "DELAIS_COMPLETUDE_DEPASSE",
  "DELAIS_AJOUT_PJ_DEPASSE",
  "EXPRIMER_AVIS_INSTRUCTEUR",
  "EXPRIMER_AVIS_SUPERVISEUR",
  "EXPRIMER_AVIS_DECIDEUR",
  "VISUALISER_RESULTAT",
  "ANNULER_DEMANDE",
  "REFUSER_REFUS",
  "CONFIRMER_REFUS",
  "MOTIVER_REFUS",
  "REJETER_TACITEMENT_DOSSIER",
  "CREER_PROCEDURE",
  "MODIFIER_PROCEDURE",
  "TERMINER_PROCEDURE",
  "MODIFIER_AGREMENT",
  "DEPOSER_DECISION_MODIFICATIVE_EXTENSION_PERIMETRE",
  "DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE",
  /** Written by the system when a perimeter extension is accepted by two months of silence (ADR 0009, 0021). */
  "ACCORD_TACITE",
  "RECHARGER_MESSAGERIE",
  "MODIFIER_INFO_SOCIETE",
  // A perimeter extension's own draft actions (spec §4 Perimeter-extension actions; ADR 0020).
  "CREER_EXTENSION_PERIMETRE",
  "ENREGISTRER_BROUILLON",
  "VALIDER_DEPOSER",
] as const;
export type ActionDemande = (typeof ACTIONS_DEMANDE)[number];

/** Actions shown apart from the main ones on a request (spec §4). */
export const ACTIONS_DEMANDE_SECONDAIRES = [
  "REAFFECTER_INSTRUCTEUR",
  "ANNULER_DEMANDE",
  "REJETER_TACITEMENT_DOSSIER",
  "MODIFIER_AGREMENT",
  "CREER_PROCEDURE",
  "MODIFIER_PROCEDURE",
  "TERMINER_PROCEDURE",
] as const satisfies readonly ActionDemande[];

/** Approval-level actions. */
export const ACTIONS_AGREMENT = [
  "CREER_RAPPORT_ANNUEL",
  "MODIFIER_RAPPORT_ANNUEL",
  "DEPOSER_RAPPORT_ANNUEL",
  "CREER_EXTENSION_PERIMETRE",
  "MODIFIER_AGREMENT",
] as const;
export type ActionAgrement = (typeof ACTIONS_AGREMENT)[number];

/** Perimeter-extension actions. */
export const ACTIONS_EXTENSION_PERIMETRE = [
  "CREER_EXTENSION_PERIMETRE",
  "ENREGISTRER_BROUILLON",
  "VALIDER_DEPOSER",
  "DEPOSER",
  "DONNER_COMPLEMENT",
] as const;
export type ActionExtensionPerimetre = (typeof ACTIONS_EXTENSION_PERIMETRE)[number];

/** Account actions (the API lists which are available per account). */
export const ACTIONS_COMPTE = [
  "SUPPRIMER_COMPTE",
  "MODIFIER_REFERENT_COMPTE",
  "MODIFIER_QUALITES_COMPTE",
  "MODIFIER_INFO_SOCIETE",
  "MODIFIER_MOT_DE_PASSE",
  "MODIFIER_EMAIL",
] as const;
export type ActionCompte = (typeof ACTIONS_COMPTE)[number];

/** Approval procedures (withdrawal), their states and decisions. */
export const ETATS_PROCEDURE_AGREMENT = ["en_cours", "termine", "perime"] as const;
export type EtatProcedureAgrement = (typeof ETATS_PROCEDURE_AGREMENT)[number];
export const TYPES_PROCEDURE_AGREMENT = [
  "retrait_avec_suspension",
  "retrait_sans_suspension",
] as const;
export type TypeProcedureAgrement = (typeof TYPES_PROCEDURE_AGREMENT)[number];
export const DECISIONS_PROCEDURE_AGREMENT = ["agrement_maintenu", "agrement_retire"] as const;
export type DecisionProcedureAgrement = (typeof DECISIONS_PROCEDURE_AGREMENT)[number];

/** States of a request for additional attachments (supplement). */
export const ETATS_COMPLEMENT = [
  "complement_demande_depose",
  "complement_demande_delai_depasse",
] as const;
export type EtatComplement = (typeof ETATS_COMPLEMENT)[number];

/** Expiry markers of the instruction clock (DESIGN §5). */
export const MARQUEURS_DELAI = ["expireBientot", "delaiExpire", "reputeRejete"] as const;
export type MarqueurDelai = (typeof MARQUEURS_DELAI)[number];

/** Opinion types and values (spec §3 Opinion). */
export const TYPES_AVIS = [
  "avis_crhh",
  "avis_instructeur",
  "avis_superviseur",
  "avis_decideur",
  "avis_incomplete",
] as const;
export type TypeAvis = (typeof TYPES_AVIS)[number];
export const VALEURS_AVIS = [
  "FAVORABLE",
  "DEFAVORABLE",
  "refus_confirme",
  "FAVORABLE_SOUS_RESERVE",
  "REPUTE_FAVORABLE",
  "AGREMENT_VALIDE",
  "AGREMENT_REFUSE",
  "EXTENSION_PERIMETRE_VALIDE",
  "EXTENSION_PERIMETRE_REFUSE",
  "proposition_refus",
  "abandon",
] as const;
export type ValeurAvis = (typeof VALEURS_AVIS)[number];

/** Event kinds recorded on a request (spec §3). */
export const TYPES_EVENEMENT = [
  "annulation",
  "refus",
  "complement",
  "complement_completude",
  "edition",
  "rejet_tacite",
  "accord_tacite",
] as const;
export type TypeEvenement = (typeof TYPES_EVENEMENT)[number];

/** Attachment type codes (spec §3 Attachment). */
export const CODES_TYPE_PJ = [
  "info_generale",
  "cond_competence",
  "preuve_act",
  "pj_compl",
  "pj_add",
  "note",
  "neutre",
  "abs_sanction",
  "reg_fisc",
  "capa_financiere",
  "indep",
  "pj_avis",
  "pj_avis_decideur",
] as const;
export type CodeTypePj = (typeof CODES_TYPE_PJ)[number];
