/**
 * `npm run seed`: loads the reference data (and the demo accounts when
 * DEMO_DATA is on, the default on PGlite; the demo dataset when DEMO_DATASET
 * is, as at the portal's start) into the configured database, prints what
 * the database holds, and exits. Idempotent: run twice, same counts.
 *
 * `npm run seed -- --scale N [--reset] [--seed S] [--date AAAA-MM-JJ]` then
 * adds the national-scale dataset of scale N (api/db/seed/scale) and prints
 * the rows written per second, table by table. A missing or invalid option
 * is refused before the database is opened.
 */
import { openDatabase } from "../api/db/client.ts";
import { seedDatabase } from "../api/db/seed/index.ts";
import { seedJeuDemo } from "../api/db/seed/demo-dossiers.ts";
import {
  ErreurEchelle,
  lireArguments,
  type ArgumentsSeed,
} from "../api/db/seed/scale/arguments.ts";
import { chargerEchelle, type BilanEchelle } from "../api/db/seed/scale/index.ts";
import { createFileStore } from "../api/files/store.ts";
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

let options: ArgumentsSeed;
try {
  options = lireArguments(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof ErreurEchelle)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(2);
}

/** "12 345": French thousands. */
const nombre = (valeur: number) =>
  Math.round(valeur)
    .toLocaleString("fr-FR")
    .replace(/\u202f/g, " ");

/** The table of rows written per table, with rows per second. */
function rapport(bilan: BilanEchelle, moteur: string): string {
  const lignes = [
    `Jeu de données à l'échelle ${bilan.plan.options.echelle} (${moteur}, graine ${bilan.plan.options.graine}, au ${bilan.plan.options.aujourdhui}) chargé en ${(bilan.dureeMs / 1000).toFixed(1)} s :`,
    `  ${"table".padEnd(22)} ${"lignes".padStart(10)} ${"secondes".padStart(9)} ${"lignes/s".padStart(10)}`,
  ];
  let total = 0;
  let totalMs = 0;
  for (const [table, { lignes: n, ms }] of bilan.mesures) {
    // The total is of rows written: the plan and the numbers are timed apart.
    if (n > 0) {
      total += n;
      totalMs += ms;
    }
    lignes.push(
      `  ${table.padEnd(22)} ${(n ? nombre(n) : "").padStart(10)} ${(ms / 1000).toFixed(2).padStart(9)} ${(n ? nombre((n * 1000) / Math.max(ms, 1)) : "").padStart(10)}`,
    );
  }
  lignes.push(
    `  ${"total".padEnd(22)} ${nombre(total).padStart(10)} ${(totalMs / 1000).toFixed(2).padStart(9)} ${nombre((total * 1000) / Math.max(totalMs, 1)).padStart(10)}`,
  );
  if (bilan.supprimees.size > 0)
    lignes.push(
      `  (--reset : ${nombre([...bilan.supprimees.values()].reduce((a, b) => a + b, 0))} lignes du jeu précédent supprimées)`,
    );
  return `${lignes.join("\n")}\n`;
}

const config = loadConfig();
const logger = createLogger(config.logLevel);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const started = performance.now();
  await seedDatabase(database, { demo: config.demoData, logger });
  // The demo dataset, as at the portal's start (DEMO_DATASET), unless a scale dataset is asked.
  if (config.demoDataset && options.echelle === undefined)
    await seedJeuDemo(database, createFileStore({ dataDir: config.dataDir, s3: config.s3 }), {
      logger,
    });
  const lines: string[] = [];
  for (const [table, label] of TABLES) {
    const [row] = await database.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    lines.push(`  ${label.padEnd(28)} ${String(row.n).padStart(7)}`);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `Données chargées (${database.kind}${config.demoData ? ", avec démonstration" : ""}) en ${seconds} s :\n${lines.join("\n")}\n`,
  );
  if (options.echelle !== undefined) {
    try {
      const fichiers = createFileStore({ dataDir: config.dataDir, s3: config.s3 });
      const bilan = await chargerEchelle(database, fichiers, {
        echelle: options.echelle,
        graine: options.graine,
        aujourdhui: options.aujourdhui,
        reinitialiser: options.reinitialiser,
        journal: (ligne) => process.stdout.write(`${ligne}\n`),
      });
      process.stdout.write(rapport(bilan, database.kind));
    } catch (error) {
      if (!(error instanceof ErreurEchelle)) throw error;
      process.stderr.write(`${error.message}\n`);
      process.exitCode = 1;
    }
  }
} finally {
  await database.close();
}
