/**
 * Which file stores have their uploads scanned, and how an upload wakes the
 * scan job up (ADR 0030). The HTTP layer marks its store
 * when CLAMAV_HOST is set ({@link activerAntivirus}); api/domain/pieces-jointes.ts
 * then stores uploads `en_attente` and signals them; the jobs runner of the
 * same process, when it works the scan job, answers the signal by queueing
 * it at once. Without a runner here (JOBS=false, another instance runs the
 * jobs), the job's next minute picks the file up: a lost signal only delays.
 */
import type { Database } from "../db/client.ts";
import type { FileStore } from "../files/types.ts";

/** Stores whose uploads are scanned → the database their scan job reads. */
const actifs = new WeakMap<FileStore, Database>();
/** Database → how the runner working the scan job there queues it now. */
const reveils = new WeakMap<Database, () => void>();

/** Uploads kept through `fichiers` are scanned (CLAMAV_HOST set) by the jobs of `database`. */
export function activerAntivirus(fichiers: FileStore, database: Database): void {
  actifs.set(fichiers, database);
}

/** Whether uploads kept through `fichiers` wait for a verdict (`en_attente`). */
export function antivirusActif(fichiers: FileStore): boolean {
  return actifs.has(fichiers);
}

/**
 * Registers how to queue the scan job of `database` now (the runner, once its
 * worker is up). Returns what unregisters it (the runner's stop).
 */
export function surDepot(database: Database, reveil: () => void): () => void {
  reveils.set(database, reveil);
  return () => {
    if (reveils.get(database) === reveil) reveils.delete(database);
  };
}

/** A file was stored `en_attente` through `fichiers`: wakes the scan job up, if it runs here. */
export function signalerDepot(fichiers: FileStore): void {
  const database = actifs.get(fichiers);
  if (database) reveils.get(database)?.();
}
