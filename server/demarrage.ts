/**
 * The one-off start work of the portal, in one place for both ways it
 * starts: a single process (createPortal, server/app.ts) and the cluster's
 * primary before it forks (ADR 0028). Workers then start with
 * `travailleur: true` and do none of it: a worker replaced while others
 * serve must not sweep their uploads in flight.
 */
import type { Database } from "../api/db/client.ts";
import { openDatabase } from "../api/db/client.ts";
import { seedJeuDemo } from "../api/db/seed/demo-dossiers.ts";
import { seedDatabase } from "../api/db/seed/index.ts";
import { createFileStore } from "../api/files/store.ts";
import type { FileStore } from "../api/files/types.ts";
import { loadSigningKeys } from "../idp/index.ts";
import type { Config } from "./config.ts";
import { preparerDataDir } from "./data-dir.ts";
import type { Logger } from "./logger.ts";
import { purgeExpiredSessions } from "./session-storage.ts";

/**
 * What the database needs before the portal serves: migrations, reference
 * and demo accounts, the demo dataset when `DEMO_DATASET` says so (its
 * files in `fichiers`), and the purge of expired sessions.
 * Throws as the seed does (failed migration, database unreachable).
 */
export async function preparerBase(
  config: Config,
  database: Database,
  fichiers: FileStore,
  logger: Logger,
): Promise<void> {
  await seedDatabase(database, { demo: config.demoData, logger });
  if (config.demoDataset) await seedJeuDemo(database, fichiers, { logger });
  await purgeExpiredSessions(database);
}

/**
 * The cluster primary's start work on `config`'s DATA_DIR and database:
 * DATA_DIR's modes and the sweep of temporary files, {@link preparerBase},
 * and the embedded provider's signing keys; then closes the database (the
 * primary serves nothing). Throws as openDatabase or the seed do.
 */
export async function travauxDeDemarrage(config: Config, logger: Logger): Promise<void> {
  await preparerDataDir(config.dataDir, logger);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const fichiers = createFileStore({ dataDir: config.dataDir, s3: config.s3, logger });
    await preparerBase(config, database, fichiers, logger);
    // Generated once here rather than raced by every worker (idp/keys.ts copes, but once is enough).
    if (config.embeddedIdp) await loadSigningKeys(database);
  } finally {
    await database.close();
  }
}
