/**
 * The PGlite model of the test run (vitest `globalSetup`): without
 * DATABASE_URL, every test portal used to create its PGlite cluster, apply
 * the migrations and load the reference data and demo accounts: ≈ 7 s of
 * processor each, more than half of the PGlite pass. This builds that
 * database once per run and writes it as a tar to a private temporary
 * directory; `startTestPortal` opens a copy of it in memory (≈ 0.8 s), then
 * runs the same start-up as always (migrations and seeds find nothing left
 * to do). The model is rebuilt from the working tree at each run, so it
 * never lags behind a migration or a seed.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../api/db/client.ts";
import { seedDatabase } from "../../api/db/seed/index.ts";
import { createLogger } from "../../server/logger.ts";

/** Environment variable through which the workers find the model's file. */
export const VARIABLE_MODELE = "TEST_PGLITE_MODELE";

/** Builds the model (PGlite only); returns the teardown that removes it. */
export default async function construireModele(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.DATABASE_URL) return undefined;
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
