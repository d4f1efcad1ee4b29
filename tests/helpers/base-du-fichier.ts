/**
 * A PostgreSQL database of the test file's own (vitest `setupFiles` of the
 * projects that open a database): on the PostgreSQL pass, before the file's
 * modules load, a copy of the run's model (tests/helpers/modele-base.ts) is
 * created and DATABASE_URL points at it, so that every portal, pool and
 * helper of the file reads and writes there; it is dropped after the file.
 * Files can then run side by side (ADR 0040). On PGlite, nothing to do: each
 * portal has its own in-memory copy of the model.
 */
import { afterAll } from "vitest";
import { surLeServeur, urlDeLaBase, VARIABLE_MODELE_POSTGRES } from "./modele-base.ts";

const urlDuRun = process.env.DATABASE_URL;
const modele = process.env[VARIABLE_MODELE_POSTGRES];

if (urlDuRun && modele) {
  const run = new URL(urlDuRun).pathname.slice(1);
  // The run's name, then the process and a counter: unique among the
  // workers of the run, and found by the model's teardown if left behind.
  const base = `${run}_f${process.pid}_${Date.now() % 1e6}`;
  await surLeServeur(urlDuRun, (client) =>
    client.query(`create database ${base} template ${modele}`),
  );
  process.env.DATABASE_URL = urlDeLaBase(urlDuRun, base);
  afterAll(async () => {
    process.env.DATABASE_URL = urlDuRun;
    await surLeServeur(urlDuRun, (client) =>
      client.query(`drop database if exists ${base} with (force)`),
    );
  });
}
