/**
 * Where the main thread's time goes while one URL is loaded (to find
 * the slow paths). The portal runs under `node --cpu-prof`; the V8 profile
 * it writes on exit is cut to the load window (the last `durationS`
 * seconds before shutdown began) and its samples are summed by self time,
 * per package (node_modules/<name>, or the portal's own folders) and per
 * function. Work done off the main thread (gzip by `compression` runs in
 * libuv's thread pool, PostgreSQL in its own processes) does not show here.
 */
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

interface V8Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface CpuSummary {
  /** Milliseconds of samples in the window, idle excluded. */
  busyMs: number;
  /** Milliseconds idle in the window. */
  idleMs: number;
  byPackage: { name: string; ms: number; share: number }[];
  byFunction: { name: string; where: string; ms: number; share: number }[];
}

/** The package or portal folder a script URL belongs to. */
function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(node, natif)";
  if (url.startsWith("wasm://")) return "@electric-sql/pglite (wasm)";
  if (url.startsWith("node:")) {
    // node:internal/deps/undici/undici → node:undici (fetch), node:_http_server → node:http…
    const rest = url.slice("node:".length).replace(/^internal\//, "");
    const segment = rest.startsWith("deps/") ? rest.split("/")[1] : rest.split("/")[0];
    return `node:${segment.replace(/^_/, "").replace(/_.*$/, "")}`;
  }
  const modules = url.lastIndexOf("/node_modules/");
  if (modules !== -1) {
    const [first, second] = url.slice(modules + "/node_modules/".length).split("/");
    return first.startsWith("@") ? `${first}/${second}` : first;
  }
  const local = /\/(build\/server|api|idp|server|contract|app)\//.exec(url)?.[1];
  return local ? `portail : ${local}/` : url;
}

/** A directory for `--cpu-prof-dir`, and the node options that use it. */
export async function cpuProfileDir(): Promise<{ dir: string; nodeArgs: string[] }> {
  const dir = await mkdtemp(join(tmpdir(), "portail-bench-cpu-"));
  return { dir, nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${dir}`] };
}

/**
 * Reads the profile written in `dir` and sums the samples of the window
 * that ends `tailMs` before the profile's end and lasts `durationS`.
 */
export async function summarizeCpuProfile(
  dir: string,
  window: { durationS: number; tailMs: number },
): Promise<CpuSummary> {
  try {
    const name = (await readdir(dir)).find((file) => file.endsWith(".cpuprofile"));
    if (!name) throw new Error(`Aucun profil CPU écrit dans ${dir}`);
    const profile = JSON.parse(await readFile(join(dir, name), "utf8")) as V8Profile;
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const to = profile.endTime - window.tailMs * 1000;
    const from = to - window.durationS * 1_000_000;
    const perNode = new Map<number, number>();
    let time = profile.startTime;
    for (let index = 0; index < profile.samples.length; index += 1) {
      time += profile.timeDeltas[index];
      const delta = profile.timeDeltas[index + 1] ?? 0;
      if (time < from || time > to) continue;
      perNode.set(profile.samples[index], (perNode.get(profile.samples[index]) ?? 0) + delta);
    }
    const packages = new Map<string, number>();
    const functions = new Map<string, { name: string; where: string; us: number }>();
    let idle = 0;
    let busy = 0;
    for (const [id, us] of perNode) {
      const frame = nodes.get(id)!.callFrame;
      if (frame.functionName === "(idle)") {
        idle += us;
        continue;
      }
      busy += us;
      const pkg = packageOf(frame.url, frame.functionName);
      packages.set(pkg, (packages.get(pkg) ?? 0) + us);
      const where = frame.url
        ? `${frame.url.split("/").slice(-2).join("/")}:${frame.lineNumber + 1}`
        : "";
      const key = `${frame.functionName}@${where}`;
      const entry = functions.get(key) ?? { name: frame.functionName || "(anonyme)", where, us: 0 };
      entry.us += us;
      functions.set(key, entry);
    }
    const share = (us: number) => (busy ? us / busy : 0);
    return {
      busyMs: busy / 1000,
      idleMs: idle / 1000,
      byPackage: [...packages]
        .map(([pkg, us]) => ({ name: pkg, ms: us / 1000, share: share(us) }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 15),
      byFunction: [...functions.values()]
        .map((entry) => ({
          name: entry.name,
          where: entry.where,
          ms: entry.us / 1000,
          share: share(entry.us),
        }))
        .sort((a, b) => b.ms - a.ms)
        .slice(0, 20),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
