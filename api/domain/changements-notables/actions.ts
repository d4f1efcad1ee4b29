/**
 * The handlers of a perimeter extension's own draft actions (ADR 0020), run
 * by POST /api/changement-notable/{id}/action in place of the approval
 * request's for these actions: ENREGISTRER_BROUILLON, VALIDER_DEPOSER and
 * DEPOSER (2-month clock). Every other action of a notable change is the
 * shared instruction path's (api/domain/demandes/actions.ts).
 */
import type { ActionDemande } from "../../../contract/etats.ts";
import type { HandlerAction } from "../demandes/contexte-action.ts";
import { deposerExtension, validerDeposerExtension } from "./depot.ts";
import { enregistrerBrouillonExtension } from "./etapes.ts";

/** Handlers by action, for a file of kind `changement-notable` only. */
export const HANDLERS_EXTENSION: Partial<Record<ActionDemande, HandlerAction>> = {
  ENREGISTRER_BROUILLON: enregistrerBrouillonExtension,
  VALIDER_DEPOSER: validerDeposerExtension,
  DEPOSER: deposerExtension,
};

/**
 * The handler of `action` on a file of `kind` when the extension has its
 * own (a notable change's draft actions); undefined otherwise, so that the
 * caller falls back to the shared handlers.
 */
export function handlerExtension(kind: string, action: string): HandlerAction | undefined {
  if (kind !== "changement-notable") return undefined;
  return HANDLERS_EXTENSION[action as ActionDemande];
}
