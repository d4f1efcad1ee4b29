/**
 * `npm run verifier-historique`: checks the hash chain of the history
 * (ADR 0033) of the configured database (DATABASE_URL, or
 * the PGlite data directory of DATA_DIR, as `npm run seed`). Prints, in
 * French, each resource and row id that breaks its chain, and exits 1; exits
 * 0 when every chain is intact. Read-only (the migrations it applies on
 * opening aside, as every command).
 */
import { openDatabase } from "../api/db/client.ts";
import { rapportVerification, verifierHistorique } from "../api/db/verification-historique.ts";
import { loadConfig } from "../server/config.ts";

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const debut = performance.now();
  const bilan = await verifierHistorique(database);
  const rapport = rapportVerification(bilan);
  const duree = `(${database.kind}, ${((performance.now() - debut) / 1000).toFixed(1)} s)`;
  process.stdout.write(`${rapport.trimEnd()}\n`);
  if (bilan.ruptures.length > 0) {
    process.stderr.write(`Historique altéré ${duree}.\n`);
    process.exitCode = 1;
  } else process.stdout.write(`Vérification terminée ${duree}.\n`);
} finally {
  await database.close();
}
