/**
 * The SQL of `/activite` passed to EXPLAIN: runs every
 * indicator and breakdown function of api/domain/activites for a demo
 * account (`--compte centrale|superviseur|instructeur`, default centrale)
 * against an already seeded PostgreSQL database, unfiltered and filtered
 * as the benchmark's `activite-filtree` (région 11, year 2025), captures
 * each statement drizzle sends, then runs it again under
 * `EXPLAIN (ANALYZE, BUFFERS)`. Prints per statement its execution time
 * (ms), the tables read by sequential scan and the index scans, and per
 * function its wall time (median of `--tours` runs, default 5). With
 * `--cpu`, also the processor time of each statement (ms, user + system of
 * its PostgreSQL backend read in /proc around `--tours` × 4 runs without
 * parallel workers): on a busy machine, the figure that moves least with
 * the load.
 *
 *   npx tsx bench/micro/activite-sql.ts --database-url postgres://…/echelle10 [--plans]
 */
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import pg from "pg";
import { drizzle } from "drizzle-orm/node-postgres";
import { eq } from "drizzle-orm";
import * as schema from "../../api/db/schema.ts";
import type { Database, Db } from "../../api/db/client.ts";
import {
  detailsAgrementsAccordes,
  detailsChargeInstructeurs,
  detailsDelaiMoyen,
  detailsDeposee,
  detailsReputesRejetes,
  indicateursActivite,
  type ContexteActivite,
} from "../../api/domain/activites/indicateurs.ts";
import { lireFiltresActivite } from "../../contract/schemas/activites.ts";
import { aujourdhuiParis } from "../../contract/validation.ts";
import { ROLES, type Role } from "../../contract/roles.ts";

const { values: args } = parseArgs({
  options: {
    "database-url": { type: "string" },
    compte: { type: "string", default: "centrale" },
    tours: { type: "string", default: "5" },
    plans: { type: "boolean", default: false },
    cpu: { type: "boolean", default: false },
  },
});
if (!args["database-url"]) throw new Error("--database-url est obligatoire");

// As the portal (api/db/client.ts): no JIT compilation.
const pool = new pg.Pool({
  connectionString: args["database-url"],
  max: 10,
  options: "-c jit=off",
});
let capture: { sql: string; params: unknown[] }[] | null = null;
const db = drizzle(pool, {
  schema,
  logger: { logQuery: (sql, params) => capture?.push({ sql, params }) },
}) as unknown as Db;
const database: Database = {
  db,
  kind: "postgresql",
  exec: async (text) => void (await pool.query(text)),
  query: async (text, params = []) => (await pool.query(text, params)).rows,
  close: () => pool.end(),
};

const [row] = await db
  .select()
  .from(schema.utilisateurs)
  .where(eq(schema.utilisateurs.email, `${args.compte}@demo.anah.gouv.fr`));
if (!row) throw new Error(`Compte de démonstration ${args.compte} introuvable`);
const roles = ROLES.filter((role) => (row.roles as string[]).includes(role)) as Role[];

const FONCTIONS = {
  indicateursActivite,
  detailsDeposee,
  detailsDelaiMoyen,
  detailsChargeInstructeurs,
  detailsReputesRejetes,
  detailsAgrementsAccordes,
};
const VARIANTES = {
  nationale: "",
  filtree: "dateDebut=2025-01-01&dateFin=2025-12-31&region%5B%5D=11",
};
const tours = Number(args.tours);

/** Processor time of PostgreSQL backend `pid` so far, in ms (utime + stime, clock ticks of 10 ms). */
async function cpuMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
/** Mean processor ms of one run of `sql` in a backend of its own, parallel workers off. */
async function cpuParExecution(sql: string, params: unknown[]): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query("set max_parallel_workers_per_gather = 0");
    const { rows } = await client.query("select pg_backend_pid() as pid");
    const pid = Number(rows[0].pid);
    await client.query(sql, params);
    const executions = tours * 4;
    const avant = await cpuMs(pid);
    for (let i = 0; i < executions; i += 1) await client.query(sql, params);
    return ((await cpuMs(pid)) - avant) / executions;
  } finally {
    await client.query("reset max_parallel_workers_per_gather");
    client.release();
  }
}
const mediane = (valeurs: number[]) => [...valeurs].sort((a, b) => a - b)[valeurs.length >> 1];

for (const [variante, requete] of Object.entries(VARIANTES)) {
  const contexte: ContexteActivite = {
    database,
    utilisateur: { row, roles },
    filtres: lireFiltresActivite(new URLSearchParams(requete)).filtres,
    aujourdhui: aujourdhuiParis(new Date()),
  };
  console.log(`\n== ${variante} (${args.compte}) ==`);
  // The page calls the six endpoints at once: their wall time together.
  const ensemble: number[] = [];
  for (let tour = 0; tour < tours; tour += 1) {
    const debut = performance.now();
    await Promise.all(Object.values(FONCTIONS).map((fonction) => fonction(contexte)));
    ensemble.push(performance.now() - debut);
  }
  console.log(`les six ensemble : médiane ${mediane(ensemble).toFixed(1)} ms`);
  for (const [nom, fonction] of Object.entries(FONCTIONS)) {
    const temps: number[] = [];
    for (let tour = 0; tour < tours; tour += 1) {
      const debut = performance.now();
      await fonction(contexte);
      temps.push(performance.now() - debut);
    }
    capture = [];
    await fonction(contexte);
    const envoyees = capture;
    capture = null;
    console.log(`${nom} : médiane ${mediane(temps).toFixed(1)} ms, ${envoyees.length} requête(s)`);
    for (const { sql, params } of envoyees) {
      const plan = (
        await pool.query(`explain (analyze, buffers) ${sql}`, params as unknown[])
      ).rows.map((ligne) => ligne["QUERY PLAN"] as string);
      const execution = plan.find((ligne) => ligne.startsWith("Execution Time"));
      const parcours = plan
        .filter((ligne) => /(Seq Scan|Index Only Scan|Index Scan|Bitmap Heap Scan) on/.test(ligne))
        .map((ligne) => ligne.trim().replace(/\s+\(cost=.*$/, ""));
      const cpu = args.cpu
        ? ` ; processeur ${(await cpuParExecution(sql, params)).toFixed(1)} ms`
        : "";
      console.log(`  ${execution}${cpu} ; ${[...new Set(parcours)].join(" | ")}`);
      if (args.plans) console.log(plan.map((ligne) => `    ${ligne}`).join("\n"));
    }
  }
}
await pool.end();
