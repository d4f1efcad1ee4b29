/**
 * What the handler of an action is given and what it is (DESIGN §3). Its
 * own module, so that the handlers and their table (actions.ts) do not
 * import each other.
 */
import type { DependancesDomaine } from "../dependances.ts";
import type { DemandeRow } from "../acces.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import type { Acteur, Transition } from "../workflow.ts";

/**
 * The services of a handler. The route hands over its whole `ApiDeps`
 * (api/http/deps.ts), whose bearer middleware no handler uses: it is
 * accepted here, typed without Express, so that callers pass those deps as
 * they are.
 */
export type DepsAction = DependancesDomaine & {
  authenticate?(requete: unknown, reponse: unknown, suite: (erreur?: unknown) => void): unknown;
};

/** Everything a handler gets. */
export interface ContexteAction {
  deps: DepsAction;
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
