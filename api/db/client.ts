import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { restreindreDroits } from "../files/droits.ts";
import type { PGlite } from "@electric-sql/pglite";
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
  /**
   * PGlite only: the whole cluster as an uncompressed tar (`dumpDataDir`),
   * to open copies of it with {@link openDatabase}'s `modele`.
   */
  exporter?(): Promise<Blob>;
  /**
   * PGlite only: the embedded client itself, for a library that brings its
   * own PGlite adapter (pg-boss's `fromPglite`, api/jobs/runner.ts).
   */
  pglite?: PGlite;
}

const migrationsFolder = join(import.meta.dirname, "migrations");

/**
 * Opens the database: PostgreSQL when `databaseUrl` is given, otherwise an
 * embedded PGlite stored in `dataDir/pglite` (`memory://` when dataDir is
 * ":memory:"). Applies the committed migrations before returning.
 * `modele` (PGlite in memory only): a cluster from {@link Database.exporter}
 * to start from instead of an empty one; the tests open their migrated and
 * seeded model this way in 0.8 s instead of 7 (tests/helpers/modele-base.ts).
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** Where the pool's connection losses are logged (PostgreSQL only). */
  logger?: JournalPool;
  modele?: Blob;
}): Promise<Database> {
  const database = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.logger)
    : await openPglite(
        options.dataDir === ":memory:" ? "memory://" : join(options.dataDir, "pglite"),
        options.modele,
      );
  return database;
}

/** What the pool logs its connection losses through (a pino logger). */
interface JournalPool {
  warn(details: object, message: string): void;
}

/**
 * How long a request waits for a pool connection, in ms: past it, the
 * request answers 503 (api/http/erreurs-base.ts) rather than hang while
 * PostgreSQL does not answer (ADR 0032).
 */
export const ATTENTE_CONNEXION_MS = 5_000;

async function openPostgres(url: string, logger?: JournalPool): Promise<Database> {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: ATTENTE_CONNEXION_MS,
    // No JIT compilation: the portal's statements last milliseconds, and
    // compiling the few whose estimated cost crosses `jit_above_cost` (the
    // national activity aggregates) took 15 to 45 ms for queries of 20 to
    // 60 ms (ADR 0037).
    options: "-c jit=off",
  });
  // An idle connection PostgreSQL closes (a restart: 57P01) makes the pool
  // emit "error"; unheard, it would end the process. The pool drops that
  // client and opens a new one on the next query (ADR 0032).
  pool.on("error", (error) => {
    logger?.warn({ err: error }, "Connexion à PostgreSQL perdue, elle sera rouverte");
  });
  // A connection checked out for a transaction has no listener of the pool:
  // PostgreSQL ending it between two statements would end the process too.
  // The statement that follows fails instead (503), and the pool drops the
  // broken connection when it comes back.
  pool.on("connect", (client) => {
    client.on("error", () => undefined);
  });
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

async function openPglite(dataDir: string, modele?: Blob): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  // The list search's trigram indexes (migration 0005) need pg_trgm, which
  // PGlite ships as a contrib extension to load at start.
  const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const surDisque = !dataDir.startsWith("memory://");
  if (surDisque) await mkdir(dataDir, { recursive: true, mode: 0o700 });
  if (modele && surDisque) throw new Error("Un modèle PGlite ne s'ouvre qu'en mémoire");
  const client = await PGlite.create(
    modele
      ? { loadDataDir: modele, extensions: { pg_trgm } }
      : { dataDir, extensions: { pg_trgm } },
  );
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder });
  // Password hashes, signing keys, sessions: the portal's account only.
  // PGlite writes its initial files mode 666 and its relation cache 644
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
    exporter: () => client.dumpDataDir("none"),
    pglite: client,
  };
}
