/**
 * The signed-in user as the domain sees it: the HTTP layer
 * (api/http/auth.ts) builds it from a verified access token and hands it to
 * the rules; the rules never read a request.
 */
import type { Role } from "../../contract/roles.ts";
import type { utilisateurs } from "../db/schema.ts";

/** A row of the `utilisateur` table. */
export type UtilisateurRow = typeof utilisateurs.$inferSelect;

/** The signed-in user of a request: the database row plus its business roles. */
export interface UtilisateurConnecte {
  row: UtilisateurRow;
  /** Business roles of the token (contract/roles.ts), in the order of ROLES. */
  roles: Role[];
}
