import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { restreindreDroits } from "../files/droits.ts";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** The drizzle database, whichever engine runs underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgresql";
  /** Runs raw SQL without parameters (several statements allowed). */
  exec(sqlText: string): Promise<void>;
  /** Runs one parameterised statement and returns its rows. */
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

const migrationsFolder = join(import.meta.dirname, "migrations");

/**
 * Opens the database: PostgreSQL when `databaseUrl` is given, otherwise an
 * embedded PGlite stored in `dataDir/pglite` (`memory://` when dataDir is
 * ":memory:"). Applies the committed migrations before returning.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : await openPglite(
        options.dataDir === ":memory:" ? "memory://" : join(options.dataDir, "pglite"),
      );
  return database;
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzle(pool, { schema });
  await migrate(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: "postgresql",
    exec: async (text) => {
      await pool.query(text);
    },
    query: async <T>(text: string, params: unknown[] = []) =>
      (await pool.query(text, params)).rows as T[],
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  // The list search's trigram indexes (migration 0005) need pg_trgm, which
  // PGlite ships as a contrib extension to load at start.
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const surDisque = !dataDir.startsWith("memory://");
  if (surDisque) await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const client = await PGlite.create(dataDir, { extensions: { pg_trgm } });
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  // Password hashes, signing keys, sessions: the portal's account only (issue 20
  // item 4). PGlite writes its initial files mode 666 and its relation cache 644
  // whatever the umask; what Postgres creates afterwards follows the umask (077,
  // server/data-dir.ts), and the folder is 700 anyway.
  if (surDisque) await restreindreDroits(dataDir);
  return {
    db: db as unknown as Db,
    kind: "pglite",
    exec: async (text) => {
      await client.exec(text);
    },
    query: async <T>(text: string, params: unknown[] = []) =>
      (await client.query(text, params)).rows as T[],
    close: () => client.close(),
  };
}
