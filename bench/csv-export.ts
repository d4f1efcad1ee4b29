/**
 * Times the CSV export of every approval request (GET /api/demandes/export
 * as a central staff member, who sees them all) and watches the server's
 * memory meanwhile: resident set sampled every 10 ms from /proc/<pid>/status
 * (VmRSS), and the kernel's own peak (VmHWM) after it was reset just before
 * the export (`5` written to /proc/<pid>/clear_refs), so the peak is the
 * export's and not the start-up's. On PGlite the database lives in the
 * server process: its memory is counted too.
 */
import { writeFile } from "node:fs/promises";
import { memoryMiB } from "./processes.ts";

export interface ExportResult {
  /** Milliseconds until the first byte of the body, and until the last. */
  firstByteMs: number;
  totalMs: number;
  /** Body bytes once decoded (fetch asks for gzip, as browsers do). */
  bytes: number;
  /** Content-Encoding of the answer ("identity" when none). */
  encoding: string;
  /** CSV records after the header line (quoted line breaks do not count). */
  rows: number;
  /** Rows the list says the user sees (`nb_elements` of GET /api/demandes). */
  expectedRows: number;
  rssBeforeMiB: number | null;
  /** Highest of the samples and of VmHWM after the reset. */
  peakRssMiB: number | null;
  /** Whether the kernel peak could be reset (else the peak may be the start-up's). */
  peakReset: boolean;
}

/** Counts record ends of RFC 4180 text, chunk by chunk. */
function recordCounter() {
  let quoted = false;
  let records = 0;
  return {
    push(chunk: Uint8Array) {
      for (const byte of chunk) {
        if (byte === 0x22) quoted = !quoted;
        else if (byte === 0x0a && !quoted) records += 1;
      }
    },
    get records() {
      return records;
    },
  };
}

/** Runs the export with `token` against the portal of process `pid`. */
export async function timeExport(
  baseUrl: string,
  token: string,
  pid: number,
): Promise<ExportResult> {
  const headers = { Authorization: `Bearer ${token}` };
  const list = (await (await fetch(`${baseUrl}/api/demandes`, { headers })).json()) as {
    nb_elements: number;
  };
  const rssBeforeMiB = await memoryMiB(pid, "VmRSS");
  const peakReset = await writeFile(`/proc/${pid}/clear_refs`, "5").then(
    () => true,
    () => false,
  );
  let peak = rssBeforeMiB ?? 0;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, (await memoryMiB(pid, "VmRSS")) ?? 0);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();

  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/demandes/export`, { headers });
  if (!response.ok || !response.body) {
    sampling = false;
    await sampler;
    throw new Error(`Export CSV refusé : HTTP ${response.status}`);
  }
  const counter = recordCounter();
  let bytes = 0;
  let firstByteMs = Number.NaN;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += read.value.length;
    counter.push(read.value);
  }
  const totalMs = performance.now() - started;
  sampling = false;
  await sampler;
  const hwm = await memoryMiB(pid, "VmHWM");
  return {
    firstByteMs,
    totalMs,
    bytes,
    encoding: response.headers.get("content-encoding") ?? "identity",
    rows: Math.max(0, counter.records - 1),
    expectedRows: list.nb_elements,
    rssBeforeMiB,
    peakRssMiB: rssBeforeMiB === null ? null : Math.max(peak, peakReset && hwm ? hwm : 0),
    peakReset,
  };
}
