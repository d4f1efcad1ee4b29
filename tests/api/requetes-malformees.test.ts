/**
 * Bad input at scale, short run: the fuzzer of
 * scripts/fiabilite/fuzz.ts, fed by /api/openapi.json, sends 428 malformed
 * requests (every operation four times, each time as another identity) with a
 * fixed seed. No answer is 500 or more, and no refused request writes a row.
 * `npm run fiabilite:fuzz` runs the same fuzzer over 10,000 requests.
 */
import express from "express";
import type { Server } from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ENV_FUZZ,
  IDENTITES,
  fuzzer,
  installerCompteurs,
  lireOperations,
  preparerTerrain,
  type Bilan,
  type DocumentOpenApi,
} from "../../scripts/fiabilite/fuzz.ts";
import { freePort, startTestPortal, type TestPortal } from "../helpers/portal.ts";

let portal: TestPortal;
let bilan: Bilan;
let operations: string[];
let baseDuFuzz: string | undefined;
const basePartagee = process.env.DATABASE_URL;

/**
 * On PostgreSQL, a database of this file's own (same server, name of
 * scripts/test-database.ts): the requests the fuzzer gets accepted (a
 * banner, a feature flag, a supervision perimeter…) and its write counters
 * must not reach the database the other files share.
 */
async function baseJetable(commande: "create" | "drop", url?: string): Promise<string | undefined> {
  if (!basePartagee) return undefined;
  const serveur = new URL(basePartagee);
  serveur.pathname = "/postgres";
  const client = new pg.Client({ connectionString: serveur.href });
  await client.connect();
  try {
    if (commande === "drop") {
      await client.query(`drop database if exists ${new URL(url!).pathname.slice(1)} with (force)`);
      return undefined;
    }
    const nom = `mar_test_${Date.now()}_${process.pid}`;
    await client.query(`create database ${nom}`);
    const cible = new URL(basePartagee);
    cible.pathname = `/${nom}`;
    return cible.href;
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  baseDuFuzz = await baseJetable("create");
  if (baseDuFuzz) process.env.DATABASE_URL = baseDuFuzz;
  portal = await startTestPortal(ENV_FUZZ);
  const terrain = await preparerTerrain(portal);
  const document = await (await fetch(`${portal.baseUrl}/api/openapi.json`)).json();
  operations = lireOperations(document).map((operation) => operation.cle);
  bilan = await fuzzer(terrain, document, { graine: 20261127, nombre: 4 * operations.length });
}, 240_000);

afterAll(async () => {
  await portal?.close();
  if (baseDuFuzz) {
    process.env.DATABASE_URL = basePartagee;
    await baseJetable("drop", baseDuFuzz);
  }
});

describe("requêtes malformées, graine fixe", () => {
  it("chaque opération du document a reçu ses requêtes, de plusieurs identités", () => {
    expect(operations.length).toBeGreaterThanOrEqual(107);
    expect(Object.keys(bilan.parOperation).sort()).toEqual([...operations].sort());
    for (const compte of Object.values(bilan.parOperation))
      expect(Object.values(compte).reduce((a, b) => a + b, 0)).toBe(4);
    expect(Object.keys(bilan.parIdentite).sort()).toEqual([...IDENTITES].sort());
  });

  it("les défauts envoyés couvrent chaque sorte", () => {
    for (const sorte of [
      "identifiant d'un autre",
      "uuid au hasard",
      "paramètre de chemin de mauvaise forme",
      "chaîne énorme",
      "paramètre inconnu",
      "order forgé",
      "champ d'un type faux",
      "JSON illisible ou d'une autre forme",
      "Content-Type faux",
    ])
      expect(bilan.parSorte[sorte] ?? 0, sorte).toBeGreaterThan(0);
  });

  it("aucune réponse n'est une erreur du serveur (≥ 500)", () => {
    expect(bilan.reponses5xx).toEqual([]);
    expect(bilan.parFamille["5xx"]).toBeUndefined();
  });

  it("aucune requête refusée n'a écrit en base", () => {
    expect(bilan.ecrituresRefusees).toEqual([]);
  });

  it("des requêtes ont passé la déclaration et atteint les règles des points", () => {
    expect(bilan.parFamille["2xx"]).toBeGreaterThan(0);
    expect(bilan.parStatut["422"]).toBeGreaterThan(0);
    expect(bilan.parStatut["404"]).toBeGreaterThan(0);
  });
});

describe("le fuzzer voit une erreur du serveur et une écriture refusée", () => {
  it("une route qui répond 500 et une qui écrit puis refuse sont signalées, chaque fois", async () => {
    // A server of two faulty routes, on the portal's database (a table of its own).
    const { database } = portal;
    await database.query("create table if not exists fuzz_temoin (id serial primary key)");
    await installerCompteurs(database);
    const app = express();
    app.get("/api/casse", () => {
      throw new Error("panne voulue");
    });
    app.post("/api/ecrit", async (_req, res) => {
      await database.query("insert into fuzz_temoin default values");
      res.status(400).json({ message: "refusé après écriture" });
    });
    const port = await freePort();
    const serveur: Server = await new Promise((resolve) => {
      const ecoute = app.listen(port, () => resolve(ecoute));
    });
    try {
      const document: DocumentOpenApi = {
        paths: {
          "/casse": { get: {} },
          "/ecrit": { post: { requestBody: { content: { "application/json": { schema: {} } } } } },
        },
      };
      const resultat = await fuzzer(
        {
          baseUrl: `http://127.0.0.1:${port}`,
          database,
          jetons: {},
          identifiants: [],
          aSoi: {},
          renouveler: async () => {},
        },
        document,
        { graine: 1, nombre: 20 },
      );
      expect(resultat.reponses5xx.map((incident) => [incident.cle, incident.statut])).toEqual(
        Array(10).fill(["GET /casse", 500]),
      );
      expect(
        resultat.ecrituresRefusees.map((incident) => [
          incident.cle,
          incident.statut,
          incident.tables,
        ]),
      ).toEqual(Array(10).fill(["POST /ecrit", 400, ["fuzz_temoin"]]));
    } finally {
      serveur.closeAllConnections();
      await new Promise((resolve) => serveur.close(resolve));
    }
  });
});
