/**
 * Short before/after measurements of the per-request overhead (issue 17
 * item 2), lighter than `npm run bench`: starts the built portal once on
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
 *   npx tsx bench/micro/charge.ts --port 33202 --database-url postgres://… --data-dir /tmp/…
 */
import { spawn } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { measure } from "../load.ts";
import { memoryMiB, ROOT } from "../processes.ts";
import { bearerToken, DEMO, sessionCookie } from "../sign-in.ts";
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
  },
});

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
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("Le portail n'a pas démarré");
}

const nodeArgs = args["cpu-profile"] ? ["--cpu-prof", `--cpu-prof-dir=${args["cpu-profile"]}`] : [];
const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "server.ts"], {
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
  },
  stdio: ["ignore", "inherit", "inherit"],
});

try {
  await waitReady();
  const cookie = await sessionCookie(baseUrl, DEMO.superviseur);
  const bearer = await bearerToken(baseUrl, DEMO.superviseur);
  const page = await appelApi<Page<DemandeResume>>(baseUrl, bearer, "GET", "/demandes");
  const fileId =
    page.result.find((demande) => demande.etat !== "brouillon")?.id ?? page.result[0].id;
  const browser = { "Accept-Encoding": "gzip, deflate, br" };
  const targets = [
    { id: "mentions", url: "/mentions-legales", headers: browser },
    { id: "liste", url: "/tous-les-dossiers/demande", headers: { ...browser, Cookie: cookie } },
    { id: "dossier", url: `/dossier/demande/${fileId}`, headers: { ...browser, Cookie: cookie } },
    { id: "accueil", url: "/", headers: { ...browser, Cookie: cookie } },
    { id: "api", url: "/api/demandes", headers: { ...browser, Authorization: `Bearer ${bearer}` } },
  ].filter((target) => !args.only || args.only.split(",").includes(target.id));
  const sizes = new Map<string, number>();
  for (const target of targets) {
    const response = await fetch(`${baseUrl}${target.url}`, {
      headers: { ...target.headers, "Accept-Encoding": "identity" },
      redirect: "manual",
    });
    if (response.status !== 200) throw new Error(`${target.url} : HTTP ${response.status}`);
    sizes.set(target.id, (await response.arrayBuffer()).byteLength);
  }
  const results = new Map<string, { p50: number; rps: number; cpu: number }[]>();
  for (let run = 0; run < Number(args.runs); run += 1) {
    for (const target of targets) {
      const warmup = await measure(`${baseUrl}${target.url}`, {
        connections: Number(args.connections),
        durationS: 1,
        warmupS: 0,
        headers: target.headers,
      });
      answered += warmup.requests + warmup.failures;
      const cpuBefore = await cpuMs(child.pid!);
      const result = await measure(`${baseUrl}${target.url}`, {
        connections: Number(args.connections),
        durationS: Number(args.duration),
        warmupS: 0,
        headers: target.headers,
      });
      const cpu = (await cpuMs(child.pid!)) - cpuBefore;
      answered += result.requests + result.failures;
      if (result.failures) console.error(`${target.id} : ${result.failures} échecs`);
      results.set(target.id, [
        ...(results.get(target.id) ?? []),
        {
          p50: result.latency.p50,
          rps: result.rps,
          cpu: cpu / (result.requests + result.failures),
        },
      ]);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
  for (const target of targets) {
    const runs = results.get(target.id)!;
    console.log(
      `${target.id.padEnd(9)} p50 ${median(runs.map((r) => r.p50)).toFixed(2)} ms ` +
        `[${runs.map((r) => r.p50.toFixed(2)).join(" ")}]  req/s ${median(runs.map((r) => r.rps)).toFixed(0)} ` +
        `[${runs.map((r) => r.rps.toFixed(0)).join(" ")}]  CPU/réponse ${median(runs.map((r) => r.cpu)).toFixed(2)} ms ` +
        `[${runs.map((r) => r.cpu.toFixed(2)).join(" ")}]  ${(sizes.get(target.id)! / 1024).toFixed(1)} Kio`,
    );
  }
  console.log(
    `RSS ${await memoryMiB(child.pid!, "VmRSS")} Mio, pic ${await memoryMiB(child.pid!, "VmHWM")} Mio`,
  );
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
