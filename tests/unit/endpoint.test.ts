/**
 * The registrar of endpoint declarations (api/http/endpoint.ts) on a small
 * Express app: what the routers still to convert need
 * (`:kind/:id` that leaves other kinds to later routes, multipart read by
 * the handler after its access checks, streamed answers, lists as `key[]`,
 * role gates), and the order of the checks.
 */
import express, { type RequestHandler } from "express";
import multer from "multer";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineEndpoint } from "../../contract/api/endpoint.ts";
import type { UtilisateurConnecte } from "../../api/http/auth.ts";
import { endpoints } from "../../api/http/endpoint.ts";
import { buildOpenApiDocument } from "../../contract/openapi.ts";
import { errorHandler, notFound, notFoundHandler, unauthorized } from "../../api/http/errors.ts";
import { lireMultipart } from "../../api/http/multipart.ts";

const lireDossier = defineEndpoint({
  method: "get",
  path: "/:kind/:id",
  summary: "Un dossier",
  tags: ["Test"],
  access: "authenticated",
  params: z.object({ kind: z.enum(["demande", "changement-notable"]), id: z.string() }),
  query: z
    .object({
      etat: z.array(z.string()).optional(),
      page: z.string().optional(),
      order: z.record(z.string()).optional(),
    })
    .strict(),
  responses: { 200: { description: "Dossier", schema: z.object({}) } },
});

const lireAgrement = defineEndpoint({
  method: "get",
  path: "/agrement/:id",
  summary: "Un agrément",
  tags: ["Test"],
  access: ["instructeur"],
  params: z.object({ id: z.string() }),
  responses: { 200: { description: "Agrément" } },
});

const ajouterPieces = defineEndpoint({
  method: "post",
  path: "/:kind/:id/pj",
  summary: "Pièces jointes",
  tags: ["Test"],
  access: "authenticated",
  params: z.object({ kind: z.enum(["demande"]), id: z.string() }),
  body: {
    schema: z.object({ codeTypePJ: z.string() }).strict(),
    formats: ["multipart", "json"],
    files: [{ name: "fichier", description: "Fichiers", multiple: true }],
  },
  rules: {
    body: z.object({ codeTypePJ: z.string().min(3, "Rubrique trop courte") }),
  },
  responses: { 201: { description: "Ajoutées" } },
});

const telecharger = defineEndpoint({
  method: "get",
  path: "/piece-jointe/:id",
  summary: "Téléchargement",
  tags: ["Test"],
  access: "public",
  params: z.object({ id: z.string().uuid() }),
  responses: { 200: { description: "Octets", contentType: "application/pdf" } },
});

let server: Server;
let base: string;
/** What the handlers did, in order. */
const journal: string[] = [];

/** Sets the user of header `x-role` (no header: 401), as `authenticate` would. */
const authenticate: RequestHandler = (req, _res, next) => {
  const role = req.get("x-role");
  if (!role) throw unauthorized();
  req.utilisateur = { row: { id: "u1" }, roles: [role] } as unknown as UtilisateurConnecte;
  next();
};

beforeAll(async () => {
  const app = express();
  const router = express.Router();
  router.use(express.json());
  const points = endpoints(router, authenticate);
  points.register(lireDossier, ({ params, query, utilisateur }, _req, res) => {
    journal.push(`dossier ${params.kind} ${params.id}`);
    res.json({ params, query, utilisateur: utilisateur.row.id });
  });
  points.register(lireAgrement, ({ params }, _req, res) => {
    res.json({ agrement: params.id });
  });
  const upload = multer({ storage: multer.memoryStorage(), limits: { files: 3 } }).any();
  points.registerMultipart(
    ajouterPieces,
    (req, res) => lireMultipart(upload, req, res, 1024 * 1024),
    async ({ params, readBody }, _req, res) => {
      // Access first, body after: an unseen request never has its body read.
      if (params.id === "inconnu") throw notFound();
      const { body, files } = await readBody();
      journal.push(`pj ${body.codeTypePJ} ${files.length}`);
      res.status(201).json({ codeTypePJ: body.codeTypePJ, fichiers: files.map((f) => f.size) });
    },
  );
  points.register(telecharger, async (_entree, _req, res) => {
    res.set({ "Content-Type": "application/pdf", "Content-Disposition": "attachment" });
    await pipeline(Readable.from([Buffer.from("%PDF-"), Buffer.from("1.7")]), res);
  });
  router.use(notFoundHandler);
  router.use(errorHandler(pino({ level: "silent" })));
  app.use("/api", router);
  server = app.listen(0);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});

afterAll(() => {
  server?.close();
});

const get = (chemin: string, role?: string) =>
  fetch(`${base}${chemin}`, { headers: role ? { "x-role": role } : {} });

describe("registrar of endpoint declarations", () => {
  it("matches `:kind` only for the declared kinds, leaving others to later routes, then 404", async () => {
    expect(await (await get("/demande/7", "demandeur")).json()).toMatchObject({
      params: { kind: "demande", id: "7" },
      utilisateur: "u1",
    });
    expect(await (await get("/agrement/7", "instructeur")).json()).toEqual({ agrement: "7" });
    const autre = await get("/autre-chose/7", "demandeur");
    expect(autre.status).toBe(404);
    expect(await autre.json()).toEqual({ message: "Ressource introuvable" });
  });

  it("asks for a token, then the declared role (403 Forbidden)", async () => {
    expect((await get("/agrement/7")).status).toBe(401);
    const refus = await get("/agrement/7", "demandeur");
    expect(refus.status).toBe(403);
    expect(await refus.json()).toEqual({ message: "Forbidden" });
  });

  it("reads lists as repeated key[] (also key and key[0]) and skips empty values", async () => {
    const reponse = await get("/demande/7?etat[]=a&etat=b&etat[0]=c&etat[]=&page=", "demandeur");
    expect((await reponse.json()).query).toEqual({ etat: ["a", "b", "c"] });
  });

  it("reads a map as key[name]=value (spec §7 order[champ]=asc) and refuses it sent plain", async () => {
    const reponse = await get("/demande/7?order[dateDepot]=asc&order[etat]=desc", "demandeur");
    expect((await reponse.json()).query).toEqual({ order: { dateDepot: "asc", etat: "desc" } });
    const plat = await get("/demande/7?order=asc", "demandeur");
    expect(plat.status).toBe(400);
    expect((await plat.json()).detail).toBe("order : Le champ n'est pas au bon format");
  });

  it("refuses an unknown parameter or a repeated single value before the handler", async () => {
    const avant = journal.length;
    const inconnu = await get("/demande/7?tri=asc", "demandeur");
    expect(inconnu.status).toBe(400);
    expect(await inconnu.json()).toEqual({
      detail: "Paramètre inconnu : « tri ».",
      message: "Paramètre inconnu : « tri ».",
    });
    const repete = await get("/demande/7?page=1&page=2", "demandeur");
    expect(repete.status).toBe(400);
    expect((await repete.json()).detail).toBe("page : Le champ n'est pas au bon format");
    expect(journal.length).toBe(avant);
  });

  it("reads a multipart body when the handler asks, after its access check, then checks it", async () => {
    const envoyer = (id: string, champs: Record<string, string>, fichiers = 1) => {
      const form = new FormData();
      for (const [nom, valeur] of Object.entries(champs)) form.append(nom, valeur);
      for (let i = 0; i < fichiers; i++)
        form.append("fichier", new Blob([Buffer.from("%PDF-1.7 ".repeat(i + 1))]), `f${i}.pdf`);
      return fetch(`${base}/demande/${id}/pj`, {
        method: "POST",
        headers: { "x-role": "demandeur" },
        body: form,
      });
    };
    const ajout = await envoyer("7", { codeTypePJ: "kbis" }, 2);
    expect(ajout.status).toBe(201);
    expect(await ajout.json()).toEqual({ codeTypePJ: "kbis", fichiers: [9, 18] });

    const avant = journal.length;
    expect((await envoyer("inconnu", { codeTypePJ: "kbis", enTrop: "x" })).status).toBe(404);
    const enTrop = await envoyer("7", { codeTypePJ: "kbis", enTrop: "x" });
    expect(enTrop.status).toBe(400);
    expect((await enTrop.json()).detail).toBe("Champ inconnu : « enTrop ».");
    const regle = await envoyer("7", { codeTypePJ: "kb" });
    expect(regle.status).toBe(422);
    expect(await regle.json()).toEqual({
      detail: "Rubrique trop courte",
      errors: { codeTypePJ: ["Rubrique trop courte"] },
    });
    expect(journal.length).toBe(avant);
  });

  it("refuses a JSON body that breaks a multipart route's declaration before the handler", async () => {
    const poster = (id: string, corps: Record<string, unknown>) =>
      fetch(`${base}/demande/${id}/pj`, {
        method: "POST",
        headers: { "x-role": "demandeur", "Content-Type": "application/json" },
        body: JSON.stringify(corps),
      });
    const avant = journal.length;
    const enTrop = await poster("inconnu", { codeTypePJ: "kbis", enTrop: "x" });
    expect(enTrop.status).toBe(400);
    expect(await enTrop.json()).toEqual({
      detail: "Champ inconnu : « enTrop ».",
      message: "Champ inconnu : « enTrop ».",
    });
    // The rules wait for readBody, after the handler's own checks.
    expect((await poster("inconnu", { codeTypePJ: "kb" })).status).toBe(404);
    expect((await poster("7", { codeTypePJ: "kb" })).status).toBe(422);
    expect(journal.length).toBe(avant);
  });

  it("takes the same route's JSON body through readBody", async () => {
    const reponse = await fetch(`${base}/demande/7/pj`, {
      method: "POST",
      headers: { "x-role": "demandeur", "Content-Type": "application/json" },
      body: JSON.stringify({ codeTypePJ: "kbis" }),
    });
    expect(await reponse.json()).toEqual({ codeTypePJ: "kbis", fichiers: [] });
  });

  it("lets a handler stream its answer with its own headers", async () => {
    const reponse = await get("/piece-jointe/00000000-0000-4000-8000-000000000000");
    expect(reponse.status).toBe(200);
    expect(reponse.headers.get("content-type")).toBe("application/pdf");
    expect(reponse.headers.get("content-disposition")).toBe("attachment");
    expect(await reponse.text()).toBe("%PDF-1.7");
    expect((await get("/piece-jointe/pas-un-uuid")).status).toBe(404);
  });

  it("refuses at start-up a declaration whose parameters differ from its path", () => {
    const points = endpoints(express.Router(), authenticate);
    const mauvais = defineEndpoint({
      method: "get",
      path: "/agrement/:id",
      summary: "x",
      tags: [],
      access: "public",
      responses: {},
    });
    expect(() => points.register(mauvais, () => undefined)).toThrow(/paramètres/);
    expect(() => points.register(ajouterPieces as never, () => undefined)).toThrow(/multipart/);
  });

  it("documents multipart files as binary parts and a download by its media type", () => {
    const document = buildOpenApiDocument({
      version: "test",
      serverUrl: "http://localhost/api",
      endpoints: [ajouterPieces, telecharger],
    });
    const ajout = document.paths!["/{kind}/{id}/pj"].post!;
    const contenu = (ajout.requestBody as { content: Record<string, { schema: unknown }> }).content;
    expect(Object.keys(contenu)).toEqual(["multipart/form-data", "application/json"]);
    expect(contenu["multipart/form-data"].schema).toMatchObject({
      properties: {
        codeTypePJ: { type: "string" },
        fichier: { type: "array", items: { type: "string", format: "binary" } },
      },
      additionalProperties: false,
    });
    expect(contenu["application/json"].schema).not.toHaveProperty("properties.fichier");
    expect(document.paths!["/piece-jointe/{id}"].get!.responses!["200"]).toMatchObject({
      content: { "application/pdf": { schema: { type: "string", format: "binary" } } },
    });
  });
});
