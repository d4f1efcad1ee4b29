/**
 * The one-off start work of the portal, done once by the cluster's primary
 * before it forks (ADR 0028), as createPortal does it for a single process
 * (server/app.ts): DATA_DIR's modes and the sweep of the file store's
 * temporary files, then migrations, reference and demo data, the purge of
 * expired sessions and the embedded provider's signing keys. Workers then
 * start with `travailleur: true` and do none of it: a worker replaced
 * while others serve must not sweep their uploads in flight.
 */
import { openDatabase } from "../api/db/client.ts";
import { seedDatabase } from "../api/db/seed/index.ts";
import { loadSigningKeys } from "../idp/index.ts";
import type { Config } from "./config.ts";
import { preparerDataDir } from "./data-dir.ts";
import type { Logger } from "./logger.ts";
import { purgeExpiredSessions } from "./session-storage.ts";

/**
 * Runs the start work on `config`'s DATA_DIR and database, then closes the
 * database (the primary serves nothing). Throws as openDatabase or the
 * seed do (database unreachable, failed migration).
 */
export async function travauxDeDemarrage(config: Config, logger: Logger): Promise<void> {
  await preparerDataDir(config.dataDir, logger);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await seedDatabase(database, { demo: config.demoData, logger });
    await purgeExpiredSessions(database);
    // Generated once here rather than raced by every worker (idp/keys.ts copes, but once is enough).
    if (config.embeddedIdp) await loadSigningKeys(database);
  } finally {
    await database.close();
  }
}
