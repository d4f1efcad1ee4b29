/**
 * Bearer authentication of the API (DESIGN §2): the access token is verified
 * against the issuer's published keys (JWKS), then the `utilisateur` row is
 * created or refreshed from its claims and attached to the request.
 */
import { eq, sql } from "drizzle-orm";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import { LRUCache } from "lru-cache";
import { hasAnyRole, ROLE_GATES, businessRoles, type RoleGate } from "../../contract/roles.ts";
import type { Logger } from "pino";
import type { ApiConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { utilisateurs } from "../db/schema.ts";
import { requetePreparee } from "../domain/requetes-preparees.ts";
import type { UtilisateurConnecte, UtilisateurRow } from "../domain/utilisateur-connecte.ts";
import { conflict, forbidden, unauthorized } from "./errors.ts";

// The type lives in the domain, which must not import HTTP; routes keep importing it from here.
export type { UtilisateurConnecte, UtilisateurRow };

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by `authenticate` on every authenticated route. */
      utilisateur?: UtilisateurConnecte;
    }
  }
}

/** Keycloak-shaped access-token claims the API reads. */
interface AccessTokenClaims extends JWTPayload {
  email?: string;
  given_name?: string;
  family_name?: string;
  realm_access?: { roles?: unknown[] };
}

const CLOCK_TOLERANCE_SECONDS = 5;

/**
 * How many verified access tokens `authenticate` remembers (ADR 0029):
 * a page's API calls, and a user's next pages within the token's
 * 5 minutes, skip the signature check. A few KB each.
 */
const VERIFIED_TOKENS_MAX = 1000;

/** Claims of a token already verified, and until when (ms since epoch) `jwtVerify` would still accept it. */
interface VerifiedToken {
  claims: AccessTokenClaims;
  acceptedUntil: number;
}

/**
 * Middleware factory: `authenticate` rejects a request without a valid
 * `Authorization: Bearer <jwt>` (signature from the issuer's JWKS, issuer,
 * audience, expiry ± 5 s) with 401 `{ message: "Authentification requise" }`
 * and `WWW-Authenticate: Bearer`; on success sets `req.utilisateur` and
 * `Cache-Control: no-store`.
 */
export function createAuthenticator(deps: {
  config: ApiConfig;
  database: Database;
  logger: Logger;
}): RequestHandler {
  const { config, database, logger } = deps;
  const jwks = createRemoteJWKSet(new URL(jwksUrl(config)));
  // Verification is pure (signature, issuer, audience, expiry): its answer for a
  // token only changes when the token expires. The API never asked the provider
  // whether a token was revoked (a sign-out ends the provider's and the portal's
  // sessions; an access token stays valid for its 5 minutes, ADR 0029), and the
  // user's row is still read on every call below: a deleted account is refused
  // at once. Only valid tokens are remembered.
  const verified = new LRUCache<string, VerifiedToken>({ max: VERIFIED_TOKENS_MAX });

  return async (req: Request, res: Response, next: NextFunction) => {
    res.set("Cache-Control", "no-store");
    const match = /^Bearer\s+(\S+)$/i.exec(req.get("authorization") ?? "");
    if (!match) throw unauthorized();
    const token = match[1];
    let claims: AccessTokenClaims;
    const known = verified.get(token);
    if (known && Date.now() < known.acceptedUntil) {
      claims = known.claims;
    } else {
      if (known) verified.delete(token);
      try {
        ({ payload: claims } = await jwtVerify<AccessTokenClaims>(token, jwks, {
          issuer: config.oidcIssuer,
          audience: config.oidcAudience,
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ["sub", "exp"],
        }));
      } catch (error) {
        logger.debug({ reason: (error as Error).name }, "Jeton d'accès refusé");
        throw unauthorized();
      }
      // jwtVerify accepts the token while now − tolerance < exp (seconds).
      verified.set(token, {
        claims,
        acceptedUntil: (claims.exp! + CLOCK_TOLERANCE_SECONDS) * 1000,
      });
    }
    const row = await syncUtilisateur(database, claims, !config.embeddedIdp);
    if (!row) throw unauthorized();
    req.utilisateur = { row, roles: businessRoles(row.roles) };
    next();
  };
}

/**
 * Keycloak's JWKS path under the issuer. The embedded provider serves the
 * same path in this very process, so its keys are read over the loopback
 * (API_URL) rather than through the public address, which a container may
 * not be able to reach.
 */
export function jwksUrl(config: ApiConfig): string {
  const base = config.embeddedIdp
    ? `${config.apiUrl}${new URL(config.oidcIssuer).pathname}`
    : config.oidcIssuer;
  return `${base}/protocol/openid-connect/certs`;
}

function sameRoles(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((role, index) => role === b[index]);
}

/** The user of an identity-provider subject: read on every authenticated call (ADR 0035). */
const utilisateurParSub = requetePreparee("auth_utilisateur_par_sub", (db, nom) =>
  db
    .select()
    .from(utilisateurs)
    .where(eq(utilisateurs.idIdp, sql.placeholder("sub")))
    .prepare(nom),
);

/**
 * Reads the user of `claims.sub` and refreshes e-mail, names and realm roles
 * when the token says otherwise (one SELECT in the usual case). With an
 * external provider (`creer`), creates the row on first sight; a token
 * without e-mail for an unknown user returns undefined. With the embedded
 * provider, whose accounts are these very rows, an unknown `sub` is an
 * account deleted since its token was issued (ADR 0022): undefined, so that
 * a still-valid token cannot bring it back as an empty row.
 * Never touches password, company or service.
 */
async function syncUtilisateur(
  database: Database,
  claims: AccessTokenClaims,
  creer: boolean,
): Promise<UtilisateurRow | undefined> {
  const sub = claims.sub!;
  const roles = Array.isArray(claims.realm_access?.roles)
    ? claims.realm_access.roles.filter((role): role is string => typeof role === "string")
    : undefined;
  const [existing] = await utilisateurParSub(database.db).execute({ sub });
  if (existing) {
    const changes: Partial<typeof utilisateurs.$inferInsert> = {};
    if (claims.email && claims.email !== existing.email) changes.email = claims.email;
    if (claims.given_name !== undefined && claims.given_name !== existing.prenom)
      changes.prenom = claims.given_name;
    if (claims.family_name !== undefined && claims.family_name !== existing.nom)
      changes.nom = claims.family_name;
    if (roles && !sameRoles(roles, existing.roles)) changes.roles = roles;
    if (Object.keys(changes).length === 0) return existing;
    const [updated] = await guardEmail(() =>
      database.db
        .update(utilisateurs)
        .set({ ...changes, dateModification: new Date() })
        .where(eq(utilisateurs.id, existing.id))
        .returning(),
    );
    return updated;
  }
  if (!creer || !claims.email) return undefined;
  const [created] = await guardEmail(() =>
    database.db
      .insert(utilisateurs)
      .values({
        idIdp: sub,
        email: claims.email!,
        prenom: claims.given_name ?? "",
        nom: claims.family_name ?? "",
        roles: roles ?? [],
      })
      .onConflictDoUpdate({
        // Two first requests of the same user at once: the second one updates.
        target: utilisateurs.idIdp,
        set: {
          email: claims.email!,
          prenom: claims.given_name ?? "",
          nom: claims.family_name ?? "",
          roles: roles ?? [],
        },
      })
      .returning(),
  );
  return created;
}

/** The e-mail belongs to another account of the database: 409 rather than 500. */
async function guardEmail<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const code =
      (error as { code?: string; cause?: { code?: string } }).code ??
      (error as { cause?: { code?: string } }).cause?.code;
    if (code === "23505")
      throw conflict("Cette adresse électronique est déjà utilisée par un autre compte.");
    throw error;
  }
}

/** The signed-in user of a request that went through `authenticate`. */
export function currentUser(req: Request): UtilisateurConnecte {
  if (!req.utilisateur) throw unauthorized();
  return req.utilisateur;
}

/** Role gate of spec §6: 403 `{ message: "Forbidden" }` unless the user holds one of the gate's roles. */
export function requireGate(gate: RoleGate): RequestHandler {
  const wanted = ROLE_GATES[gate];
  return (req, _res, next) => {
    if (!hasAnyRole(currentUser(req).roles, wanted)) throw forbidden();
    next();
  };
}
