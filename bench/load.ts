/**
 * One load measurement with autocannon: a short warm-up (results thrown
 * away), then `durationS` seconds at `connections` keep-alive connections.
 * Latency percentiles are computed from every response time autocannon
 * reports (milliseconds, sub-millisecond precision), not from its integer
 * histogram: p50, p95 and p99 are exact over all correct answers (those
 * with the expected status).
 */
import autocannon, { type Result } from "autocannon";

export interface LoadOptions {
  connections: number;
  /** Seconds measured. */
  durationS: number;
  /** Seconds of warm-up before, not measured (0: none). */
  warmupS: number;
  headers?: Record<string, string>;
  /** Status of a correct answer (default 200; 302 for a redirect); others count as failures. */
  expected?: number;
}

export interface LoadResult {
  connections: number;
  durationS: number;
  /** Answers with the expected status. */
  requests: number;
  /** Answers with another status (a lost session shows up here as 302), plus socket errors and timeouts. */
  failures: number;
  /** Correct answers per second. */
  rps: number;
  /** Latency of correct answers, in milliseconds. */
  latency: { p50: number; p95: number; p99: number; mean: number; max: number };
  /** Mean size of an answer (headers and body as sent, uncompressed unless asked), in bytes. */
  bytesPerRequest: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

function runOnce(
  url: string,
  connections: number,
  durationS: number,
  headers: Record<string, string>,
  record?: (statusCode: number, bytes: number, ms: number) => void,
): Promise<Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections, duration: durationS, headers, timeout: 30 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (record)
      instance.on("response", (_client, statusCode, bytes, ms) => record(statusCode, bytes, ms));
  });
}

/** Measures `url` as described above. */
export async function measure(url: string, options: LoadOptions): Promise<LoadResult> {
  const headers = options.headers ?? {};
  if (options.warmupS > 0) await runOnce(url, options.connections, options.warmupS, headers);
  let times = new Float64Array(1 << 16);
  let count = 0;
  let wrong = 0;
  let bytes = 0;
  const expected = options.expected ?? 200;
  const result = await runOnce(
    url,
    options.connections,
    options.durationS,
    headers,
    (status, size, ms) => {
      if (status !== expected) {
        wrong += 1;
        return;
      }
      bytes += size;
      if (count === times.length) {
        const bigger = new Float64Array(times.length * 2);
        bigger.set(times);
        times = bigger;
      }
      times[count++] = ms;
    },
  );
  const sorted = times.slice(0, count).sort();
  let sum = 0;
  for (const ms of sorted) sum += ms;
  return {
    connections: options.connections,
    durationS: result.duration,
    requests: count,
    failures: wrong + result.errors + result.timeouts,
    rps: count / result.duration,
    latency: {
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      mean: count ? sum / count : Number.NaN,
      max: count ? sorted[count - 1] : Number.NaN,
    },
    bytesPerRequest: count ? bytes / count : 0,
  };
}
