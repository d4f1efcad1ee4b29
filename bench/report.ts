/**
 * Where the figures go: one JSON file per run in bench/results/, and a
 * summary rewritten between markers of docs/performance.md
 * (`<!-- bench:<section>:début -->` … `<!-- bench:<section>:fin -->`),
 * both formatted by Prettier so that `npm run lint` stays clean.
 */
import { execFileSync } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import * as prettier from "prettier";
import { ROOT } from "./processes.ts";

export const RESULTS_DIR = join(ROOT, "bench", "results");
const DOC = join(ROOT, "docs", "performance.md");

/** The machine and moment of a run (figures mean little without them). */
export interface Machine {
  cpus: number;
  cpuModel: string;
  memoryGiB: number;
  node: string;
  platform: string;
  /** 1, 5 and 15 minute load averages when the run started. */
  loadAverage: number[];
  date: string;
  commit: string | null;
}

/** Describes this machine now. */
export function describeMachine(): Machine {
  let commit: string | null;
  try {
    commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], {
      cwd: ROOT,
      encoding: "utf8",
    }).trim();
  } catch {
    commit = null;
  }
  return {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? "inconnu",
    memoryGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    loadAverage: loadavg().map((value) => Math.round(value * 100) / 100),
    date: new Date().toISOString(),
    commit,
  };
}

/** A number the French way, with at most `digits` decimals. */
export function fr(value: number | null | undefined, digits = 1): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "–";
  return new Intl.NumberFormat("fr-FR", { maximumFractionDigits: digits }).format(value);
}

/** The line that says on what and when figures were taken. */
export function machineLine(machine: Machine): string {
  return (
    `${machine.cpus} cœurs (${machine.cpuModel}), ${fr(machine.memoryGiB)} Gio, Node ${machine.node}, ` +
    `${machine.platform} ; charge moyenne au départ ${machine.loadAverage.map((v) => fr(v, 2)).join(" / ")} ; ` +
    `${machine.date.slice(0, 16).replace("T", " ")} UTC${machine.commit ? `, commit ${machine.commit}` : ""}`
  );
}

async function pretty(text: string, filepath: string): Promise<string> {
  const options = (await prettier.resolveConfig(filepath)) ?? {};
  return prettier.format(text, { ...options, filepath });
}

/** Writes `data` to bench/results/<date>-<suffix>.json and returns the path. */
export async function writeResult(suffix: string, data: unknown): Promise<string> {
  await mkdir(RESULTS_DIR, { recursive: true });
  const stamp = new Date().toISOString().slice(0, 19).replace(/:/g, "-");
  const path = join(RESULTS_DIR, `${stamp}-${suffix}.json`);
  await writeFile(path, await pretty(JSON.stringify(data), path));
  return path;
}

/**
 * Replaces the text between the markers of `section` in docs/performance.md
 * (appends the section at the end when the markers are missing).
 */
export async function rewriteSection(section: string, markdown: string): Promise<void> {
  const start = `<!-- bench:${section}:début -->`;
  const end = `<!-- bench:${section}:fin -->`;
  const current = await readFile(DOC, "utf8").catch(() => "# Performances\n");
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const block = `${start}\n\n${markdown.trim()}\n\n${end}`;
  const next =
    from !== -1 && to > from
      ? current.slice(0, from) + block + current.slice(to + end.length)
      : `${current.trimEnd()}\n\n${block}\n`;
  await writeFile(DOC, await pretty(next, DOC));
}

/** A Markdown table. */
export function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}
