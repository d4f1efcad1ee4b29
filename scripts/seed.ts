/**
 * `npm run seed`: loads the reference data (and the demo data when DEMO_DATA
 * is on, the default on PGlite) into the configured database, prints what
 * the database holds, and exits. Idempotent: run twice, same counts.
 */
import { openDatabase } from "../api/db/client.ts";
import { seedDatabase } from "../api/db/seed/index.ts";
import { loadConfig } from "../server/config.ts";
import { createLogger } from "../server/logger.ts";

const TABLES = [
  ["region", "régions"],
  ["departement", "départements"],
  ["epci", "EPCI"],
  ["commune", "communes"],
  ["commune_code_postal", "codes postaux de communes"],
  ["service_instructeur", "services instructeurs"],
  ["arrete", "arrêtés"],
  ["forme_juridique", "formes juridiques"],
  ["feature_flag", "fonctionnalités"],
  ["bandeau_informatif", "bandeaux d'information"],
  ["societe", "sociétés"],
  ["utilisateur", "utilisateurs"],
] as const;

const config = loadConfig();
const logger = createLogger(config.logLevel);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const started = performance.now();
  await seedDatabase(database, { demo: config.demoData, logger });
  const lines: string[] = [];
  for (const [table, label] of TABLES) {
    const [row] = await database.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    lines.push(`  ${label.padEnd(28)} ${String(row.n).padStart(7)}`);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `Données chargées (${database.kind}${config.demoData ? ", avec démonstration" : ""}) en ${seconds} s :\n${lines.join("\n")}\n`,
  );
} finally {
  await database.close();
}
