/**
 * The handlers of POST /api/{kind}/{id}/action (spec §7), one per action of
 * the transition table (DESIGN §3). The route has already checked that the
 * action is in the user's `actionsDisponibles` and that the version is
 * current; a handler checks its own input and guards, then writes the
 * transition with `ecrireTransition`. Issue 4 adds the instruction-side
 * handlers to {@link HANDLERS_ACTION}; an action without a handler answers
 * 403.
 */
import type { ActionDemande } from "../../../contract/etats.ts";
import type { UtilisateurConnecte } from "../../http/auth.ts";
import type { ApiDeps } from "../../http/deps.ts";
import type { DemandeRow } from "../acces.ts";
import type { Acteur, Transition } from "../workflow.ts";
import { annulerDemande } from "./annulation.ts";
import { deposerDemande } from "./depot.ts";

/** Everything a handler gets. */
export interface ContexteAction {
  deps: ApiDeps;
  /** The request as loaded for this call; its etat and version guard the write. */
  demande: DemandeRow;
  utilisateur: UtilisateurConnecte;
  /** The table row that allowed the action, and the role the user acts in. */
  transition: Transition;
  role: Acteur;
  /** The form fields as posted (urlencoded, multipart or JSON), `key[]` read as `key`. */
  corps: Record<string, unknown>;
  /** Files of a multipart body (DONNER_COMPLEMENT: `fichier`, `fichier1`…). */
  fichiers: Express.Multer.File[];
  /** The API clock's now, read once per request. */
  maintenant: Date;
}

/** Executes one action; resolves once the transition is committed. */
export type HandlerAction = (contexte: ContexteAction) => Promise<void>;

/** Handlers by action. Missing ones are not implemented yet (403). */
export const HANDLERS_ACTION: Partial<Record<ActionDemande, HandlerAction>> = {
  DEPOSER: deposerDemande,
  ANNULER_DEMANDE: annulerDemande,
};
