/**
 * Memory probe for a portal process (ADR 0034), loaded with
 * `node --import ./scripts/memoire-sonde.mjs …` (and `--expose-gc` to
 * also collect). On SIGUSR2, writes one JSON line to `MEMOIRE_SONDE_FICHIER`
 * (default /tmp/memoire-<pid>.jsonl): `process.memoryUsage()` (bytes), the
 * heap spaces of V8, and the same after a full collection when gc is exposed.
 * Not used by the portal; only by bench/micro/charge.ts --memoire. Plain
 * JavaScript so that it loads before tsx and in front of the compiled server.
 */
import { appendFileSync } from "node:fs";
import v8 from "node:v8";

const fichier = process.env.MEMOIRE_SONDE_FICHIER ?? `/tmp/memoire-${process.pid}.jsonl`;

function releve() {
  return {
    ...process.memoryUsage(),
    espaces: Object.fromEntries(
      v8
        .getHeapSpaceStatistics()
        .map((espace) => [espace.space_name, [espace.space_size, espace.space_used_size]]),
    ),
  };
}

process.on("SIGUSR2", () => {
  const avant = releve();
  const gc = globalThis.gc;
  if (gc) gc();
  appendFileSync(fichier, JSON.stringify({ avant, apres: gc ? releve() : null }) + "\n");
});
