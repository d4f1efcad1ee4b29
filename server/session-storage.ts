import { randomBytes } from "node:crypto";
import { createCookie, createSessionStorage } from "@remix-run/node";
import { eq, lt } from "drizzle-orm";
import type { Database } from "../api/db/client.ts";
import { sessions } from "../api/db/schema.ts";
import type { FlashData, SessionData } from "../app/.server/context.ts";
import type { Config } from "./config.ts";

/**
 * Server-side sessions in the `session` table; the browser holds only a signed
 * id in an HttpOnly, SameSite=Lax cookie (Secure when the portal is on https).
 */
export function createDatabaseSessionStorage(config: Config, database: Database) {
  const { db } = database;
  const cookie = createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    secure: config.publicUrl.startsWith("https:"),
    path: "/",
    secrets: [config.sessionSecret],
    maxAge: config.sessionTtlSeconds,
  });
  const expiry = (expires?: Date) =>
    expires ?? new Date(Date.now() + config.sessionTtlSeconds * 1000);
  return createSessionStorage<SessionData, FlashData>({
    cookie,
    async createData(data, expires) {
      const id = randomBytes(24).toString("base64url");
      await db.insert(sessions).values({ id, data, expiresAt: expiry(expires) });
      return id;
    },
    async readData(id) {
      const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
      if (!row || row.expiresAt.getTime() < Date.now()) return null;
      return row.data as Partial<SessionData & FlashData>;
    },
    async updateData(id, data, expires) {
      await db
        .insert(sessions)
        .values({ id, data, expiresAt: expiry(expires) })
        .onConflictDoUpdate({ target: sessions.id, set: { data, expiresAt: expiry(expires) } });
    },
    async deleteData(id) {
      await db.delete(sessions).where(eq(sessions.id, id));
    },
  });
}

/** Deletes expired sessions; run at start and periodically. */
export async function purgeExpiredSessions(database: Database) {
  await database.db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
}
