/**
 * The model database of the test run (vitest `globalSetup`): every test
 * portal used to create its database, apply the migrations and load the
 * reference data and demo accounts (≈ 7 s of processor on PGlite). This
 * builds that database once per run; each test file then starts from a copy
 * of it (ADR 0039, ADR 0040):
 * - on PGlite (no DATABASE_URL), a tar in a private temporary directory,
 *   opened in memory by `startTestPortal` (≈ 0.8 s);
 * - on PostgreSQL (DATABASE_URL, the run's throw-away database of
 *   scripts/test-database.ts), a template database `<run>_modele`, copied
 *   by tests/helpers/base-du-fichier.ts into a database of the file's own, so
 *   that files run side by side without seeing each other's rows.
 * The model is rebuilt from the working tree at each run, so it never lags
 * behind a migration or a seed.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openDatabase } from "../../api/db/client.ts";
import { seedDatabase } from "../../api/db/seed/index.ts";
import { createLogger } from "../../server/logger.ts";

/** Environment variable through which the workers find the PGlite model's file. */
export const VARIABLE_MODELE = "TEST_PGLITE_MODELE";
/** Environment variable naming the PostgreSQL template database of the run. */
export const VARIABLE_MODELE_POSTGRES = "TEST_POSTGRES_MODELE";

/** `url` with its database name replaced by `base`. */
export function urlDeLaBase(url: string, base: string): string {
  const cible = new URL(url);
  cible.pathname = `/${base}`;
  return cible.href;
}

/**
 * Runs `travail` with a client on the server's maintenance database
 * (`postgres`), where databases are created and dropped.
 */
export async function surLeServeur<T>(
  url: string,
  travail: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: urlDeLaBase(url, "postgres") });
  await client.connect();
  try {
    return await travail(client);
  } finally {
    await client.end();
  }
}

/** Builds the model of the engine the run targets; returns the teardown that removes it. */
export default async function construireModele(): Promise<() => Promise<void>> {
  return process.env.DATABASE_URL
    ? construireModelePostgres(process.env.DATABASE_URL)
    : construireModelePglite();
}

/**
 * Writes the PGlite model (migrated, seeded as DEMO_DATA=true) to a private
 * temporary file named by VARIABLE_MODELE; returns the teardown. Also the
 * Playwright `globalSetup`, for the in-memory portals of the browser tests.
 */
export async function construireModelePglite(): Promise<() => Promise<void>> {
  const database = await openDatabase({ dataDir: ":memory:" });
  let dossier: string;
  try {
    // What startTestPortal's default configuration seeds (DEMO_DATA=true).
    await seedDatabase(database, { demo: true, logger: createLogger("silent") });
    const modele = await database.exporter!();
    dossier = await mkdtemp(join(tmpdir(), "portail-mar-modele-"));
    const fichier = join(dossier, "pglite.tar");
    await writeFile(fichier, Buffer.from(await modele.arrayBuffer()), { mode: 0o600 });
    process.env[VARIABLE_MODELE] = fichier;
  } finally {
    await database.close();
  }
  return async () => {
    await rm(dossier, { recursive: true, force: true });
  };
}

async function construireModelePostgres(url: string): Promise<() => Promise<void>> {
  const run = new URL(url).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(run)) throw new Error(`Nom de base inattendu : ${run}`);
  const modele = `${run}_modele`;
  await surLeServeur(url, (client) => client.query(`create database ${modele}`));
  // Migrated by openDatabase, then seeded as startTestPortal's default (DEMO_DATA=true).
  const database = await openDatabase({
    dataDir: ":memory:",
    databaseUrl: urlDeLaBase(url, modele),
  });
  try {
    await seedDatabase(database, { demo: true, logger: createLogger("silent") });
  } finally {
    await database.close();
  }
  process.env[VARIABLE_MODELE_POSTGRES] = modele;
  return async () => {
    // The model and any file's database a crashed worker left behind.
    await surLeServeur(url, async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        "select datname from pg_database where datname like $1",
        [`${run}\\_%`],
      );
      for (const { datname } of rows)
        await client.query(`drop database if exists ${datname} with (force)`);
    });
  };
}
