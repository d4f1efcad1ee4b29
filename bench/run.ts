/**
 * `npm run bench`: builds the portal, then for
 * PostgreSQL (a throw-away database; skipped when PostgreSQL does not
 * answer) and for the embedded PGlite, seeds a scale-N dataset, starts the
 * production server and measures with autocannon the pages and calls users
 * wait on, at 1 and 20 connections, next to the bare baseline server
 * measured in the same run; times the CSV export of all requests and the
 * server's peak memory; profiles each URL (API calls, SQL statements,
 * sequential scans). Writes bench/results/<date>-<database>.json and the
 * summary tables of docs/performance.md.
 *
 * The framework's floor, a minimal Remix app of the same
 * versions rendering the same HTML as /mentions-legales from a static
 * loader (bench/plancher/), built and measured in the same run; every page
 * is given with its ratio to it beside its ratio to node:http.
 *
 * Options: --scale N (1), --duration S (10), --warmup S (2),
 * --connections 1,20, --db postgresql,pglite, --no-build, --no-profile,
 * --identity (no Accept-Encoding: the portal then does not compress),
 * --cpu-profile liste (ids of the URLs to load once more under
 * `node --cpu-prof`, comma-separated; empty for none), --mesures ids
 * (only these measures, comma-separated, `export` for the CSV export: e.g.
 * `--scale 10 --mesures export --no-profile --cpu-profile ''` judges the
 * export target; that scale gets its own section of docs/performance.md),
 * --processus N (WEB_CONCURRENCY of the measured portal with PostgreSQL, 1 by
 * default; profiles always use 1; above 1 the memory column is not measured),
 * --essai (a trial of the bench itself on a busy machine: prints the figures
 * but writes neither bench/results/ nor docs/performance.md), --modele base
 * (PostgreSQL: copy this database, already seeded at --scale with
 * DEMO_DATA=true, instead of seeding one: the scale-10 set takes minutes).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { cpuProfileDir, summarizeCpuProfile, type CpuSummary } from "./cpu-profile.ts";
import { timeExport, type ExportResult } from "./csv-export.ts";
import {
  analyze,
  createDatabase,
  FILTERED_QUERY,
  findTargets,
  seed,
  type BenchDatabase,
  type DatabaseKind,
  type Targets,
} from "./dataset.ts";
import { listVariantTargets } from "./list-variants.ts";
import { refreshNationalSummary } from "./resume-activite.ts";
import { measure, type LoadResult } from "./load.ts";
import { startPgCounter } from "./pg-counter.ts";
import { profile, type PageProfile, type ProfileTarget } from "./profile.ts";
import {
  memoryMiB,
  ROOT,
  run,
  startBaseline,
  startFloor,
  startPortal,
  type RunningServer,
} from "./processes.ts";
import {
  describeMachine,
  fr,
  machineLine,
  rewriteSection,
  table,
  writeResult,
  type Machine,
} from "./report.ts";
import { bearerToken, DEMO, loginPage, sessionCookie } from "./sign-in.ts";

const { values: args } = parseArgs({
  options: {
    scale: { type: "string", default: "1" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "1,20" },
    db: { type: "string", default: "postgresql,pglite" },
    "no-build": { type: "boolean", default: false },
    "no-profile": { type: "boolean", default: false },
    identity: { type: "boolean", default: false },
    "cpu-profile": { type: "string", default: "liste" },
    mesures: { type: "string", default: "" },
    essai: { type: "boolean", default: false },
    processus: { type: "string", default: "1" },
    modele: { type: "string", default: "" },
  },
});

const options = {
  scale: Number(args.scale),
  durationS: Number(args.duration),
  warmupS: Number(args.warmup),
  connections: args.connections.split(",").map(Number),
  databases: args.db.split(",") as DatabaseKind[],
  acceptEncoding: args.identity ? null : "gzip, deflate, br",
  cpuProfile: args["cpu-profile"].split(",").filter(Boolean),
  /** Ids of the measures to take (`export` for the CSV export); empty for all of them. */
  mesures: args.mesures.split(",").filter(Boolean),
  /** WEB_CONCURRENCY of the measured portal (PostgreSQL only: PGlite keeps one process). */
  processes: Number(args.processus),
  /** PostgreSQL database already seeded at this scale (demo accounts on) to copy instead of seeding. */
  modele: args.modele,
};
/** Whether the run takes the measure `id` (--mesures). */
const mesuree = (id: string) => options.mesures.length === 0 || options.mesures.includes(id);
if (!Number.isInteger(options.processes) || options.processes < 1)
  throw new Error("Options invalides : --processus entier ≥ 1");
if (!(options.scale > 0) || !(options.durationS > 0) || options.connections.some((n) => !(n >= 1)))
  throw new Error("Options invalides : --scale > 0, --duration > 0, --connections entiers ≥ 1");

const LABELS_DB: Record<DatabaseKind, string> = {
  postgresql: "PostgreSQL",
  pglite: "PGlite (embarqué)",
};

/** One measured URL: what it is, how to reach it, which baseline figure it compares to. */
interface Target {
  id: string;
  label: string;
  url: string;
  headers: Record<string, string>;
  /** Status a correct answer has (302 for the sign-in redirect). */
  expected: number;
  baseline: "page" | "static";
  holds?: string;
}

export interface Measure {
  id: string;
  label: string;
  baseline: "page" | "static" | null;
  result: LoadResult;
  /** Portal median ÷ baseline median, and baseline req/s ÷ portal req/s (both "times slower"). */
  ratio: { latency: number; rps: number } | null;
  /** The same ratios to the framework's floor (bench/plancher/), for pages; null otherwise. */
  ratioFloor?: { latency: number; rps: number } | null;
  /** Server's resident memory right after the measure, in MiB (a leak shows as growth). */
  rssAfterMiB?: number | null;
}

export interface BenchRun {
  kind: "bench";
  database: DatabaseKind;
  options: typeof options;
  machine: Machine;
  seedSeconds: number;
  data: Targets;
  measures: Measure[];
  export: ExportResult | null;
  profile: Record<string, PageProfile> | null;
  /** Main-thread CPU profile of the URLs of --cpu-profile, loaded at 1 connection. */
  cpu: Record<string, CpuSummary>;
  finishedAt: string;
}

const log = (text: string) => process.stdout.write(`${text}\n`);

/** How to reach one measured URL of the portal. */
interface TargetSpec {
  id: string;
  label: string;
  expected?: number;
  baseline: "page" | "static";
  /** Text the page must hold before it is measured (checked by {@link check}). */
  holds?: string;
  /** URL and headers, with a fresh sign-in (tokens live 5 minutes). */
  open(baseUrl: string): Promise<{ url: string; headers: Record<string, string> }>;
}

const encoding = (): Record<string, string> =>
  options.acceptEncoding ? { "Accept-Encoding": options.acceptEncoding } : {};

/** A page signed in as `email`. */
const signedInPage = (id: string, label: string, path: string, email: string): TargetSpec => ({
  id,
  label,
  baseline: "page",
  open: async (baseUrl) => ({
    url: `${baseUrl}${path}`,
    headers: { ...encoding(), Cookie: await sessionCookie(baseUrl, email) },
  }),
});

/**
 * `/activite` as central staff get it on a running portal: the job's
 * national summary, written into the benchmark database just before each
 * measure (PostgreSQL only, bench/resume-activite.ts).
 */
function pageResumee(database: BenchDatabase): TargetSpec {
  const page = signedInPage(
    "activite-resume",
    "Suivi de l'activité (centrale), résumé de la tâche",
    "/activite",
    DEMO.centrale,
  );
  return {
    ...page,
    holds: "Chiffres calculés le",
    open: async (baseUrl) => {
      await refreshNationalSummary(database);
      return page.open(baseUrl);
    },
  };
}

/** The portal's URLs the benchmark measures, in order. */
function targetSpecs(data: Targets, database: BenchDatabase): TargetSpec[] {
  return [
    {
      id: "connexion",
      label: "Page de connexion (fournisseur d'identité)",
      baseline: "page",
      open: async (baseUrl) => {
        const login = await loginPage(baseUrl);
        return { url: login.url, headers: { ...encoding(), Cookie: login.cookie } };
      },
    },
    {
      id: "connexion-redirection",
      label: "/account/login (302 vers le fournisseur)",
      expected: 302,
      baseline: "page",
      open: async (baseUrl) => ({ url: `${baseUrl}/account/login`, headers: encoding() }),
    },
    {
      // The framework's floor: a page rendered by Remix with no session, API call or SQL.
      id: "page-legale",
      label: "Mentions légales (ni session ni API)",
      baseline: "page",
      open: async (baseUrl) => ({ url: `${baseUrl}/mentions-legales`, headers: encoding() }),
    },
    signedInPage("accueil-personnel", "Accueil du personnel (superviseur)", "/", DEMO.superviseur),
    signedInPage(
      "liste",
      "Tous les dossiers, page 1",
      "/tous-les-dossiers/demande",
      DEMO.superviseur,
    ),
    signedInPage(
      "liste-filtree",
      "Tous les dossiers filtrés et cherchés",
      `/tous-les-dossiers/demande?${FILTERED_QUERY.replace(/\[\]/g, "%5B%5D")}`,
      DEMO.superviseur,
    ),
    signedInPage(
      "dossier",
      "Page d'un dossier déposé",
      `/dossier/demande/${data.fileId}`,
      DEMO.superviseur,
    ),
    signedInPage(
      "etablissements",
      "Établissements référencés, page 1",
      "/etablissements/liste",
      DEMO.superviseur,
    ),
    // The activity follow-up of central staff, whole nation
    // computed live (no job runs here), from the job's summary, then filtered.
    signedInPage("activite", "Suivi de l'activité (centrale)", "/activite", DEMO.centrale),
    ...(database.kind === "postgresql" ? [pageResumee(database)] : []),
    signedInPage(
      "activite-filtree",
      "Suivi de l'activité filtré (région et période)",
      "/activite?dateDebut=2025-01-01&dateFin=2025-12-31&region%5B%5D=11",
      DEMO.centrale,
    ),
    // The approvals list of central staff, page 1 (numeroAgrement ascending).
    signedInPage(
      "agrements",
      "Liste des agréments, page 1 (centrale)",
      "/agrements",
      DEMO.centrale,
    ),
    {
      // Public: a household looks for the establishments serving its postal code.
      id: "annuaire",
      label: "Trouver un accompagnateur (75011, sans compte)",
      baseline: "page",
      open: async (baseUrl) => ({
        url: `${baseUrl}/trouver-un-accompagnateur?recherche=75011`,
        headers: encoding(),
      }),
    },
    signedInPage("accueil-demandeur", "Accueil du demandeur", "/", DEMO.demandeur),
    // ADR 0041: the superviseurs, their bound and perimeter (one query per superviseur).
    signedInPage(
      "superviseurs",
      "Superviseurs (administration fonctionnelle)",
      "/administration/superviseurs",
      DEMO.adminFonctionnel,
    ),
    {
      id: "api-demandes",
      label: "GET /api/demandes (jeton)",
      baseline: "page",
      open: async (baseUrl) => ({
        url: `${baseUrl}/api/demandes`,
        headers: {
          ...encoding(),
          Authorization: `Bearer ${await bearerToken(baseUrl, DEMO.superviseur)}`,
        },
      }),
    },
    {
      id: "fichier-statique",
      label: "Fichier statique : feuille DSFR du portail",
      baseline: "static",
      open: async (baseUrl) => ({ url: `${baseUrl}${portalStylesheet()}`, headers: encoding() }),
    },
  ];
}

/** Signs in and builds the target of `spec` on the portal at `baseUrl`. */
async function openTarget(spec: TargetSpec, baseUrl: string): Promise<Target> {
  return {
    id: spec.id,
    label: spec.label,
    expected: spec.expected ?? 200,
    baseline: spec.baseline,
    holds: spec.holds,
    ...(await spec.open(baseUrl)),
  };
}

/**
 * Checks that a target answers as expected before loading it (a lost
 * session would measure a redirect). A redirect to the same path is the
 * page's canonical query string: the target takes it. Returns an error
 * message, or null when the target is fine.
 */
async function check(target: Target): Promise<string | null> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const response = await fetch(target.url, { headers: target.headers, redirect: "manual" });
    const body = await response.text();
    if (response.status === target.expected)
      return target.holds && !body.includes(target.holds) ? `« ${target.holds} » absent` : null;
    const location = response.headers.get("location");
    const next = location ? new URL(location, target.url) : null;
    if (!next || next.pathname !== new URL(target.url).pathname || response.status >= 400)
      return `HTTP ${response.status} au lieu de ${target.expected}${location ? ` (vers ${location})` : ""}`;
    target.url = next.href;
  }
  return "redirections en boucle";
}

/**
 * Path of the DSFR stylesheet the pages link, /dsfr/portail.<hash>.min.css,
 * read from public/dsfr/portail.json when called: the build may rename it.
 */
function portalStylesheet(): string {
  const manifest = readFileSync(join(ROOT, "public/dsfr/portail.json"), "utf8");
  return (JSON.parse(manifest) as { stylesheet: string }).stylesheet;
}

async function measureBaseline(): Promise<Record<string, Measure>> {
  const baseline = await startBaseline();
  const headers: Record<string, string> = options.acceptEncoding
    ? { "Accept-Encoding": options.acceptEncoding }
    : {};
  const measures: Record<string, Measure> = {};
  try {
    for (const [id, label, path] of [
      ["page", "Référence : page HTML fixe (node:http)", "/"],
      ["static", "Référence : feuille DSFR du portail en mémoire (node:http)", portalStylesheet()],
    ] as const) {
      for (const connections of options.connections) {
        const result = await measure(`${baseline.baseUrl}${path}`, {
          ...options,
          connections,
          headers,
        });
        measures[`${id}@${connections}`] = {
          id: `reference-${id}`,
          label,
          baseline: null,
          result,
          ratio: null,
        };
        log(
          `  ${label} ×${connections} : médiane ${fr(result.latency.p50, 2)} ms, ${fr(result.rps, 0)} req/s`,
        );
      }
    }
  } finally {
    await baseline.stop();
  }
  return measures;
}

/** Label of the framework's floor. */
const FLOOR_LABEL = "Plancher : page Remix minimale, même HTML que /mentions-legales";

/**
 * Builds and measures the framework's floor (bench/plancher/) from the
 * portal's /mentions-legales, at each --connections; keyed `<n>`.
 */
async function measureFloor(
  portalUrl: string,
  baseline: Record<string, Measure>,
): Promise<Record<number, Measure>> {
  const floor = await startFloor(portalUrl, "/mentions-legales");
  const measures: Record<number, Measure> = {};
  try {
    for (const connections of options.connections) {
      const result = await measure(`${floor.baseUrl}/`, {
        ...options,
        connections,
        headers: encoding(),
      });
      const base = baseline[`page@${connections}`]?.result;
      measures[connections] = {
        id: "plancher",
        label: FLOOR_LABEL,
        baseline: "page",
        result,
        ratio: base
          ? { latency: result.latency.p50 / base.latency.p50, rps: base.rps / result.rps }
          : null,
      };
      log(
        `  ${FLOOR_LABEL} ×${connections} : médiane ${fr(result.latency.p50, 2)} ms, ${fr(result.rps, 0)} req/s`,
      );
    }
  } finally {
    await floor.stop();
  }
  return measures;
}

async function profilePass(
  database: BenchDatabase,
  baseUrlTargets: (baseUrl: string) => Promise<ProfileTarget[]>,
): Promise<Record<string, PageProfile>> {
  const counter = database.databaseUrl ? await startPgCounter(database.databaseUrl) : undefined;
  let server: RunningServer | undefined;
  try {
    server = await startPortal({
      dataDir: database.dataDir,
      databaseUrl: counter?.url,
      logLevel: "info",
    });
    const targets = await baseUrlTargets(server.baseUrl);
    return await profile(
      server,
      targets,
      counter && database.databaseUrl ? { counter, databaseUrl: database.databaseUrl } : undefined,
    );
  } finally {
    await server?.stop();
    await counter?.close();
  }
}

/**
 * Loads each URL of --cpu-profile at 1 connection on a portal started
 * under `node --cpu-prof`, and sums the main thread's time in that window.
 */
async function cpuPass(
  database: BenchDatabase,
  data: Targets,
): Promise<Record<string, CpuSummary>> {
  const summaries: Record<string, CpuSummary> = {};
  for (const id of options.cpuProfile) {
    const spec = targetSpecs(data, database).find((candidate) => candidate.id === id);
    if (!spec) {
      log(`  --cpu-profile : pas de mesure « ${id} »`);
      continue;
    }
    const { dir, nodeArgs } = await cpuProfileDir();
    const server = await startPortal({
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      nodeArgs,
    });
    let tailMs: number;
    try {
      const target = await openTarget(spec, server.baseUrl);
      const problem = await check(target);
      if (problem) throw new Error(`${spec.label} : ${problem}`);
      await measure(target.url, {
        ...options,
        connections: 1,
        headers: target.headers,
        expected: target.expected,
      });
    } finally {
      const stopping = performance.now();
      await server.stop();
      tailMs = performance.now() - stopping;
    }
    summaries[id] = await summarizeCpuProfile(dir, { durationS: options.durationS, tailMs });
    const top = summaries[id].byPackage.slice(0, 4);
    log(`  ${spec.label} : ${top.map((p) => `${p.name} ${fr(p.share * 100, 0)} %`).join(", ")}`);
  }
  return summaries;
}

/** Runs everything on one database; null when it is unavailable. */
async function benchDatabase(kind: DatabaseKind, machine: Machine): Promise<BenchRun | null> {
  log(`\n== ${LABELS_DB[kind]}, échelle ${options.scale} ==`);
  const database = await createDatabase(kind, kind === "postgresql" ? options.modele : undefined);
  if (!database) {
    log(
      "PostgreSQL ne répond pas (TEST_POSTGRES_URL, défaut postgres://postgres@127.0.0.1:5432) : mesures PostgreSQL ignorées.",
    );
    return null;
  }
  try {
    log("Données…");
    // A copy of --modele is already seeded (0 s: the report says which base).
    const seedSeconds =
      kind === "postgresql" && options.modele ? 0 : await seed(database, options.scale);
    await analyze(database);

    log("Référence node:http…");
    const baseline = await measureBaseline();

    const portal = await startPortal({
      dataDir: database.dataDir,
      databaseUrl: database.databaseUrl,
      processes: options.processes,
    });
    // Above one process, the pid is the primary's, which serves nothing.
    const servingPid = kind === "postgresql" && options.processes > 1 ? null : portal.pid;
    const measures: Measure[] = [];
    let floor: Record<number, Measure> = {};
    let exported: ExportResult | null = null;
    let data: Targets;
    try {
      data = await findTargets(portal.baseUrl);
      log(
        `Portail ${portal.baseUrl} (pid ${portal.pid}) ; liste du superviseur : ${data.listRows} dossiers, ${data.filteredRows} filtrés.`,
      );
      log("Plancher du cadriciel (bench/plancher/)…");
      floor = await measureFloor(portal.baseUrl, baseline);
      for (const spec of targetSpecs(data, database).filter((candidate) => mesuree(candidate.id))) {
        for (const connections of options.connections) {
          const target = await openTarget(spec, portal.baseUrl);
          const problem = await check(target);
          if (problem) {
            log(`  ${target.label} : non mesuré, ${problem}`);
            continue;
          }
          const result = await measure(target.url, {
            ...options,
            connections,
            headers: target.headers,
            expected: target.expected,
          });
          const base = baseline[`${target.baseline}@${connections}`]?.result;
          const ratio = base
            ? { latency: result.latency.p50 / base.latency.p50, rps: base.rps / result.rps }
            : null;
          const floorBase = target.baseline === "page" ? floor[connections]?.result : undefined;
          const ratioFloor = floorBase
            ? {
                latency: result.latency.p50 / floorBase.latency.p50,
                rps: floorBase.rps / result.rps,
              }
            : null;
          measures.push({
            id: target.id,
            label: target.label,
            baseline: target.baseline,
            result,
            ratio,
            ratioFloor,
            rssAfterMiB: servingPid === null ? null : await memoryMiB(servingPid, "VmRSS"),
          });
          log(
            `  ${target.label} ×${connections} : médiane ${fr(result.latency.p50, 2)} ms (×${fr(ratio?.latency)}), ` +
              `p95 ${fr(result.latency.p95, 2)} ms, ${fr(result.rps, 0)} req/s (÷${fr(ratio?.rps)})` +
              (ratioFloor ? ` ; plancher ×${fr(ratioFloor.latency)}, ÷${fr(ratioFloor.rps)}` : "") +
              (result.failures ? `, ${result.failures} échecs` : ""),
          );
        }
      }
      if (mesuree("export")) {
        log("Export CSV…");
        exported = await timeExport(
          portal.baseUrl,
          await bearerToken(portal.baseUrl, DEMO.centrale),
          portal.pid,
        );
        log(
          `  ${exported.rows} lignes (${exported.expectedRows} attendues), ${fr(exported.bytes / 1024, 0)} Kio, ` +
            `${fr(exported.totalMs, 0)} ms ; mémoire ${fr(exported.rssBeforeMiB, 0)} → ${fr(exported.peakRssMiB, 0)} Mio`,
        );
      }
    } finally {
      await portal.stop();
    }

    let profiles: Record<string, PageProfile> | null = null;
    if (!args["no-profile"]) {
      log("Profil des pages (journal des requêtes, requêtes SQL)…");
      profiles = await profilePass(database, async (baseUrl) => {
        const targets: ProfileTarget[] = [];
        for (const spec of targetSpecs(data, database)) {
          if (spec.baseline === "static") continue;
          const target = await openTarget(spec, baseUrl);
          if (!(await check(target))) targets.push(target);
        }
        return [
          ...targets,
          ...(await listVariantTargets(baseUrl, await bearerToken(baseUrl, DEMO.centrale))),
        ];
      });
    }

    let cpu: Record<string, CpuSummary> = {};
    if (options.cpuProfile.length) {
      log("Profil CPU…");
      cpu = await cpuPass(database, data);
    }

    const result: BenchRun = {
      kind: "bench",
      database: kind,
      options,
      machine,
      seedSeconds,
      data,
      measures: [...Object.values(baseline), ...Object.values(floor), ...measures],
      export: exported,
      profile: profiles,
      cpu,
      finishedAt: new Date().toISOString(),
    };
    if (args.essai) {
      log("--essai : ni bench/results/ ni docs/performance.md écrits. Résumé :\n");
      log(summary(result));
      return result;
    }
    log(`Résultats : ${await writeResult(kind, result)}`);
    // Each scale has its own section: the export is judged at scale 10, the pages at 1.
    await rewriteSection(
      options.scale === 1 ? kind : `${kind}-echelle-${options.scale}`,
      summary(result),
    );
    return result;
  } finally {
    await database.dispose();
  }
}

/** Targets that this run can judge. */
function targets(result: BenchRun): string[][] {
  const find = (id: string, connections: number) =>
    result.measures.find((m) => m.id === id && m.result.connections === connections)?.result;
  const reached = (ok: boolean | null) =>
    ok === null ? "non mesuré" : ok ? "atteint" : "non atteint";
  const atScale = (scale: number) =>
    result.options.scale === scale
      ? ""
      : ` (échelle ${fr(result.options.scale, 2)}, pas ${scale} : indicatif)`;
  const list1 = find("liste", 1);
  const list20 = find("liste", 20);
  const rows: string[][] = [
    [
      `Liste du personnel, médiane à 1 connexion${result.database === "postgresql" ? "" : " (cible fixée sur PostgreSQL)"}${atScale(1)}`,
      "≤ 3 ms",
      list1 ? `${fr(list1.latency.p50, 2)} ms` : "–",
      reached(list1 ? list1.latency.p50 <= 3 : null),
    ],
    [
      `Liste du personnel à 20 connexions${atScale(1)}`,
      "≥ 500 req/s",
      list20 ? `${fr(list20.rps, 0)} req/s` : "–",
      reached(list20 ? list20.rps >= 500 : null),
    ],
  ];
  const exp = result.export;
  if (exp) {
    const per100k = exp.rows ? (exp.totalMs / exp.rows) * 100_000 : Number.NaN;
    rows.push([
      `Export CSV de 100 000 demandes (échelle 10)${result.options.scale === 10 ? "" : ` ; ici ${exp.rows} lignes, extrapolé linéairement`}`,
      "≤ 3 s",
      `${fr(exp.totalMs / 1000, 2)} s pour ${exp.rows} lignes${result.options.scale === 10 ? "" : ` ; ≈ ${fr(per100k / 1000, 1)} s pour 100 000`}`,
      result.options.scale === 10
        ? reached(exp.totalMs <= 3000)
        : `indicatif : ${reached(per100k <= 3000)}`,
    ]);
    rows.push([
      "Mémoire de l'export qui ne croît pas avec les lignes",
      "pic − avant constant d'une échelle à l'autre",
      `${fr(exp.rssBeforeMiB, 0)} → ${fr(exp.peakRssMiB, 0)} Mio (+${fr((exp.peakRssMiB ?? 0) - (exp.rssBeforeMiB ?? 0), 0)} Mio)`,
      "comparer les échelles",
    ]);
  }
  return rows;
}

/** A ratio: one decimal below 10, none above. */
const ratio = (value: number) => fr(value, value < 10 ? 1 : 0);

/** An API path without its query and with `{id}` for identifiers, for the profile table. */
const shortPath = (path: string) =>
  path
    .split("?")[0]
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "{id}");

/** The Markdown summary of one database's run. */
function summary(result: BenchRun): string {
  const o = result.options;
  const head = [
    `### ${LABELS_DB[result.database]} — échelle ${fr(o.scale, 2)}`,
    "",
    `Machine : ${machineLine(result.machine)}. Données : ${o.modele ? `copie de la base \`${o.modele}\`` : `seed en ${fr(result.seedSeconds, 0)} s`} ; ` +
      `${result.data.listRows} dossiers dans la liste du superviseur, ${result.data.filteredRows} après filtre et recherche (\`${FILTERED_QUERY}\`). ` +
      `Chaque mesure : ${fr(o.warmupS)} s de chauffe puis ${fr(o.durationS)} s ; ` +
      `${o.acceptEncoding ? `en-tête \`Accept-Encoding: ${o.acceptEncoding}\` (comme un navigateur)` : "sans compression"}. ` +
      "Latences exactes sur toutes les réponses réussies (p50, p95, p99) ; « × réf. » : médiane du portail ÷ médiane de la référence, « ÷ réf. » : req/s de la référence ÷ req/s du portail ; « × planch. » et « ÷ planch. » : les mêmes rapports au plancher du cadriciel (page Remix minimale, même HTML que /mentions-legales), pour les pages.",
  ].join("\n");
  const rows = result.measures.map((m) => [
    m.label,
    String(m.result.connections),
    fr(m.result.latency.p50, 2),
    fr(m.result.latency.p95, 2),
    fr(m.result.latency.p99, 2),
    fr(m.result.rps, 0),
    m.ratio ? `×${ratio(m.ratio.latency)}` : "réf.",
    m.ratio ? `÷${ratio(m.ratio.rps)}` : "réf.",
    m.ratioFloor ? `×${ratio(m.ratioFloor.latency)}` : m.id === "plancher" ? "planch." : "–",
    m.ratioFloor ? `÷${ratio(m.ratioFloor.rps)}` : m.id === "plancher" ? "planch." : "–",
    String(m.result.failures),
    fr(m.rssAfterMiB, 0),
  ]);
  const parts = [
    head,
    table(
      [
        "Mesure",
        "Conn.",
        "Médiane (ms)",
        "p95 (ms)",
        "p99 (ms)",
        "req/s",
        "× réf.",
        "÷ réf.",
        "× planch.",
        "÷ planch.",
        "Échecs",
        "RSS après (Mio)",
      ],
      rows,
    ),
  ];
  const exp = result.export;
  if (exp)
    parts.push(
      `Export CSV (\`GET /api/demandes/export\`, centrale) : ${exp.rows} lignes (${exp.expectedRows} dans la liste), ` +
        `${fr(exp.bytes / 1024, 0)} Kio (${exp.encoding}), premier octet ${fr(exp.firstByteMs, 0)} ms, total ${fr(exp.totalMs, 0)} ms ; ` +
        `mémoire résidente du serveur ${fr(exp.rssBeforeMiB, 0)} Mio avant, pic ${fr(exp.peakRssMiB, 0)} Mio pendant${exp.peakReset ? "" : " (pic du noyau non réinitialisable : échantillons seuls)"}.`,
    );
  parts.push(table(["Objectif", "Cible", "Mesuré", "Résultat"], targets(result)));
  const variants = Object.entries(result.profile ?? {}).filter(([id]) =>
    id.startsWith("liste-api?"),
  );
  const pageProfiles = Object.entries(result.profile ?? {}).filter(
    ([id]) => !id.startsWith("liste-api?"),
  );
  if (pageProfiles.length)
    parts.push(
      "Profil d'une requête (après une requête de chauffe) : temps serveur selon le journal, appels du BFF à l'API, requêtes SQL envoyées (PostgreSQL), tables de plus de 1 000 lignes parcourues séquentiellement selon EXPLAIN.",
      table(
        ["Mesure", "Temps serveur (ms)", "Appels API (ms)", "Requêtes SQL", "Parcours séquentiels"],
        pageProfiles.map(([id, p]) => [
          result.measures.find((m) => m.id === id)?.label ?? id,
          fr(p.serverMs, 0),
          p.apiCalls.length
            ? p.apiCalls.map((call) => `\`${shortPath(call.path)}\` ${fr(call.ms, 0)}`).join(", ")
            : "–",
          p.statements === null ? "–" : String(p.statements),
          p.statements === null
            ? "–"
            : p.seqScans.length
              ? [...new Set(p.seqScans.map((scan) => scan.table))].join(", ")
              : "aucun",
        ]),
      ),
    );
  if (variants.length)
    parts.push(
      "Index des filtres et tris de la liste : `GET /api/demandes?…` avec le jeton de centrale (liste nationale), chaque requête SQL passée à EXPLAIN avec ses paramètres ; tables de plus de 1 000 lignes parcourues séquentiellement (nombre de lignes estimé).",
      table(
        ["Variante", "Temps serveur (ms)", "Requêtes SQL", "Parcours séquentiels"],
        variants.map(([id, p]) => [
          `\`${id.slice("liste-api?".length)}\``,
          fr(p.serverMs, 0),
          p.statements === null ? "–" : String(p.statements),
          p.statements === null
            ? "non mesuré (PGlite)"
            : p.seqScans.length
              ? [...new Map(p.seqScans.map((scan) => [scan.table, scan.rows]))]
                  .map(([table, rows]) => `${table} (${fr(rows, 0)})`)
                  .join(", ")
              : "aucun",
        ]),
      ),
    );
  for (const [id, cpu] of Object.entries(result.cpu)) {
    const label = result.measures.find((m) => m.id === id)?.label ?? id;
    parts.push(
      `Profil CPU du fil principal, « ${label} » à 1 connexion pendant ${fr(o.durationS)} s : ` +
        `${fr(cpu.busyMs / 1000, 1)} s occupé, ${fr(cpu.idleMs / 1000, 1)} s inactif (la compression gzip, faite hors du fil principal, n'y figure pas).`,
      table(
        ["Paquet", "Part", "ms"],
        cpu.byPackage.slice(0, 10).map((p) => [p.name, `${fr(p.share * 100, 1)} %`, fr(p.ms, 0)]),
      ),
      table(
        ["Fonction (temps propre)", "Où", "Part"],
        cpu.byFunction
          .slice(0, 10)
          .map((f) => [
            `\`${f.name}\``,
            f.where ? `\`${f.where}\`` : "–",
            `${fr(f.share * 100, 1)} %`,
          ]),
      ),
    );
  }
  return parts.join("\n\n");
}

const machine = describeMachine();
log(`Mesures du portail — ${machineLine(machine)}`);
if (!args["no-build"]) await run("npm", ["run", "build"]);
const done: BenchRun[] = [];
for (const kind of options.databases) {
  const result = await benchDatabase(kind, machine);
  if (result) done.push(result);
}
log(
  `\nTerminé : ${done.map((r) => LABELS_DB[r.database]).join(", ") || "aucune base mesurée"}.` +
    (args.essai ? "" : " Résumé dans docs/performance.md."),
);
