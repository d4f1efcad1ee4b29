/**
 * The one transition table of DESIGN §3 (approval requests and notable
 * changes, each kind with its own rows where they differ): which action an
 * actor may take in which state, and the state it leads to. The API lists
 * `actionsDisponibles` from it and refuses anything else; handlers
 * (api/domain/demandes/actions.ts) execute the rows.
 */
import {
  ETATS_BROUILLON_DEMANDE,
  ETATS_DEMANDE,
  type ActionDemande,
  type EtatDemande,
  type TypeDossier,
  type ValeurAvis,
} from "../../contract/etats.ts";

export { ETATS_BROUILLON_DEMANDE };
import { INSTRUCTION_ROLES, type Role } from "../../contract/roles.ts";
import { ETATS_COMPLEMENT_DEMANDE } from "../../contract/statuts.ts";
import type { UtilisateurConnecte } from "./utilisateur-connecte.ts";
import { coteDe, type DemandeRow } from "./acces.ts";

/**
 * 403 of an action the table does not offer this user on this file now
 * (the same text as the route's, api/http/routes/demandes.ts).
 */
export const MESSAGE_ACTION_NON_OFFERTE = "Cette action n'est pas disponible pour ce dossier.";

/** Who acts: a business role, or the deadline jobs. */
export type Acteur = Role | "systeme";

/**
 * Conditions a row needs beyond state and role. Only `reputeRejete` is known
 * when listing actions; the others are checked when the action runs:
 * - `peutCreer`: `can/deposernouvelledemande` says yes;
 * - `deposable`: `canBe/depose` has nothing missing (DEPOSER, DEPOSER_EN_EDITION);
 * - `autoAffectation`: an instructeur may only assign himself;
 * - `reputeRejete`: the 3-month instruction clock has expired.
 */
export type Garde = "peutCreer" | "deposable" | "autoAffectation" | "reputeRejete";

export interface Transition {
  /** States the action starts from; "creation" for the POST that creates a draft. */
  from: readonly EtatDemande[] | "creation";
  action: ActionDemande;
  roles: readonly Acteur[];
  /** Next state; "same" keeps it; a list = one of them, chosen by the action's input. */
  to: EtatDemande | "same" | readonly EtatDemande[];
  guard?: Garde;
  /**
   * The kinds of file the row applies to (spec §3 File types); absent =
   * both. An approval request and a notable change never share a decision
   * (ADR 0018): see {@link DECISIONS_DEMANDE} and
   * {@link DECISIONS_CHANGEMENT_NOTABLE}.
   */
  kinds?: readonly TypeDossier[];
  /**
   * The decisions the action's form may take (spec §3 Opinion values), each
   * with the state it leads to: EXPRIMER_AVIS_DECIDEUR only. The handler
   * refuses any other value (422) before writing anything.
   */
  decisions?: Readonly<Partial<Record<ValeurAvis, EtatDemande>>>;
  /**
   * false: the row is allowed when posted but never listed in
   * `actionsDisponibles`, because no button of the actions area offers it:
   * RECHARGER_MESSAGERIE, which the messaging page offers wherever the
   * thread can be read (ADR 0018).
   */
  listee?: false;
}

// ── State groups of DESIGN §3, each defined once ────────────────────────────

/**
 * "Any open instruction state": an instructor is assigned and the file is
 * being examined, with no refusal being decided (refus_en_attente and
 * refus_confirme are the superviseur's then the refusal's, so neither a new
 * refusal proposal nor a reassignment makes sense there). refus_refuse is
 * open: instruction resumes.
 */
export const ETATS_INSTRUCTION_OUVERTE: readonly EtatDemande[] = [
  "affectee",
  "incomplete",
  "en_edition",
  "refus_refuse",
  "complete",
  "complete_complement_demande",
  "complete_complement_recu",
  "complete_sans_crhh",
  "complete_sans_crhh_complement_demande",
  "complete_sans_crhh_complement_recu",
  "instruite_crhh",
  "instruite_crhh_complement_demande",
  "instruite_crhh_complement_recu",
  "instruite_instructeur",
  "instruite_superviseur",
];

/** Deposited, not decided yet: the 3-month clock runs (or is suspended). */
export const ETATS_DEPOSES_SANS_DECISION: readonly EtatDemande[] = [
  "deposee",
  ...ETATS_INSTRUCTION_OUVERTE,
  "refus_en_attente",
  "refus_confirme",
];

/** "Any state before a decision": drafts and deposited files not decided yet. */
export const ETATS_AVANT_DECISION: readonly EtatDemande[] = [
  ...ETATS_BROUILLON_DEMANDE,
  ...ETATS_DEPOSES_SANS_DECISION,
];

/**
 * States where the applicant may edit steps 1–2 and the step-3 attachments
 * of his request: his draft, and a deposited request the instructeur sent
 * back to him (RETOURNER_EN_EDITION) until he deposits it again. The step
 * routes, the attachment routes and `canBe/depose` all read this one list.
 */
export const ETATS_MODIFIABLES_DEMANDEUR: readonly EtatDemande[] = ["brouillon", "en_edition"];

/** Whether the applicant may still edit a request in `etat` (see {@link ETATS_MODIFIABLES_DEMANDEUR}). */
export function estModifiableParDemandeur(etat: string): boolean {
  return (ETATS_MODIFIABLES_DEMANDEUR as readonly string[]).includes(etat);
}

/** States where the checking actions of an assigned file apply (refus_refuse resumes there). */
const ETATS_VERIFICATION: readonly EtatDemande[] = ["affectee", "refus_refuse"];

/** Rows of approval requests only (creation, arrêté, decision, the approval's procedures). */
const DEMANDE_SEULE: readonly TypeDossier[] = ["demande"];
/** Rows of notable changes only (their own decision). */
const CHANGEMENT_NOTABLE_SEUL: readonly TypeDossier[] = ["changement-notable"];

/**
 * The decisions on an approval request (DESIGN §3): AGREMENT_VALIDE creates
 * the approval, AGREMENT_REFUSE refuses it. Never offered to a notable
 * change, which would otherwise create a second approval (ADR 0018).
 */
export const DECISIONS_DEMANDE = {
  AGREMENT_VALIDE: "agrement_en_attente",
  AGREMENT_REFUSE: "refusee",
} as const satisfies Partial<Record<ValeurAvis, EtatDemande>>;

/**
 * The decisions on a notable change (DESIGN §3 notable changes): the
 * extension validated, its decision then available to the applicant
 * (`disponible`, as ADR 0009 reads it), or refused.
 */
export const DECISIONS_CHANGEMENT_NOTABLE = {
  EXTENSION_PERIMETRE_VALIDE: "disponible",
  EXTENSION_PERIMETRE_REFUSE: "refusee",
} as const satisfies Partial<Record<ValeurAvis, EtatDemande>>;

/**
 * States where a request's thread may be read, hence re-read
 * (RECHARGER_MESSAGERIE, ADR 0018): every state but the drafts, which have
 * no messaging (spec §2 Application card). A closed thread is still read.
 */
export const ETATS_MESSAGERIE_LISIBLE: readonly EtatDemande[] = ETATS_DEMANDE.filter(
  (etat) => !ETATS_BROUILLON_DEMANDE.includes(etat),
);

// ── The table ────────────────────────────────────────────────────────────────

/**
 * DESIGN §3, row by row. A row without `kinds` applies to approval requests
 * and notable changes alike ("then the same instruction path"); the rows of
 * one kind say so.
 */
export const TRANSITIONS: readonly Transition[] = [
  // Applicant's draft
  {
    from: "creation",
    action: "ENREGISTRE_BROUILLON_STEP_1",
    roles: ["demandeur"],
    to: "brouillon",
    guard: "peutCreer",
    kinds: DEMANDE_SEULE,
  },
  {
    from: ETATS_MODIFIABLES_DEMANDEUR,
    action: "ENREGISTRE_BROUILLON_STEP_1",
    roles: ["demandeur"],
    to: "same",
    kinds: DEMANDE_SEULE,
  },
  {
    from: ETATS_MODIFIABLES_DEMANDEUR,
    action: "ENREGISTRE_BROUILLON_STEP_2",
    roles: ["demandeur"],
    to: "same",
    kinds: DEMANDE_SEULE,
  },
  // The draft is bound to the arrêté in force (ADR 0018).
  {
    from: ["arrete_perime"],
    action: "APPLIQUER_ARRETE",
    roles: ["demandeur"],
    to: "brouillon",
    kinds: DEMANDE_SEULE,
  },
  // A perimeter extension's draft (ADR 0020): created from the approval, saved
  // step by step, validated (step 3) then deposited by the DEPOSER row below.
  {
    from: "creation",
    action: "CREER_EXTENSION_PERIMETRE",
    roles: ["demandeur"],
    to: "brouillon",
    guard: "peutCreer",
    kinds: CHANGEMENT_NOTABLE_SEUL,
  },
  {
    from: ["brouillon"],
    action: "ENREGISTRER_BROUILLON",
    roles: ["demandeur"],
    to: "same",
    kinds: CHANGEMENT_NOTABLE_SEUL,
  },
  {
    from: ["brouillon"],
    action: "VALIDER_DEPOSER",
    roles: ["demandeur"],
    to: "same",
    kinds: CHANGEMENT_NOTABLE_SEUL,
  },
  {
    from: ["brouillon"],
    action: "DEPOSER",
    roles: ["demandeur"],
    to: "deposee",
    guard: "deposable",
  },
  // Assignment
  {
    from: ["deposee"],
    action: "AFFECTER_INSTRUCTEUR",
    roles: ["superviseur", "instructeur"],
    to: "affectee",
    guard: "autoAffectation",
  },
  {
    from: ETATS_INSTRUCTION_OUVERTE,
    action: "REAFFECTER_INSTRUCTEUR",
    roles: ["superviseur"],
    to: "same",
  },
  // Completeness
  {
    from: ETATS_VERIFICATION,
    action: "DEMANDER_COMPLEMENT_COMPLETUDE",
    roles: ["instructeur"],
    to: "incomplete",
  },
  { from: ["incomplete"], action: "DONNER_COMPLEMENT", roles: ["demandeur"], to: "affectee" },
  { from: ["incomplete"], action: "DELAIS_COMPLETUDE_DEPASSE", roles: ["systeme"], to: "same" },
  // Approval requests only (ADR 0020): an extension's missing pieces are
  // asked for through completeness, its three steps are not reopened.
  {
    from: ETATS_VERIFICATION,
    action: "RETOURNER_EN_EDITION",
    roles: ["instructeur"],
    to: "en_edition",
    kinds: DEMANDE_SEULE,
  },
  {
    from: ["en_edition"],
    action: "DEPOSER_EN_EDITION",
    roles: ["demandeur"],
    to: "affectee",
    guard: "deposable",
    kinds: DEMANDE_SEULE,
  },
  {
    from: ETATS_VERIFICATION,
    action: "CONFIRMER_COMPLETUDE",
    roles: ["instructeur"],
    to: ["complete", "complete_sans_crhh"],
  },
  // Supplements after completeness
  {
    from: ["complete"],
    action: "DEMANDER_COMPLEMENT",
    roles: ["instructeur"],
    to: "complete_complement_demande",
  },
  {
    from: ["complete_sans_crhh"],
    action: "DEMANDER_COMPLEMENT",
    roles: ["instructeur"],
    to: "complete_sans_crhh_complement_demande",
  },
  {
    from: ["instruite_crhh"],
    action: "DEMANDER_COMPLEMENT",
    roles: ["instructeur"],
    to: "instruite_crhh_complement_demande",
  },
  {
    from: ["complete_complement_demande"],
    action: "DONNER_COMPLEMENT",
    roles: ["demandeur"],
    to: "complete_complement_recu",
  },
  {
    from: ["complete_sans_crhh_complement_demande"],
    action: "DONNER_COMPLEMENT",
    roles: ["demandeur"],
    to: "complete_sans_crhh_complement_recu",
  },
  {
    from: ["instruite_crhh_complement_demande"],
    action: "DONNER_COMPLEMENT",
    roles: ["demandeur"],
    to: "instruite_crhh_complement_recu",
  },
  {
    from: ETATS_COMPLEMENT_DEMANDE,
    action: "DELAIS_AJOUT_PJ_DEPASSE",
    roles: ["systeme"],
    to: "same",
  },
  // Opinions and decision
  {
    from: ["complete", "complete_complement_recu"],
    action: "EXPRIMER_AVIS_CRHH",
    roles: ["crhh"],
    to: "instruite_crhh",
  },
  {
    from: [
      "instruite_crhh",
      "instruite_crhh_complement_recu",
      "complete_sans_crhh",
      "complete_sans_crhh_complement_recu",
    ],
    action: "EXPRIMER_AVIS_INSTRUCTEUR",
    roles: ["instructeur"],
    to: "instruite_instructeur",
  },
  {
    from: ["instruite_instructeur"],
    action: "EXPRIMER_AVIS_SUPERVISEUR",
    roles: ["superviseur"],
    to: "instruite_superviseur",
  },
  {
    from: ["instruite_superviseur"],
    action: "EXPRIMER_AVIS_DECIDEUR",
    roles: ["superviseur"],
    to: ["agrement_en_attente", "refusee"],
    kinds: DEMANDE_SEULE,
    decisions: DECISIONS_DEMANDE,
  },
  {
    from: ["instruite_superviseur"],
    action: "EXPRIMER_AVIS_DECIDEUR",
    roles: ["superviseur"],
    to: ["disponible", "refusee"],
    kinds: CHANGEMENT_NOTABLE_SEUL,
    decisions: DECISIONS_CHANGEMENT_NOTABLE,
  },
  // Refusal
  {
    from: ETATS_INSTRUCTION_OUVERTE,
    action: "PROPOSER_REFUS_DEMANDE",
    roles: ["instructeur"],
    to: "refus_en_attente",
  },
  {
    from: ["refus_en_attente"],
    action: "CONFIRMER_REFUS",
    roles: ["superviseur"],
    to: "refus_confirme",
  },
  {
    from: ["refus_en_attente"],
    action: "REFUSER_REFUS",
    roles: ["superviseur"],
    to: "refus_refuse",
  },
  { from: ["refus_confirme"], action: "MOTIVER_REFUS", roles: ["instructeur"], to: "refusee" },
  // Ends without a decision on the merits
  // Only a request: a notable change's silence means acceptance (ACCORD_TACITE below).
  {
    from: ETATS_DEPOSES_SANS_DECISION,
    action: "REJETER_TACITEMENT_DOSSIER",
    roles: ["superviseur"],
    to: "rejetee_tacitement",
    guard: "reputeRejete",
    kinds: DEMANDE_SEULE,
  },
  { from: ETATS_AVANT_DECISION, action: "ANNULER_DEMANDE", roles: ["demandeur"], to: "annulee" },
  // After the decision
  {
    from: ["agrement_en_attente", "agrement_modifie_en_attente"],
    action: "VISUALISER_RESULTAT",
    roles: ["demandeur"],
    to: "agree",
    kinds: DEMANDE_SEULE,
  },
  // A notable change's decision once seen by the applicant (ADR 0009, 0021).
  {
    from: ["disponible"],
    action: "VISUALISER_RESULTAT",
    roles: ["demandeur"],
    to: "terminee",
    kinds: CHANGEMENT_NOTABLE_SEUL,
  },
  // Perimeter extension (ADR 0021): the modified certificate the decision
  // EXTENSION_PERIMETRE_VALIDE issues, written by its handler right after the
  // decision's row; no button offers it on its own.
  {
    from: ["disponible"],
    action: "DEPOSER_DECISION_MODIFICATIVE_EXTENSION_PERIMETRE",
    roles: ["superviseur"],
    to: "same",
    kinds: CHANGEMENT_NOTABLE_SEUL,
    listee: false,
  },
  // Two months of silence (DESIGN §5): the job accepts the extension (acteur systeme).
  {
    from: ETATS_DEPOSES_SANS_DECISION,
    action: "ACCORD_TACITE",
    roles: ["systeme"],
    to: "accordee_tacitement",
    kinds: CHANGEMENT_NOTABLE_SEUL,
  },
  // Staff annul a tacit acceptance: the former perimeter comes back.
  {
    from: ["accordee_tacitement"],
    action: "DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE",
    roles: ["superviseur"],
    to: "annulee",
    kinds: CHANGEMENT_NOTABLE_SEUL,
  },
  {
    from: ["agree"],
    action: "CREER_PROCEDURE",
    roles: ["superviseur"],
    to: "agrement_procedure_en_cours",
    kinds: DEMANDE_SEULE,
  },
  // The system lifts a suspension after 3 months (DESIGN §5; api/domain/demandes/echeances.ts).
  {
    from: ["agrement_procedure_en_cours"],
    action: "MODIFIER_PROCEDURE",
    roles: ["superviseur", "systeme"],
    to: "same",
    kinds: DEMANDE_SEULE,
  },
  {
    from: ["agrement_procedure_en_cours"],
    action: "TERMINER_PROCEDURE",
    roles: ["superviseur"],
    to: ["agree", "agrement_retire"],
    kinds: DEMANDE_SEULE,
  },
  {
    from: ["agree"],
    action: "MODIFIER_AGREMENT",
    roles: ["superviseur"],
    to: "agrement_modifie_en_attente",
    kinds: DEMANDE_SEULE,
  },
  // Messaging (ADR 0018): both sides re-read the thread; nothing is written.
  {
    from: ETATS_MESSAGERIE_LISIBLE,
    action: "RECHARGER_MESSAGERIE",
    roles: ["demandeur", "instructeur", "superviseur", "crhh"],
    to: "same",
    listee: false,
  },
];

/** Whether `row` applies to a file of `kind`. */
export function ligneDuType(row: Transition, kind: TypeDossier): boolean {
  return row.kinds === undefined || row.kinds.includes(kind);
}

/**
 * The row allowing `action` from `etat` ("creation" for a new draft) to an
 * actor holding one of `roles` on a file of `kind` (an approval request
 * unless said), or null. Guards are not evaluated here.
 */
export function transitionPour(
  etat: EtatDemande | "creation",
  action: string,
  roles: readonly Acteur[],
  kind: TypeDossier = "demande",
): Transition | null {
  return (
    TRANSITIONS.find(
      (row) =>
        row.action === action &&
        ligneDuType(row, kind) &&
        (row.from === "creation"
          ? etat === "creation"
          : etat !== "creation" && row.from.includes(etat)) &&
        row.roles.some((role) => roles.includes(role)),
    ) ?? null
  );
}

/**
 * Actions a superviseur may take on a file at any time (follow-up, reassignment,
 * procedures on an approval, a tacit rejection once the clock is over): a
 * file is not waiting for him because one of these applies (ADR 0014).
 */
const ACTIONS_DE_SUIVI_SUPERVISEUR: readonly ActionDemande[] = [
  "REAFFECTER_INSTRUCTEUR",
  "REJETER_TACITEMENT_DOSSIER",
  "CREER_PROCEDURE",
  "MODIFIER_AGREMENT",
  "MODIFIER_PROCEDURE",
  "DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE",
];

/**
 * States where a file waits for its superviseur ("Mes dossiers" of a
 * superviseur, ADR 0014), read from the table: the starting states of every
 * row a superviseur may take, follow-up actions aside — assignment, his
 * opinion, the decision, a proposed refusal, ending a withdrawal procedure.
 */
export const ETATS_ATTENTE_SUPERVISEUR: readonly EtatDemande[] = [
  ...new Set(
    TRANSITIONS.filter(
      (row) =>
        row.from !== "creation" &&
        row.listee !== false &&
        row.roles.includes("superviseur") &&
        !ACTIONS_DE_SUIVI_SUPERVISEUR.includes(row.action),
    ).flatMap((row) => row.from as readonly EtatDemande[]),
  ),
];

/** The state a row leads to from `etat` (the chosen one when the row offers several). */
export function etatSuivant(
  row: Transition,
  etat: EtatDemande,
  choix?: EtatDemande,
): EtatDemande | null {
  if (row.to === "same") return etat;
  if (typeof row.to === "string") return row.to as EtatDemande;
  if (choix && row.to.includes(choix)) return choix;
  return null;
}

/** The decisions `row` offers (the values of its form), in table order; none for most rows. */
export function decisionsDe(row: Transition): ValeurAvis[] {
  return Object.keys(row.decisions ?? {}) as ValeurAvis[];
}

/** What listing actions needs to know beyond the request's row. */
export interface ContexteWorkflow {
  /** The 3-month instruction clock expired (DESIGN §5). */
  reputeRejete: boolean;
  /**
   * Also the rows no button offers (`listee: false`, ADR 0018): true when
   * checking whether a posted action is allowed, absent when listing
   * `actionsDisponibles`.
   */
  avecNonListees?: boolean;
}

/**
 * The roles `utilisateur` may act in on `demande` (DESIGN §4): his company's
 * applicant acts as demandeur only; instruction staff in their instruction
 * roles; central staff and strangers in none. The caller has checked that
 * the user may see the request.
 */
export function rolesActeur(
  utilisateur: UtilisateurConnecte,
  demande: Pick<DemandeRow, "societeId">,
): Role[] {
  const cote = coteDe(utilisateur, demande as DemandeRow);
  if (cote === "demandeur") return utilisateur.roles.includes("demandeur") ? ["demandeur"] : [];
  if (cote === "instruction")
    return utilisateur.roles.filter((role) =>
      (INSTRUCTION_ROLES as readonly Role[]).includes(role),
    );
  return [];
}

/**
 * `actionsDisponibles` of spec §3 for `utilisateur` on `demande`: every
 * action of a row of its kind (an approval request when `kind` is absent)
 * from its state for one of his roles whose listing guard holds, in table
 * order, without duplicates. Deadline jobs' actions never appear, nor the
 * rows no button offers unless `contexte.avecNonListees`.
 */
export function actionsDisponibles(
  demande: Pick<DemandeRow, "etat" | "societeId"> & { kind?: TypeDossier },
  utilisateur: UtilisateurConnecte,
  contexte: ContexteWorkflow,
): ActionDemande[] {
  const roles = rolesActeur(utilisateur, demande);
  const etat = demande.etat as EtatDemande;
  const kind = demande.kind ?? "demande";
  const actions: ActionDemande[] = [];
  for (const row of TRANSITIONS) {
    if (row.from === "creation" || !row.from.includes(etat)) continue;
    if (!ligneDuType(row, kind)) continue;
    if (row.listee === false && !contexte.avecNonListees) continue;
    if (!row.roles.some((role) => (roles as readonly Acteur[]).includes(role))) continue;
    if (row.guard === "reputeRejete" && !contexte.reputeRejete) continue;
    if (!actions.includes(row.action)) actions.push(row.action);
  }
  return actions;
}
