/**
 * Child processes of the benchmark: the production portal (`build/server.js`,
 * the compiled `server.ts`, as `npm run serve` runs it: ADR 0034), the bare
 * baseline server and the framework's floor (bench/plancher/), each started
 * on a free port with `node` itself (`--import tsx` for the TypeScript ones)
 * so that the child's pid is the server (its memory can then be read in
 * /proc). Also the few commands run once (build, seed, throw-away
 * PostgreSQL database).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { freePort } from "../tests/helpers/portal.ts";
import { capturer } from "./plancher/arbre.ts";

export const ROOT = join(import.meta.dirname, "..");

/**
 * What `npm run serve` runs (package.json), built by `npm run build`
 * (scripts/construire-serveur.mjs): the portal measured is the one served.
 */
export const PORTAL_ENTRY = "build/server.js";

/** A running child server. */
export interface RunningServer {
  baseUrl: string;
  pid: number;
  /** Calls `listener` with every line the server writes (pino JSON at LOG_LEVEL). */
  onLine(listener: (line: string) => void): () => void;
  stop(): Promise<void>;
}

function startChild(
  args: string[],
  env: Record<string, string>,
  label: string,
  nodeArgs: string[] = [],
): { child: ChildProcess; onLine: RunningServer["onLine"]; tail: string[] } {
  // TypeScript through tsx; the portal's compiled entry (plain JavaScript) without it.
  const loader = args[0].endsWith(".ts") ? ["--import", "tsx"] : [];
  const child = spawn(process.execPath, [...nodeArgs, ...loader, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const listeners = new Set<(line: string) => void>();
  const tail: string[] = [];
  for (const stream of [child.stdout!, child.stderr!]) {
    createInterface({ input: stream }).on("line", (line) => {
      tail.push(line);
      if (tail.length > 40) tail.shift();
      for (const listener of listeners) listener(line);
    });
  }
  child.on("exit", (code, signal) => {
    if (code !== 0 && signal !== "SIGTERM" && code !== null)
      process.stderr.write(`[${label}] arrêt inattendu (code ${code})\n${tail.join("\n")}\n`);
  });
  return {
    child,
    tail,
    onLine: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Polls `url` until it answers 200; throws with the server's last lines if it exits or times out. */
async function waitReady(url: string, child: ChildProcess, tail: string[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stopChild(child);
  throw new Error(`Le serveur n'a pas démarré (${url}) :\n${tail.join("\n")}`);
}

/** What the portal runs on: PGlite in `dataDir` unless `databaseUrl` is given. */
export interface PortalOptions {
  dataDir: string;
  databaseUrl?: string;
  /** pino level; "warn" while measuring, "info" to see every request (profile). */
  logLevel?: string;
  /** Options of node itself (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /**
   * WEB_CONCURRENCY (ADR 0028), 1 by default: one process, whose pid is the
   * server (memory, CPU profile). More: the pid is the cluster's primary.
   */
  processes?: number;
}

/**
 * Starts the built portal in production mode (JOBS=false, demo accounts on,
 * directory limits out of reach)
 * on a free port of 127.0.0.1 and waits for /readyz. PUBLIC_URL is
 * http://127.0.0.1:<port>, the address every caller of the benchmark uses.
 */
export async function startPortal(options: PortalOptions): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { child, onLine, tail } = startChild(
    [PORTAL_ENTRY],
    {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: baseUrl,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? "",
      DEMO_DATA: "true",
      JOBS: "false",
      LOG_LEVEL: options.logLevel ?? "warn",
      WEB_CONCURRENCY: String(options.processes ?? 1),
      SMTP_URL: "",
      // Every virtual visitor of the load comes from 127.0.0.1: the household
      // directory's per-IP limit (60 a minute) would answer 429 and measure
      // nothing. The counting itself (one upsert per search) stays measured.
      ANNUAIRE_RATE_LIMIT_IP_MINUTE: "100000000",
      ANNUAIRE_RATE_LIMIT_IP_HOUR: "100000000",
    },
    "portail",
    options.nodeArgs,
  );
  await waitReady(`${baseUrl}/readyz`, child, tail, 600_000);
  return { baseUrl, pid: child.pid!, onLine, stop: () => stopChild(child) };
}

/** Starts bench/baseline.ts on a free port and waits for its page. */
export async function startBaseline(): Promise<RunningServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { child, onLine, tail } = startChild(
    ["bench/baseline.ts"],
    { PORT: String(port) },
    "référence",
  );
  await waitReady(`${baseUrl}/`, child, tail, 30_000);
  return { baseUrl, pid: child.pid!, onLine, stop: () => stopChild(child) };
}

/**
 * Captures the portal's `page` (HTML, as a browser without session gets it)
 * into the floor app (bench/plancher/), builds that app with
 * the portal's Remix and Vite, starts its server on a free port and waits for
 * its page. The floor renders the same markup through React from a static
 * loader: what any Remix page of this weight costs on this machine.
 */
export async function startFloor(portalUrl: string, page: string): Promise<RunningServer> {
  const html = await (await fetch(`${portalUrl}${page}`)).text();
  const dir = join(ROOT, "bench", "tmp", "plancher");
  await mkdir(dir, { recursive: true });
  const pageFile = join(dir, "page.json");
  await writeFile(pageFile, JSON.stringify(capturer(html)));
  await run(
    "npx",
    ["remix", "vite:build", "bench/plancher"],
    { PLANCHER_PAGE: pageFile },
    { quiet: true },
  );
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const { child, onLine, tail } = startChild(
    ["bench/plancher/server.ts"],
    { PORT: String(port), NODE_ENV: "production" },
    "plancher",
  );
  await waitReady(`${baseUrl}/`, child, tail, 60_000);
  return { baseUrl, pid: child.pid!, onLine, stop: () => stopChild(child) };
}

/**
 * Runs a command in the repository, output passed through; resolves with
 * its stdout, rejects when it exits non-zero.
 */
export function run(
  command: string,
  args: string[],
  env: Record<string, string> = {},
  options: { quiet?: boolean } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (!options.quiet) process.stdout.write(chunk);
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} ${args.join(" ")} : code ${code}`)),
    );
  });
}

/** A /proc/<pid>/status field in MiB (VmRSS, VmHWM…); null when unreadable. */
export async function memoryMiB(pid: number, field: "VmRSS" | "VmHWM"): Promise<number | null> {
  try {
    const status = await readFile(`/proc/${pid}/status`, "utf8");
    const kib = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1];
    return kib ? Number(kib) / 1024 : null;
  } catch {
    return null;
  }
}
