/**
 * Lighthouse 12.8.2 performance audits with its
 * default mobile preset (Moto G Power screen, simulated slow 4G and 4× CPU
 * slowdown), driving Debian's Chromium through chrome-launcher. A signed-in
 * page gets the session cookie on every request (`extraHeaders`). Each page
 * runs `runs` times; the run of median LCP is kept, as Lighthouse advises
 * for its run-to-run variance. A run whose trace failed is run again (twice
 * at most).
 */
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./page-weight.ts";

export interface LighthouseResult {
  /** Performance score, 0 to 1. */
  score: number;
  /** Milliseconds (simulated mobile). */
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** Bytes Lighthouse saw transferred (total-byte-weight). */
  totalBytes: number;
  /** LCPs of all runs, to show the spread. */
  allLcpMs: number[];
  /**
   * The longest main-thread tasks of the run (simulated mobile ms), with the
   * script Lighthouse attributes them to: what the Total Blocking Time is made of.
   */
  longTasks: { url: string; startMs: number; durationMs: number }[];
  /** Opportunities Lighthouse lists with their estimated saving (ms), largest first. */
  opportunities: { id: string; title: string; savingsMs: number }[];
}

/** An item of Lighthouse's "long-tasks" audit. */
interface LongTaskItem {
  url?: string;
  startTime?: number;
  duration?: number;
}

/** A Chromium for Lighthouse; `close()` ends it. */
export async function launchForLighthouse(): Promise<{ port: number; close(): void }> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", "--lang=fr-FR", ...CHROMIUM_ARGS],
    logLevel: "silent",
  });
  return { port: chrome.port, close: () => chrome.kill() };
}

/** Audits `url` `runs` times on the Chromium listening on `port`. */
export async function audit(
  port: number,
  url: string,
  options: { cookie?: string; runs: number },
): Promise<LighthouseResult> {
  const results: LighthouseResult[] = [];
  let failures = 0;
  while (results.length < options.runs) {
    const answer = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      extraHeaders: options.cookie ? { Cookie: options.cookie } : undefined,
    });
    const error = answer ? answer.lhr.runtimeError?.message : "aucun rapport";
    if (error || !answer) {
      // Trace recording fails now and then under load (NO_NAVSTART…): try again, twice at most.
      failures += 1;
      if (failures > 2) throw new Error(`Lighthouse, ${url} : ${error}`);
      continue;
    }
    const { lhr } = answer;
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    results.push({
      score: lhr.categories.performance.score ?? Number.NaN,
      lcpMs: value("largest-contentful-paint"),
      fcpMs: value("first-contentful-paint"),
      tbtMs: value("total-blocking-time"),
      cls: value("cumulative-layout-shift"),
      speedIndexMs: value("speed-index"),
      totalBytes: value("total-byte-weight"),
      allLcpMs: [],
      longTasks: (
        (lhr.audits["long-tasks"]?.details as { items?: LongTaskItem[] } | undefined)?.items ?? []
      )
        .map((item) => ({
          url: item.url ?? "",
          startMs: Math.round(item.startTime ?? 0),
          durationMs: Math.round(item.duration ?? 0),
        }))
        .sort((a, b) => b.durationMs - a.durationMs)
        .slice(0, 5),
      opportunities: Object.values(lhr.audits)
        .map((entry) => ({
          id: entry.id,
          title: entry.title,
          savingsMs: (entry.metricSavings?.LCP ?? 0) + (entry.metricSavings?.FCP ?? 0),
        }))
        // Lighthouse 12 reports most findings twice (audit and "insight"); the LCP element is a diagnosis.
        .filter(
          (entry) =>
            !entry.id.endsWith("-insight") && entry.id !== "largest-contentful-paint-element",
        )
        .filter((entry) => entry.savingsMs > 0)
        .sort((a, b) => b.savingsMs - a.savingsMs)
        .slice(0, 6),
    });
  }
  results.sort((a, b) => a.lcpMs - b.lcpMs);
  const median = results[Math.floor(results.length / 2)];
  return { ...median, allLcpMs: results.map((result) => result.lcpMs) };
}
