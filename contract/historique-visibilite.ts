/**
 * What each side reads of a request's history (an applicant
 * sees only what is his to see; DESIGN §3 "every transition writes one
 * history row", §4 who sees what; ADR 0005 "opinions visible to the
 * applicant: only the decision"). The API applies {@link lireEntreeHistorique}
 * to every row it gives out (GET /api/{kind}/{id}/historique and the
 * historique.csv of the file archive), nowhere else.
 *
 * Instruction and central staff read every row with every field: the
 * history is theirs. The applicant reads the events of his file, and a
 * comment only when it was written for him:
 * - his own acts, with what he wrote (DONNER_COMPLEMENT, ANNULER_DEMANDE…);
 * - what staff ask of him (completeness, supplements, return to edition):
 *   the same text reaches him by mail and as an info complémentaire;
 * - the grounds of a decision that the staff's form says go to him: the
 *   decision (his avis_decideur shows the same text), the refusal's grounds
 *   and the tacit-rejection comment (printed in the letter and the notice),
 *   the grounds of a withdrawal (printed in the withdrawal decision);
 * - the deadline jobs' rows (they write no staff text).
 * Every other staff comment stays on the staff side, because the form staff
 * typed it in never said it leaves the file: assignment, completeness
 * confirmation, the grounds of opening or changing a withdrawal procedure,
 * of changing the granted perimeter, of maintaining the approval. The rows
 * of the internal deliberation are withheld whole (opinions of the CRHH,
 * the instructeur and the superviseur; a refusal proposal, its confirmation
 * or dismissal): they are preparatory acts, like the opinions the applicant
 * never gets. A row whose action this table does not know is withheld too
 * (fail closed).
 *
 * The applicant keeps the actor (name and role) of the rows he reads: he may
 * know which agent handles his file (the detail names the instructeur), and
 * the states before and after, which his detail shows anyway (`etat`).
 */
import type { ActionDemande, ActionExtensionPerimetre, EtatDemande } from "./etats.ts";
import type { EntreeHistorique } from "./schemas/demande.ts";

/** The side a reader takes on a file (api/domain/acces.ts `coteDe`). */
export type CoteLecteur = "demandeur" | "instruction" | "lecture";

/**
 * What the applicant reads of a row of one action:
 * - "avec_commentaire": the row and its comment;
 * - "sans_commentaire": the row, its comment blanked (null);
 * - "masquee": nothing of the row;
 * - `{ commentaireSiEtatApres }`: the row, and its comment only when the
 *   row led to one of these states (TERMINER_PROCEDURE: the grounds of a
 *   withdrawal go out in the decision, those of a maintained approval do not).
 */
export type LectureDemandeur =
  | "avec_commentaire"
  | "sans_commentaire"
  | "masquee"
  | { commentaireSiEtatApres: readonly EtatDemande[] };

/** Every action a history row may carry: approval requests and notable changes. */
export type ActionHistorique = ActionDemande | ActionExtensionPerimetre;

/**
 * The applicant's reading of each action's rows (see the module's doc for
 * the rule). Exhaustive by type: a new action must be classified here.
 */
export const LECTURE_HISTORIQUE_DEMANDEUR: Readonly<Record<ActionHistorique, LectureDemandeur>> = {
  // His own acts.
  ENREGISTRE_BROUILLON_STEP_1: "avec_commentaire",
  ENREGISTRE_BROUILLON_STEP_2: "avec_commentaire",
  APPLIQUER_ARRETE: "avec_commentaire",
  DEPOSER: "avec_commentaire",
  DEPOSER_EN_EDITION: "avec_commentaire",
  DONNER_COMPLEMENT: "avec_commentaire",
  ANNULER_DEMANDE: "avec_commentaire",
  VISUALISER_RESULTAT: "avec_commentaire",
  CREER_EXTENSION_PERIMETRE: "avec_commentaire",
  ENREGISTRER_BROUILLON: "avec_commentaire",
  VALIDER_DEPOSER: "avec_commentaire",
  // Requests addressed to him (also mailed, and shown as infos complémentaires).
  DEMANDER_COMPLEMENT_COMPLETUDE: "avec_commentaire",
  DEMANDER_COMPLEMENT: "avec_commentaire",
  RETOURNER_EN_EDITION: "avec_commentaire",
  // Deadline jobs: no staff text.
  DELAIS_COMPLETUDE_DEPASSE: "avec_commentaire",
  DELAIS_AJOUT_PJ_DEPASSE: "avec_commentaire",
  ACCORD_TACITE: "avec_commentaire",
  // Decisions whose grounds go to him (opinion avis_decideur, letter, notice).
  EXPRIMER_AVIS_DECIDEUR: "avec_commentaire",
  MOTIVER_REFUS: "avec_commentaire",
  REJETER_TACITEMENT_DOSSIER: "avec_commentaire",
  TERMINER_PROCEDURE: { commentaireSiEtatApres: ["agrement_retire"] },
  // Events of his file whose comment is the staff's.
  AFFECTER_INSTRUCTEUR: "sans_commentaire",
  REAFFECTER_INSTRUCTEUR: "sans_commentaire",
  CONFIRMER_COMPLETUDE: "sans_commentaire",
  CREER_PROCEDURE: "sans_commentaire",
  MODIFIER_PROCEDURE: "sans_commentaire",
  MODIFIER_AGREMENT: "sans_commentaire",
  // Not written by the portal yet: the event, without a comment until a
  // form says its comment goes to the applicant.
  DEPOSER_DECISION_MODIFICATIVE_EXTENSION_PERIMETRE: "sans_commentaire",
  DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE: "sans_commentaire",
  RECHARGER_MESSAGERIE: "sans_commentaire",
  MODIFIER_INFO_SOCIETE: "sans_commentaire",
  // Internal deliberation: preparatory, withheld whole.
  EXPRIMER_AVIS_CRHH: "masquee",
  EXPRIMER_AVIS_INSTRUCTEUR: "masquee",
  EXPRIMER_AVIS_SUPERVISEUR: "masquee",
  PROPOSER_REFUS_DEMANDE: "masquee",
  CONFIRMER_REFUS: "masquee",
  REFUSER_REFUS: "masquee",
};

/** The applicant's reading of `action`'s rows; "masquee" for an action the table does not know. */
export function lectureDemandeur(action: string): LectureDemandeur {
  return Object.hasOwn(LECTURE_HISTORIQUE_DEMANDEUR, action)
    ? LECTURE_HISTORIQUE_DEMANDEUR[action as ActionHistorique]
    : "masquee";
}

/**
 * `entree` as a reader on side `cote` may read it: unchanged for staff
 * (instruction, lecture); for the applicant null when the row is withheld,
 * else the row with its comment kept or blanked (null) by
 * {@link LECTURE_HISTORIQUE_DEMANDEUR}. Never mutates `entree`.
 */
export function lireEntreeHistorique<T extends EntreeHistorique>(
  cote: CoteLecteur,
  entree: T,
): T | null {
  if (cote !== "demandeur") return entree;
  const lecture = lectureDemandeur(entree.action);
  if (lecture === "masquee") return null;
  if (lecture === "avec_commentaire") return entree;
  const garde =
    lecture !== "sans_commentaire" &&
    entree.etatApres !== null &&
    (lecture.commentaireSiEtatApres as readonly string[]).includes(entree.etatApres);
  return garde ? entree : { ...entree, commentaire: null };
}

/** The rows of `entrees` a reader on side `cote` may read, in order, as {@link lireEntreeHistorique}. */
export function lireHistorique<T extends EntreeHistorique>(
  cote: CoteLecteur,
  entrees: readonly T[],
): T[] {
  return entrees.flatMap((entree) => lireEntreeHistorique(cote, entree) ?? []);
}
