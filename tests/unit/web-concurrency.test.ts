/**
 * WEB_CONCURRENCY (ADR 0028): how many
 * processes serve HTTP with PostgreSQL. Unset: one per core. A value that
 * is not a whole number of processes of at least 1 is refused at start
 * with a French message naming the variable; PGlite and HORLOGE_RECETTE
 * keep one process.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { nombreDeProcessus } from "../../server/cluster.ts";
import { loadConfig } from "../../server/config.ts";

const DATA_DIR = mkdtempSync(join(tmpdir(), "portail-mar-web-concurrency-"));
const PG = "postgres://portail@127.0.0.1:5432/portail";

const charger = (env: Record<string, string>) =>
  loadConfig({ NODE_ENV: "test", DATA_DIR, SESSION_SECRET: "x".repeat(32), ...env });

describe("WEB_CONCURRENCY", () => {
  it.each(["0", "-1", "-4", "deux", "2.5", "1e3", "1000", " 2"])(
    "« %s » est refusé au démarrage avec un message en français",
    (valeur) => {
      expect(() => charger({ WEB_CONCURRENCY: valeur })).toThrow(
        "Configuration invalide :\n  WEB_CONCURRENCY: un nombre entier de processus de 1 à 999, par exemple 2 (non défini : un par cœur)",
      );
    },
  );

  it("un entier de 1 à 999 est lu tel quel", () => {
    expect(charger({ WEB_CONCURRENCY: "1" }).webConcurrency).toBe(1);
    expect(charger({ WEB_CONCURRENCY: "3" }).webConcurrency).toBe(3);
    expect(charger({ WEB_CONCURRENCY: "999" }).webConcurrency).toBe(999);
  });

  it("non défini ou vide : null, c'est-à-dire un processus par cœur", () => {
    expect(charger({}).webConcurrency).toBeNull();
    expect(charger({ WEB_CONCURRENCY: "" }).webConcurrency).toBeNull();
  });
});

describe("nombre de processus de service", () => {
  it("avec PostgreSQL : un par cœur par défaut en production, sinon WEB_CONCURRENCY", () => {
    expect(nombreDeProcessus(charger({ DATABASE_URL: PG, NODE_ENV: "production" }), 4)).toEqual({
      nombre: 4,
      raison: null,
    });
    expect(
      nombreDeProcessus(
        charger({ DATABASE_URL: PG, NODE_ENV: "production", WEB_CONCURRENCY: "3" }),
        4,
      ),
    ).toEqual({ nombre: 3, raison: null });
  });

  it("avec PostgreSQL hors production (npm run dev) : un seul processus sauf WEB_CONCURRENCY", () => {
    expect(nombreDeProcessus(charger({ DATABASE_URL: PG, NODE_ENV: "development" }), 4)).toEqual({
      nombre: 1,
      raison: null,
    });
    expect(nombreDeProcessus(charger({ DATABASE_URL: PG, WEB_CONCURRENCY: "2" }), 4)).toEqual({
      nombre: 2,
      raison: null,
    });
    expect(nombreDeProcessus(charger({ DATABASE_URL: PG, WEB_CONCURRENCY: "1" }), 4)).toEqual({
      nombre: 1,
      raison: null,
    });
  });

  it("avec PGlite : un seul processus, et un WEB_CONCURRENCY explicite est signalé comme ignoré", () => {
    expect(nombreDeProcessus(charger({}), 4)).toEqual({ nombre: 1, raison: null });
    expect(nombreDeProcessus(charger({ WEB_CONCURRENCY: "3" }), 4)).toEqual({
      nombre: 1,
      raison:
        "WEB_CONCURRENCY=3 ignoré : la base embarquée PGlite (DATABASE_URL non défini) ne sert qu'un processus",
    });
  });

  it("avec HORLOGE_RECETTE : un seul processus, la date simulée vit dans le processus", () => {
    expect(
      nombreDeProcessus(
        charger({ DATABASE_URL: PG, HORLOGE_RECETTE: "true", WEB_CONCURRENCY: "2" }),
        4,
      ),
    ).toEqual({
      nombre: 1,
      raison:
        "WEB_CONCURRENCY=2 ignoré : HORLOGE_RECETTE : la date simulée vit dans un seul processus",
    });
  });
});
