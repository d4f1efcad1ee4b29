import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { and, eq, sql } from "drizzle-orm";
import type { Account, AccountClaims } from "oidc-provider";
import type { Database } from "../api/db/client.ts";
import { utilisateurs } from "../api/db/schema.ts";

type UtilisateurRow = typeof utilisateurs.$inferSelect;

/** Identity claims shared by the ID token, userinfo and the access token. */
function identityClaims(row: UtilisateurRow) {
  return {
    email: row.email,
    given_name: row.prenom,
    family_name: row.nom,
    name: `${row.prenom} ${row.nom}`.trim(),
  };
}

/** The active account whose `sub` (id_idp) is `idIdp`, if any. */
export async function findActiveAccount(
  database: Database,
  idIdp: string,
): Promise<UtilisateurRow | undefined> {
  const [row] = await database.db
    .select()
    .from(utilisateurs)
    .where(and(eq(utilisateurs.idIdp, idIdp), eq(utilisateurs.statut, "actif")))
    .limit(1);
  return row;
}

/**
 * oidc-provider's `findAccount`: the `utilisateur` row whose id_idp is the
 * `sub`. A deleted or pending account yields undefined, which ends its
 * sessions and refuses its refresh tokens. Claims: sub, email,
 * email_verified, given_name, family_name, name, preferred_username.
 */
export function accountFinder(database: Database) {
  return async (_ctx: unknown, sub: string): Promise<Account | undefined> => {
    const row = await findActiveAccount(database, sub);
    if (!row) return undefined;
    return {
      accountId: row.idIdp,
      claims: async (): Promise<AccountClaims> => ({
        sub: row.idIdp,
        ...identityClaims(row),
        // Only confirmed accounts are active: their address was proven.
        email_verified: true,
        preferred_username: row.email.toLowerCase(),
      }),
    };
  };
}

/**
 * Keycloak-shaped claims added to the access token of `accountId` (spec §6:
 * the API reads `realm_access.roles`): realm roles, identity, `azp`.
 * Undefined when the account no longer exists or is not active.
 */
export async function accessTokenClaims(
  database: Database,
  accountId: string,
  clientId: string,
): Promise<Record<string, unknown> | undefined> {
  const row = await findActiveAccount(database, accountId);
  if (!row) return undefined;
  return {
    realm_access: { roles: row.roles },
    ...identityClaims(row),
    preferred_username: row.email.toLowerCase(),
    azp: clientId,
  };
}

let decoyHash: Promise<string> | undefined;

/** Outcome of a sign-in attempt: the account, or why it is refused. */
export type CredentialsCheck =
  { status: "ok"; account: UtilisateurRow } | { status: "pending" } | { status: "invalid" };

/**
 * Checks an e-mail (case-insensitive) and password against the accounts
 * (argon2 hash in `password_hash`). `ok` for an active account and the right
 * password; `pending` for the right password of an account whose e-mail is
 * not confirmed yet (spec §9: it cannot sign in), so only its owner learns
 * that; `invalid` for an unknown or password-less account and for a wrong
 * password. An unknown address still costs one argon2 verification, so
 * timing does not tell which accounts exist.
 */
export async function verifyCredentials(
  database: Database,
  email: string,
  password: string,
): Promise<CredentialsCheck> {
  const [row] = await database.db
    .select()
    .from(utilisateurs)
    .where(sql`lower(${utilisateurs.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  decoyHash ??= hash(randomBytes(32).toString("base64url"));
  const stored = row?.passwordHash ?? (await decoyHash);
  const valid = await verify(stored, password).catch(() => false);
  if (!row?.passwordHash || !valid) return { status: "invalid" };
  return row.statut === "actif" ? { status: "ok", account: row } : { status: "pending" };
}

/** Records a successful sign-in (`date_derniere_connexion`). */
export async function recordLogin(database: Database, id: string): Promise<void> {
  await database.db
    .update(utilisateurs)
    .set({ dateDerniereConnexion: new Date() })
    .where(eq(utilisateurs.id, id));
}
