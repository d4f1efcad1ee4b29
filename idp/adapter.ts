import { and, eq, lt } from "drizzle-orm";
import type { Adapter, AdapterConstructor, AdapterPayload } from "oidc-provider";
import type { Database } from "../api/db/client.ts";
import { oidcPayloads } from "../api/db/schema.ts";

type Row = typeof oidcPayloads.$inferSelect;

/** A stored row as oidc-provider expects it: absent once expired, `consumed` (epoch s) once used. */
function toPayload(row: Row | undefined): AdapterPayload | undefined {
  if (!row) return undefined;
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return undefined;
  const payload = row.payload as AdapterPayload;
  return row.consumedAt
    ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) }
    : payload;
}

/**
 * oidc-provider storage in the `oidc_payload` table, so sessions, codes,
 * refresh tokens and grants survive restarts and are shared by every
 * instance. One adapter per model name (`type` column); rows past
 * `expires_at` count as absent (purgeExpiredOidcPayloads deletes them).
 */
export function createOidcAdapter(database: Database): AdapterConstructor {
  const { db } = database;

  return class OidcPayloadAdapter implements Adapter {
    constructor(readonly name: string) {}

    private async findOne(column: "id" | "uid" | "userCode", value: string) {
      const [row] = await db
        .select()
        .from(oidcPayloads)
        .where(and(eq(oidcPayloads.type, this.name), eq(oidcPayloads[column], value)))
        .limit(1);
      return toPayload(row);
    }

    /** Inserts or replaces `id`; `expiresIn` in seconds (none: kept until destroyed). */
    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      const values = {
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
      };
      await db
        .insert(oidcPayloads)
        .values({ id, type: this.name, ...values })
        .onConflictDoUpdate({ target: [oidcPayloads.id, oidcPayloads.type], set: values });
    }

    async find(id: string) {
      return this.findOne("id", id);
    }

    async findByUid(uid: string) {
      return this.findOne("uid", uid);
    }

    async findByUserCode(userCode: string) {
      return this.findOne("userCode", userCode);
    }

    async consume(id: string) {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: new Date() })
        .where(and(eq(oidcPayloads.id, id), eq(oidcPayloads.type, this.name)));
    }

    async destroy(id: string) {
      await db
        .delete(oidcPayloads)
        .where(and(eq(oidcPayloads.id, id), eq(oidcPayloads.type, this.name)));
    }

    /** Every artefact of the grant goes, whatever its model (like oidc-provider's memory adapter). */
    async revokeByGrantId(grantId: string) {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    }
  };
}

/** Deletes the provider's expired rows; returns how many went. Safe to run from any instance at any time. */
export async function purgeExpiredOidcPayloads(database: Database): Promise<number> {
  const removed = await database.db
    .delete(oidcPayloads)
    .where(lt(oidcPayloads.expiresAt, new Date()))
    .returning({ id: oidcPayloads.id });
  return removed.length;
}
