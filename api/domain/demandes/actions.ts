/**
 * The handlers of POST /api/{kind}/{id}/action (spec §7), one per action of
 * the transition table (DESIGN §3). The route has already checked that the
 * action is in the user's `actionsDisponibles` and that the version is
 * current; a handler checks its own input (the contract's form schema of
 * the action, 422 keyed by field) and guards, then writes the transition
 * with `ecrireTransition` and everything it brings (files, opinions,
 * complementary information, decision documents) in one transaction. An
 * action without a handler (the jobs' actions, notable changes' own
 * actions) answers 403.
 */
import type { ActionDemande, EtatDemande } from "../../../contract/etats.ts";
import { interdit } from "../erreurs.ts";
import { deposerProcedureAnnulationExtension } from "../changements-notables/annulation.ts";
import { exprimerAvisDecideurExtension } from "../changements-notables/decision.ts";
import { MESSAGE_ACTION_NON_OFFERTE, transitionPour } from "../workflow.ts";
import { affecterInstructeur } from "./affectation.ts";
import { annulerDemande } from "./annulation.ts";
import { appliquerArrete } from "./arrete.ts";
import { exprimerAvis } from "./avis.ts";
import { demanderComplement, donnerComplement } from "./complement.ts";
import { confirmerCompletude, demanderComplementCompletude } from "./completude.ts";
import type { HandlerAction } from "./contexte-action.ts";
import { exprimerAvisDecideur } from "./decision.ts";
import { deposerDemande } from "./depot.ts";
import { deposerEnEdition, retournerEnEdition } from "./edition.ts";
import { modifierAgrement } from "./modification-agrement.ts";
import { creerProcedure, modifierProcedure, terminerProcedure } from "./procedures-agrement.ts";
import { confirmerRefus, motiverRefus, proposerRefus, refuserRefus } from "./refus.ts";
import { rechargerMessagerie } from "./recharger-messagerie.ts";
import { rejeterTacitement } from "./rejet-tacite.ts";
import { visualiserResultat } from "./resultat.ts";

/**
 * `handler` run with the table's row for the request's own kind (an
 * approval request and a notable change may have different rows for one
 * action: EXPRIMER_AVIS_DECIDEUR and its decisions, ADR 0018), so
 * that no handler ever executes a row of the other kind. 403 when the
 * request's kind has no such row.
 */
function avecLigneDuType(handler: HandlerAction): HandlerAction {
  return (contexte) => {
    const transition = transitionPour(
      contexte.demande.etat as EtatDemande,
      contexte.transition.action,
      [contexte.role],
      contexte.demande.kind,
    );
    if (!transition) throw interdit(MESSAGE_ACTION_NON_OFFERTE);
    return handler({ ...contexte, transition });
  };
}

/**
 * Handlers by action, each run with the row of the request's kind. The
 * table's other rows are not run through this route: the draft saves are
 * PUT step/1 and step/2, the two deadline actions belong to the jobs
 * (api/domain/demandes/echeances.ts). Posting any of them answers 403.
 * APPLIQUER_ARRETE and RECHARGER_MESSAGERIE: ADR 0018.
 */
const HANDLERS: Partial<Record<ActionDemande, HandlerAction>> = {
  APPLIQUER_ARRETE: appliquerArrete,
  RECHARGER_MESSAGERIE: rechargerMessagerie,
  DEPOSER: deposerDemande,
  ANNULER_DEMANDE: annulerDemande,
  AFFECTER_INSTRUCTEUR: affecterInstructeur,
  REAFFECTER_INSTRUCTEUR: affecterInstructeur,
  DEMANDER_COMPLEMENT_COMPLETUDE: demanderComplementCompletude,
  DONNER_COMPLEMENT: donnerComplement,
  RETOURNER_EN_EDITION: retournerEnEdition,
  DEPOSER_EN_EDITION: deposerEnEdition,
  CONFIRMER_COMPLETUDE: confirmerCompletude,
  DEMANDER_COMPLEMENT: demanderComplement,
  EXPRIMER_AVIS_CRHH: exprimerAvis,
  EXPRIMER_AVIS_INSTRUCTEUR: exprimerAvis,
  EXPRIMER_AVIS_SUPERVISEUR: exprimerAvis,
  // A perimeter extension has its own decision and effects (ADR 0021).
  EXPRIMER_AVIS_DECIDEUR: (contexte) =>
    contexte.demande.kind === "changement-notable"
      ? exprimerAvisDecideurExtension(contexte)
      : exprimerAvisDecideur(contexte),
  PROPOSER_REFUS_DEMANDE: proposerRefus,
  CONFIRMER_REFUS: confirmerRefus,
  REFUSER_REFUS: refuserRefus,
  MOTIVER_REFUS: motiverRefus,
  REJETER_TACITEMENT_DOSSIER: rejeterTacitement,
  VISUALISER_RESULTAT: visualiserResultat,
  CREER_PROCEDURE: creerProcedure,
  MODIFIER_PROCEDURE: modifierProcedure,
  TERMINER_PROCEDURE: terminerProcedure,
  MODIFIER_AGREMENT: modifierAgrement,
  DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE: deposerProcedureAnnulationExtension,
};

/** The handlers the route runs, by action: {@link HANDLERS}, each with its kind's row. */
export const HANDLERS_ACTION: Partial<Record<ActionDemande, HandlerAction>> = Object.fromEntries(
  Object.entries(HANDLERS).map(([action, handler]) => [action, avecLigneDuType(handler)]),
);
