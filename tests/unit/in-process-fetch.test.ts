import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inProcessApiFetch } from "../../server/in-process-fetch.ts";

/** A small API with the shapes the BFF sends: query, bearer, form data, JSON, 204, errors. */
function routeurApi(): express.Router {
  const router = express.Router();
  router.use(express.json(), express.urlencoded({ extended: false }));
  router.get("/echo", (req, res) => {
    res.json({ url: req.originalUrl, bearer: req.get("authorization"), query: req.query });
  });
  router.post("/formulaire", (req, res) => {
    res.status(201).json({ type: req.get("content-type"), corps: req.body });
  });
  router.delete("/piece/:id", (_req, res) => {
    res.status(204).end();
  });
  router.get("/refus", (_req, res) => {
    res.status(422).json({ detail: "Saisie invalide" });
  });
  return router;
}

describe("appel de l'API dans le processus (ADR 0007)", () => {
  const journal: string[] = [];
  const apiFetch = inProcessApiFetch(routeurApi(), (req, _res, next) => {
    journal.push(`${req.method} ${req.originalUrl}`);
    next();
  });
  let portail: ReturnType<express.Express["listen"]>;
  let adressePortail: string;

  beforeAll(async () => {
    const app = express();
    app.get("/page", (req, res) => {
      res.json({ agent: req.get("user-agent"), protocole: req.protocol });
    });
    portail = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => portail.once("listening", resolve));
    adressePortail = `http://127.0.0.1:${(portail.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => portail.close(resolve)));

  it("transmet l'URL, la requête répétée `key[]` et le jeton, et rend du JSON", async () => {
    const reponse = await apiFetch("http://127.0.0.1:1/api/echo?etat%5B%5D=a&etat%5B%5D=b", {
      headers: { Authorization: "Bearer jeton" },
    });
    expect(reponse.status).toBe(200);
    expect(reponse.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await reponse.json()).toEqual({
      url: "/api/echo?etat%5B%5D=a&etat%5B%5D=b",
      bearer: "Bearer jeton",
      query: { "etat[]": ["a", "b"] },
    });
    expect(journal).toContain("GET /api/echo?etat%5B%5D=a&etat%5B%5D=b");
  });

  it("envoie le corps d'un formulaire comme sur le réseau", async () => {
    const reponse = await apiFetch("http://127.0.0.1:1/api/formulaire", {
      method: "POST",
      body: new URLSearchParams({ motif: "Pièce illisible", "liste[]": "é" }),
    });
    expect(reponse.status).toBe(201);
    const { type, corps } = (await reponse.json()) as { type: string; corps: unknown };
    expect(type).toMatch(/^application\/x-www-form-urlencoded/);
    expect(corps).toEqual({ motif: "Pièce illisible", "liste[]": "é" });
  });

  it("rend une réponse sans corps pour 204 et garde le corps d'une erreur", async () => {
    const vide = await apiFetch("http://127.0.0.1:1/api/piece/7", { method: "DELETE" });
    expect(vide.status).toBe(204);
    expect(vide.body).toBeNull();
    const refus = await apiFetch("http://127.0.0.1:1/api/refus");
    expect(refus.status).toBe(422);
    expect(await refus.json()).toEqual({ detail: "Saisie invalide" });
  });

  it("ne touche pas les autres applications Express du processus", async () => {
    await apiFetch("http://127.0.0.1:1/api/echo");
    const reponse = await fetch(`${adressePortail}/page`, { headers: { "User-Agent": "essai" } });
    expect(reponse.status).toBe(200);
    expect(await reponse.json()).toEqual({ agent: "essai", protocole: "http" });
  });
});
