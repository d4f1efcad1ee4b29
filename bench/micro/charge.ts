/**
 * Short before/after measurements of the per-request overhead (ADR 0029),
 * lighter than `npm run bench`: starts the built portal once on
 * `--port` against an already seeded database (`--database-url`,
 * `--data-dir`), signs the demo superviseur in, and loads a few URLs at
 * `--connections` (1) for `--duration` s (5) after 1 s of warm-up, `--runs`
 * times each (3), in turn. Prints, per URL, the median latency (ms),
 * req/s and the server's processor time per answer (ms, user + system of
 * all its threads from /proc: on a busy shared machine, the figure that
 * moves least with the load) of every run, the answer's size, and the server's resident memory
 * (MiB) at the end. `--cpu-profile <dir>` runs the server under
 * `node --cpu-prof` and prints the self and inclusive time of the
 * heaviest functions during the first URL's runs (`--only liste` to
 * profile one page).
 *
 * Resident memory (ADR 0034): `--banc` loads instead every
 * page of `npm run bench` in its order (bench/run.ts), each at every count
 * of `--connections` (e.g. `1,20`), once, and prints the server's RSS after
 * each; `--memoire` also loads scripts/memoire-sonde.ts in the server and
 * prints, at start and at the end, `process.memoryUsage()` before and after
 * a full collection, V8's heap spaces and /proc/<pid>/smaps_rollup (MiB).
 * `--entree build` (default) runs the compiled `build/server.js` as
 * `npm run serve` and the bench do (ADR 0034), `--entree tsx` `server.ts`
 * through tsx (as before);
 * `--node-args "…"` adds options of node (V8 flags).
 *
 *   npx tsx bench/micro/charge.ts --port 33202 --database-url postgres://… --data-dir /tmp/…
 *   npx tsx bench/micro/charge.ts --banc --memoire --connections 1,20 --duration 10 --runs 1 …
 */
import { spawn } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { FILTERED_QUERY } from "../dataset.ts";
import { measure } from "../load.ts";
import { memoryMiB, PORTAL_ENTRY, ROOT } from "../processes.ts";
import { bearerToken, DEMO, loginPage, sessionCookie } from "../sign-in.ts";
import { appelApi } from "../../tests/helpers/demande-api.ts";
import type { DemandeResume } from "../../contract/schemas/demande.ts";
import type { Page } from "../../contract/schemas/listes.ts";

const { values: args } = parseArgs({
  options: {
    port: { type: "string", default: "33202" },
    "database-url": { type: "string", default: "" },
    "data-dir": { type: "string" },
    connections: { type: "string", default: "1" },
    duration: { type: "string", default: "5" },
    runs: { type: "string", default: "3" },
    only: { type: "string", default: "" },
    "cpu-profile": { type: "string", default: "" },
    banc: { type: "boolean", default: false },
    memoire: { type: "boolean", default: false },
    entree: { type: "string", default: "build" },
    "node-args": { type: "string", default: "" },
  },
});
if (!["tsx", "build"].includes(args.entree)) throw new Error("--entree tsx ou build");

const port = Number(args.port);
/** Answers of the load (warm-ups included): the profile's times are also given per answer. */
let answered = 0;

/** Processor time of process `pid` so far, in ms (utime + stime of /proc/<pid>/stat). */
async function cpuMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, "utf8")).split(") ")[1].split(" ");
  // Fields 14 and 15 of stat(5), counted from the state (field 3) here; in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
const baseUrl = `http://127.0.0.1:${port}`;

async function waitReady(): Promise<void> {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("Le portail n'a pas démarré");
}

const nodeArgs = [
  ...(args["cpu-profile"] ? ["--cpu-prof", `--cpu-prof-dir=${args["cpu-profile"]}`] : []),
  ...args["node-args"].split(" ").filter(Boolean),
  ...(args.memoire ? ["--expose-gc", "--import", "./scripts/memoire-sonde.mjs"] : []),
];
const sonde = join("/tmp", `memoire-charge-${port}-${Date.now()}.jsonl`);
const entree = args.entree === "tsx" ? ["--import", "tsx", "server.ts"] : [PORTAL_ENTRY];
const child = spawn(process.execPath, [...nodeArgs, ...entree], {
  cwd: ROOT,
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseUrl,
    DATA_DIR: args["data-dir"],
    DATABASE_URL: args["database-url"],
    DEMO_DATA: "true",
    JOBS: "false",
    // One process (server/cluster.ts would fork one per core): its profile and memory are the page's.
    WEB_CONCURRENCY: "1",
    LOG_LEVEL: "warn",
    SMTP_URL: "",
    MEMOIRE_SONDE_FICHIER: sonde,
    // As bench/processes.ts: every virtual visitor comes from 127.0.0.1.
    ANNUAIRE_RATE_LIMIT_IP_MINUTE: "100000000",
    ANNUAIRE_RATE_LIMIT_IP_HOUR: "100000000",
  },
  stdio: ["ignore", "inherit", "inherit"],
});

const mio = (octets: number) => (octets / 1048576).toFixed(1);

/** Prints the probe's reading (scripts/memoire-sonde.ts) and smaps_rollup, labelled `quand`. */
async function releverMemoire(quand: string): Promise<void> {
  const rollup = await readFile(`/proc/${child.pid}/smaps_rollup`, "utf8");
  const champ = (nom: string) =>
    (Number(new RegExp(`^${nom}:\\s+(\\d+) kB`, "m").exec(rollup)?.[1]) / 1024).toFixed(1);
  console.log(
    `${quand} : smaps_rollup Rss ${champ("Rss")}, Anonymous ${champ("Anonymous")}, Shared_Clean ${champ("Shared_Clean")}, Private_Clean ${champ("Private_Clean")} Mio`,
  );
  if (!args.memoire) return;
  const lire = async () =>
    (await readFile(sonde, "utf8").catch(() => "")).split("\n").filter(Boolean);
  const avant = (await lire()).length;
  child.kill("SIGUSR2");
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const lignes = await lire();
    if (lignes.length > avant) {
      const mesure = JSON.parse(lignes.at(-1)!) as Record<
        "avant" | "apres",
        Record<string, number> & { espaces: Record<string, [number, number]> }
      >;
      for (const cle of ["avant", "apres"] as const) {
        const r = mesure[cle];
        const espaces = Object.entries(r.espaces)
          .filter(([, [taille]]) => taille > 0)
          .map(
            ([nom, [taille, utilise]]) =>
              `${nom.replace("_space", "")} ${mio(utilise)}/${mio(taille)}`,
          )
          .join(", ");
        console.log(
          `  ${cle === "avant" ? "avant gc" : "après gc"} : rss ${mio(r.rss)}, heapTotal ${mio(r.heapTotal)}, heapUsed ${mio(r.heapUsed)}, external ${mio(r.external)}, arrayBuffers ${mio(r.arrayBuffers)} Mio ; espaces (utilisé/réservé) ${espaces}`,
        );
      }
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A URL of the load: `expected` its status (200 unless a redirect), headers signed in or not. */
interface Cible {
  id: string;
  url: string;
  headers: Record<string, string>;
  expected?: number;
}

/**
 * The pages of `npm run bench` in its order (targetSpecs of bench/run.ts),
 * each signed in anew as the bench does: what « RSS après » measures.
 */
async function ciblesDuBanc(fileId: string): Promise<Cible[]> {
  const browser = { "Accept-Encoding": "gzip, deflate, br" };
  const signe = async (id: string, url: string, email: string): Promise<Cible> => ({
    id,
    url,
    headers: { ...browser, Cookie: await sessionCookie(baseUrl, email) },
  });
  const login = await loginPage(baseUrl);
  const manifeste = JSON.parse(await readFile(join(ROOT, "public/dsfr/portail.json"), "utf8")) as {
    stylesheet: string;
  };
  return [
    {
      id: "connexion",
      url: login.url.slice(baseUrl.length),
      headers: { ...browser, Cookie: login.cookie },
    },
    { id: "connexion-redirection", url: "/account/login", headers: browser, expected: 302 },
    { id: "page-legale", url: "/mentions-legales", headers: browser },
    await signe("accueil-personnel", "/", DEMO.superviseur),
    await signe("liste", "/tous-les-dossiers/demande", DEMO.superviseur),
    await signe(
      "liste-filtree",
      `/tous-les-dossiers/demande?${FILTERED_QUERY.replace(/\[\]/g, "%5B%5D")}`,
      DEMO.superviseur,
    ),
    await signe("dossier", `/dossier/demande/${fileId}`, DEMO.superviseur),
    await signe("etablissements", "/etablissements/liste", DEMO.superviseur),
    await signe("activite", "/activite", DEMO.centrale),
    await signe(
      "activite-filtree",
      "/activite?dateDebut=2025-01-01&dateFin=2025-12-31&region%5B%5D=11",
      DEMO.centrale,
    ),
    await signe("agrements", "/agrements", DEMO.centrale),
    { id: "annuaire", url: "/trouver-un-accompagnateur?recherche=75011", headers: browser },
    await signe("accueil-demandeur", "/", DEMO.demandeur),
    {
      id: "api-demandes",
      url: "/api/demandes",
      headers: {
        ...browser,
        Authorization: `Bearer ${await bearerToken(baseUrl, DEMO.superviseur)}`,
      },
    },
    { id: "fichier-statique", url: manifeste.stylesheet, headers: browser },
  ];
}

try {
  await waitReady();
  await releverMemoire("Démarrage");
  const cookie = await sessionCookie(baseUrl, DEMO.superviseur);
  const bearer = await bearerToken(baseUrl, DEMO.superviseur);
  const page = await appelApi<Page<DemandeResume>>(baseUrl, bearer, "GET", "/demandes");
  const fileId =
    page.result.find((demande) => demande.etat !== "brouillon")?.id ?? page.result[0].id;
  const browser = { "Accept-Encoding": "gzip, deflate, br" };
  const connexions = args.connections.split(",").map(Number);
  const targets: Cible[] = (
    args.banc
      ? await ciblesDuBanc(fileId)
      : [
          { id: "mentions", url: "/mentions-legales", headers: browser },
          {
            id: "liste",
            url: "/tous-les-dossiers/demande",
            headers: { ...browser, Cookie: cookie },
          },
          {
            id: "dossier",
            url: `/dossier/demande/${fileId}`,
            headers: { ...browser, Cookie: cookie },
          },
          { id: "accueil", url: "/", headers: { ...browser, Cookie: cookie } },
          {
            id: "api",
            url: "/api/demandes",
            headers: { ...browser, Authorization: `Bearer ${bearer}` },
          },
        ]
  ).filter((target) => !args.only || args.only.split(",").includes(target.id));
  const sizes = new Map<string, number>();
  for (const target of targets) {
    let response = await fetch(`${baseUrl}${target.url}`, {
      headers: { ...target.headers, "Accept-Encoding": "identity" },
      redirect: "manual",
    });
    const location = response.headers.get("location");
    // As the bench's check: a redirect to the same path is the page's canonical query string.
    if (target.expected === undefined && location?.startsWith(target.url.split("?")[0] + "?")) {
      target.url = location;
      response = await fetch(`${baseUrl}${target.url}`, {
        headers: { ...target.headers, "Accept-Encoding": "identity" },
        redirect: "manual",
      });
    }
    if (response.status !== (target.expected ?? 200))
      throw new Error(`${target.url} : HTTP ${response.status}`);
    sizes.set(target.id, (await response.arrayBuffer()).byteLength);
  }
  const cle = (id: string, connections: number) => `${id}×${connections}`;
  const results = new Map<
    string,
    { p50: number; rps: number; cpu: number; rss: number | null }[]
  >();
  for (let run = 0; run < Number(args.runs); run += 1) {
    for (const target of targets) {
      for (const connections of args.banc ? connexions : connexions.slice(0, 1)) {
        const options = {
          connections,
          warmupS: 0,
          headers: target.headers,
          expected: target.expected,
        };
        const warmup = await measure(`${baseUrl}${target.url}`, { ...options, durationS: 1 });
        answered += warmup.requests + warmup.failures;
        const cpuBefore = await cpuMs(child.pid!);
        const result = await measure(`${baseUrl}${target.url}`, {
          ...options,
          durationS: Number(args.duration),
        });
        const cpu = (await cpuMs(child.pid!)) - cpuBefore;
        answered += result.requests + result.failures;
        if (result.failures) console.error(`${target.id} : ${result.failures} échecs`);
        results.set(cle(target.id, connections), [
          ...(results.get(cle(target.id, connections)) ?? []),
          {
            p50: result.latency.p50,
            rps: result.rps,
            cpu: cpu / (result.requests + result.failures),
            rss: await memoryMiB(child.pid!, "VmRSS"),
          },
        ]);
      }
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
  for (const target of targets) {
    for (const connections of args.banc ? connexions : connexions.slice(0, 1)) {
      const runs = results.get(cle(target.id, connections))!;
      console.log(
        `${(args.banc ? cle(target.id, connections) : target.id).padEnd(9)} p50 ${median(runs.map((r) => r.p50)).toFixed(2)} ms ` +
          `[${runs.map((r) => r.p50.toFixed(2)).join(" ")}]  req/s ${median(runs.map((r) => r.rps)).toFixed(0)} ` +
          `[${runs.map((r) => r.rps.toFixed(0)).join(" ")}]  CPU/réponse ${median(runs.map((r) => r.cpu)).toFixed(2)} ms ` +
          `[${runs.map((r) => r.cpu.toFixed(2)).join(" ")}]  ${(sizes.get(target.id)! / 1024).toFixed(1)} Kio` +
          (args.banc ? `  RSS après ${runs.map((r) => r.rss?.toFixed(0)).join(" ")} Mio` : ""),
      );
    }
  }
  console.log(
    `RSS ${await memoryMiB(child.pid!, "VmRSS")} Mio, pic ${await memoryMiB(child.pid!, "VmHWM")} Mio`,
  );
  await releverMemoire("Fin");
} finally {
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

if (args["cpu-profile"]) await printProfile(args["cpu-profile"]);

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

/** Self and inclusive time of the heaviest functions of the profile written in `dir`. */
async function printProfile(dir: string): Promise<void> {
  const name = (await readdir(dir)).find((file) => file.endsWith(".cpuprofile"));
  if (!name) return;
  const profile = JSON.parse(await readFile(join(dir, name), "utf8")) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
  };
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, index) =>
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index + 1] ?? 0)),
  );
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
  const key = (node: ProfileNode) =>
    `${node.callFrame.functionName || "(anonyme)"} ${node.callFrame.url.split("/").slice(-3).join("/")}:${node.callFrame.lineNumber + 1}`;
  const paquet = (url: string, name: string) => {
    if (!url) return name.startsWith("(") ? name : "(natif)";
    const modules = url.lastIndexOf("/node_modules/");
    if (modules === -1)
      return url.startsWith("node:")
        ? "node:" + url.split(/[:/]/)[1]
        : url.replace(/^.*\/main\//, "").split("/")[0];
    const [first, second] = url.slice(modules + 14).split("/");
    return first.startsWith("@") ? `${first}/${second}` : first;
  };
  const parPaquet = new Map<string, number>();
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busy = 0;
  for (const [id, us] of selfUs) {
    const node = byId.get(id)!;
    if (node.callFrame.functionName === "(idle)" || node.callFrame.functionName === "(program)")
      continue;
    busy += us;
    self.set(key(node), (self.get(key(node)) ?? 0) + us);
    const nom = paquet(node.callFrame.url, node.callFrame.functionName);
    parPaquet.set(nom, (parPaquet.get(nom) ?? 0) + us);
    // Each function counted once per stack, however deep its recursion.
    const seen = new Set<string>();
    for (
      let current: number | undefined = id;
      current !== undefined;
      current = parent.get(current)
    ) {
      const k = key(byId.get(current)!);
      if (seen.has(k)) continue;
      seen.add(k);
      inclusive.set(k, (inclusive.get(k) ?? 0) + us);
    }
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(
        ([k, us]) =>
          `  ${((us / busy) * 100).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(6)} ms  ${(us / 1000 / answered).toFixed(3).padStart(7)} ms/réponse  ${k}`,
      )
      .join("\n");
  console.log(
    `Occupé ${(busy / 1000).toFixed(0)} ms, ${answered} réponses\nPar paquet :\n${top(parPaquet, 25)}\nTemps propre :\n${top(self, 40)}\nTemps inclusif :\n${top(inclusive, 90)}`,
  );
}
