/**
 * `npm run bench:pages`: page weight and rendering
 * of the login page, the applicant home, the request form step 2 and the
 * staff list, next to the DSFR page alone served by the baseline server.
 * Builds the portal, seeds a scale-N dataset (PGlite by default), starts
 * the production server, then for each page: bytes transferred by type in
 * Chromium with JavaScript on and off (page-weight.ts), and Lighthouse's
 * mobile performance score and LCP (lighthouse.ts). Writes
 * bench/results/<date>-pages.json and the "pages" tables of
 * docs/performance.md.
 *
 * Options: --scale N (1), --db pglite|postgresql (pglite), --runs N
 * (Lighthouse runs per page, 3), --no-build, --no-lighthouse, --pages ids
 * (comma-separated, e.g. `formulaire-etape-2,liste`: only those pages; the
 * JSON result is written, docs/performance.md is left as it is).
 */
import { parseArgs } from "node:util";
import { analyze, createDatabase, freshApplicant, seed, type DatabaseKind } from "./dataset.ts";
import { audit, launchForLighthouse, type LighthouseResult } from "./lighthouse.ts";
import { CATEGORIES, launchChromium, weighPage, type PageWeight } from "./page-weight.ts";
import { run, startBaseline, startPortal } from "./processes.ts";
import { describeMachine, fr, machineLine, rewriteSection, table, writeResult } from "./report.ts";
import { DEMO, sessionCookie } from "./sign-in.ts";

const { values: args } = parseArgs({
  options: {
    scale: { type: "string", default: "1" },
    db: { type: "string", default: "pglite" },
    runs: { type: "string", default: "3" },
    "no-build": { type: "boolean", default: false },
    "no-lighthouse": { type: "boolean", default: false },
    pages: { type: "string" },
  },
});
const options = {
  scale: Number(args.scale),
  database: args.db as DatabaseKind,
  runs: Number(args.runs),
};
if (
  !(options.scale > 0) ||
  !(options.runs >= 1) ||
  !["pglite", "postgresql"].includes(options.database)
)
  throw new Error("Options invalides : --scale > 0, --runs ≥ 1, --db pglite|postgresql");

/** A page to weigh and audit; `cookie` signs in right before each use (tokens live 5 minutes). */
interface MeasuredPage {
  id: string;
  label: string;
  url: string;
  cookie?: () => Promise<string>;
  /** Pages of the portal count for the targets; the DSFR page is the reference. */
  portal: boolean;
}

interface PageResult {
  id: string;
  label: string;
  url: string;
  portal: boolean;
  weights: PageWeight[];
  lighthouse: LighthouseResult | null;
  /** Why Lighthouse gave no result, when it failed three times. */
  lighthouseError?: string;
}

const log = (text: string) => process.stdout.write(`${text}\n`);
const kib = (bytes: number) => fr(bytes / 1024, 1);

/** The last segment of a script's URL ("/" for a home page); Lighthouse's own word otherwise. */
function scriptName(url: string): string {
  if (!URL.canParse(url)) return url || "?";
  const { pathname, search } = new URL(url);
  return pathname.split("/").pop() || pathname + search;
}

/** The Markdown tables of the run. */
function summary(machine: ReturnType<typeof describeMachine>, results: PageResult[]): string {
  const weightRows = results.flatMap((page) =>
    page.weights.map((weight) => [
      page.label,
      weight.javaScript ? "oui" : "non",
      ...CATEGORIES.map((key) => kib(weight.bytes[key])),
      kib(weight.bytes.total),
      String(weight.requests.total),
    ]),
  );
  const parts = [
    `### Poids des pages et Lighthouse — échelle ${fr(options.scale, 2)}, ${options.database === "pglite" ? "PGlite" : "PostgreSQL"}`,
    `Machine : ${machineLine(machine)}. Premier affichage, cache vide, Chromium de Debian ; octets compressés tels que transférés (en-têtes compris), en Kio.`,
    table(
      ["Page", "JS", "HTML", "CSS", "JS", "Polices", "Images", "Autres", "Total", "Requêtes"],
      weightRows,
    ),
  ];
  const audited = results.filter((page) => page.lighthouse);
  const failed = results.filter((page) => page.lighthouseError);
  if (audited.length) {
    parts.push(
      `Lighthouse 12.8.2, préréglage mobile par défaut (réseau et processeur simulés), médiane de ${options.runs} essai(s) par page selon le LCP. Objectif : LCP ≤ 1,8 s et score ≥ 0,98.`,
      table(
        [
          "Page",
          "Score",
          "LCP (s)",
          "FCP (s)",
          "TBT (ms)",
          "CLS",
          "Octets (Kio)",
          "LCP des essais (s)",
          "Objectif",
        ],
        audited.map((page) => {
          const lh = page.lighthouse!;
          const ok = lh.lcpMs <= 1800 && lh.score >= 0.98;
          return [
            page.label,
            fr(lh.score, 2),
            fr(lh.lcpMs / 1000, 2),
            fr(lh.fcpMs / 1000, 2),
            fr(lh.tbtMs, 0),
            fr(lh.cls, 3),
            kib(lh.totalBytes),
            lh.allLcpMs.map((ms) => fr(ms / 1000, 2)).join(" ; "),
            page.portal ? (ok ? "atteint" : "non atteint") : "référence",
          ];
        }),
      ),
      "Principales pistes selon Lighthouse (gain estimé sur LCP + FCP, ms) :",
      audited
        .map(
          (page) =>
            `- ${page.label} : ${
              page
                .lighthouse!.opportunities.map((o) => `${o.title} (${fr(o.savingsMs, 0)})`)
                .join(" ; ") || "aucune"
            }`,
        )
        .join("\n"),
      "Tâches longues du fil principal (durée simulée en ms, script auquel Lighthouse les attribue) :",
      audited
        .map(
          (page) =>
            `- ${page.label} : ${
              page
                .lighthouse!.longTasks.map(
                  (task) => `${fr(task.durationMs, 0)} (${scriptName(task.url)})`,
                )
                .join(" ; ") || "aucune"
            }`,
        )
        .join("\n"),
    );
  }
  if (failed.length)
    parts.push(
      `Lighthouse a échoué trois fois sur : ${failed.map((page) => `${page.label} (${page.lighthouseError})`).join(" ; ")}.`,
    );
  return parts.join("\n\n");
}

const machine = describeMachine();
log(`Poids des pages — ${machineLine(machine)}`);
if (!args["no-build"]) await run("npm", ["run", "build"]);
const database = await createDatabase(options.database);
if (!database) throw new Error("PostgreSQL ne répond pas : relancez avec --db pglite.");
const results: PageResult[] = [];
try {
  log("Données…");
  await seed(database, options.scale);
  await analyze(database);
  const portal = await startPortal({
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
  });
  const baseline = await startBaseline();
  try {
    const applicant = await freshApplicant(portal.baseUrl, database.dataDir);
    const pages: MeasuredPage[] = [
      {
        id: "connexion",
        label: "Connexion (depuis /account/login)",
        url: `${portal.baseUrl}/account/login`,
        portal: true,
      },
      {
        id: "accueil-demandeur",
        label: "Accueil du demandeur",
        url: `${portal.baseUrl}/`,
        cookie: () => sessionCookie(portal.baseUrl, DEMO.demandeur),
        portal: true,
      },
      {
        id: "formulaire-etape-2",
        label: "Formulaire de demande, étape 2",
        url: `${portal.baseUrl}/demande/formulaire?id=${applicant.draftId}&etape=2`,
        cookie: () => sessionCookie(portal.baseUrl, applicant.email, applicant.password),
        portal: true,
      },
      {
        id: "liste",
        label: "Tous les dossiers (superviseur)",
        url: `${portal.baseUrl}/tous-les-dossiers/demande`,
        cookie: () => sessionCookie(portal.baseUrl, DEMO.superviseur),
        portal: true,
      },
      {
        id: "dsfr-seul",
        label: "Page DSFR seule (référence, gzip)",
        url: `${baseline.baseUrl}/`,
        portal: false,
      },
      {
        id: "dsfr-seul-brut",
        label: "Page DSFR seule (référence, sans compression)",
        url: `${baseline.baseUrl}/brut/`,
        portal: false,
      },
    ];

    const only = args.pages?.split(",").map((id) => id.trim());
    if (only) {
      const unknown = only.filter((id) => !pages.some((page) => page.id === id));
      if (unknown.length) throw new Error(`Pages inconnues : ${unknown.join(", ")}`);
      pages.splice(0, pages.length, ...pages.filter((page) => only.includes(page.id)));
    }

    const browser = await launchChromium();
    try {
      for (const page of pages) {
        const weights: PageWeight[] = [];
        for (const javaScript of [true, false]) {
          const weight = await weighPage(browser, page.url, {
            javaScript,
            cookie: await page.cookie?.(),
          });
          weights.push(weight);
          log(
            `  ${page.label}, JS ${javaScript ? "oui" : "non"} : ${kib(weight.bytes.total)} Kio en ${weight.requests.total} requêtes`,
          );
        }
        results.push({
          id: page.id,
          label: page.label,
          url: page.url,
          portal: page.portal,
          weights,
          lighthouse: null,
        });
      }
    } finally {
      await browser.close();
    }

    if (!args["no-lighthouse"]) {
      const chrome = await launchForLighthouse();
      try {
        for (const [index, page] of pages.entries()) {
          try {
            const lh = await audit(chrome.port, page.url, {
              cookie: await page.cookie?.(),
              runs: options.runs,
            });
            results[index].lighthouse = lh;
            log(
              `  Lighthouse ${page.label} : score ${fr(lh.score, 2)}, LCP ${fr(lh.lcpMs / 1000, 2)} s, TBT ${fr(lh.tbtMs, 0)} ms`,
            );
            for (const task of lh.longTasks)
              log(`    tâche de ${task.durationMs} ms à ${task.startMs} ms : ${task.url || "?"}`);
          } catch (error) {
            results[index].lighthouseError = (error as Error).message;
            log(`  Lighthouse ${page.label} : échec, ${(error as Error).message}`);
          }
        }
      } finally {
        chrome.close();
      }
    }
  } finally {
    await baseline.stop();
    await portal.stop();
  }
  log(
    `Résultats : ${await writeResult("pages", { kind: "pages", options, machine, results, finishedAt: new Date().toISOString() })}`,
  );
  if (!args.pages) await rewriteSection("pages", summary(machine, results));
} finally {
  await database.dispose();
}
