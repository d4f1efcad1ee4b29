import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from "jose";
import type { Database } from "../api/db/client.ts";
import { meta } from "../api/db/schema.ts";

/** `meta` key under which the provider's private signing keys are kept. */
export const JWKS_META_KEY = "oidc_jwks";

/**
 * The provider's private signing keys (`{ keys: [RS256 JWK with kid] }`).
 * Generated on first use and stored in the `meta` table, so restarts and
 * every instance sign with the same key and tokens stay valid. When two
 * instances start at once, the first insert wins and both use it.
 */
export async function loadSigningKeys(database: Database): Promise<{ keys: JWK[] }> {
  const stored = await readKeys(database);
  if (stored) return stored;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const jwk = await exportJWK(privateKey);
  const key: JWK = { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: "RS256", use: "sig" };
  await database.db
    .insert(meta)
    .values({ key: JWKS_META_KEY, value: JSON.stringify({ keys: [key] }) })
    .onConflictDoNothing();
  const kept = await readKeys(database);
  if (!kept) throw new Error("Clés de signature du fournisseur d'identité introuvables");
  return kept;
}

async function readKeys(database: Database): Promise<{ keys: JWK[] } | undefined> {
  const [row] = await database.db.select().from(meta).where(eq(meta.key, JWKS_META_KEY));
  return row ? (JSON.parse(row.value) as { keys: JWK[] }) : undefined;
}

/**
 * Keys that sign the provider's cookies, derived from SESSION_SECRET so every
 * instance agrees without another secret to manage.
 */
export function cookieKeys(sessionSecret: string): string[] {
  return [createHmac("sha256", sessionSecret).update("oidc-provider cookies").digest("base64url")];
}
