import type { Request, Response } from "express";
import { createLocalJWKSet, jwtVerify, type JWK } from "jose";
import type { Database } from "../api/db/client.ts";
import type { IdpConfig } from "./config.ts";
import { findActiveAccount } from "./accounts.ts";

const PRIVATE_MEMBERS = ["d", "p", "q", "dp", "dq", "qi", "oth", "k"] as const;

/** The public halves of the provider's signing keys. */
export function publicKeys(jwks: { keys: JWK[] }): { keys: JWK[] } {
  return {
    keys: jwks.keys.map((key) => {
      const copy: Record<string, unknown> = { ...key };
      for (const member of PRIVATE_MEMBERS) delete copy[member];
      return copy as JWK;
    }),
  };
}

/**
 * Keycloak-compatible userinfo endpoint (GET or POST, `Authorization: Bearer`):
 * accepts the provider's JWT access tokens for the API audience, which
 * oidc-provider's own userinfo refuses because they name a resource server.
 * Answers the claims of the token's scopes (sub always; email,
 * email_verified; given_name, family_name, name, preferred_username), or 401
 * with `WWW-Authenticate: Bearer error="invalid_token"`.
 */
export function userinfoHandler(deps: {
  config: IdpConfig;
  database: Database;
  jwks: { keys: JWK[] };
}) {
  const { config, database } = deps;
  const keySet = createLocalJWKSet(publicKeys(deps.jwks));

  return async (req: Request, res: Response) => {
    res.set("Cache-Control", "no-store");
    const match = /^Bearer\s+(\S+)$/i.exec(req.get("authorization") ?? "");
    const refuse = () =>
      res
        .status(401)
        .set("WWW-Authenticate", 'Bearer error="invalid_token"')
        .json({ error: "invalid_token", error_description: "Jeton d'accès invalide" });
    if (!match) return refuse();
    try {
      const { payload } = await jwtVerify(match[1], keySet, {
        issuer: config.oidcIssuer,
        audience: config.oidcAudience,
        clockTolerance: 5,
        requiredClaims: ["sub", "exp"],
      });
      const row = await findActiveAccount(database, String(payload.sub));
      if (!row) return refuse();
      const scopes = new Set(String(payload.scope ?? "").split(" "));
      res.json({
        sub: row.idIdp,
        ...(scopes.has("email") ? { email: row.email, email_verified: true } : {}),
        ...(scopes.has("profile")
          ? {
              given_name: row.prenom,
              family_name: row.nom,
              name: `${row.prenom} ${row.nom}`.trim(),
              preferred_username: row.email.toLowerCase(),
            }
          : {}),
      });
    } catch {
      refuse();
    }
  };
}
