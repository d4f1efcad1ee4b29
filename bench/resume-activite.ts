/**
 * The national activity summary for the benchmark (ADR
 * 0038). The measured portal runs without jobs (JOBS=false: a job's work
 * would land in another page's figures), so `/activite` is computed live;
 * the `activite-resume` target wants what central staff get on a running
 * portal, the job's summary: this computes it into the benchmark database
 * just before that target is measured (it is served 5 minutes). PostgreSQL
 * only: PGlite's data directory is held by the portal's process.
 */
import { openDatabase } from "../api/db/client.ts";
import { rafraichirResumeNational } from "../api/domain/activites/resume.ts";
import { horlogeSysteme } from "../api/domain/horloge.ts";
import type { BenchDatabase } from "./dataset.ts";

/** Runs the job's computation once against `database` (PostgreSQL). */
export async function refreshNationalSummary(database: BenchDatabase): Promise<void> {
  if (!database.databaseUrl) throw new Error("Résumé national : PostgreSQL seulement");
  const opened = await openDatabase({
    databaseUrl: database.databaseUrl,
    dataDir: database.dataDir,
  });
  try {
    await rafraichirResumeNational({ database: opened, horloge: horlogeSysteme });
  } finally {
    await opened.close();
  }
}
