/**
 * Public rate limits, over HTTP against a real database (PGlite, or
 * PostgreSQL with DATABASE_URL): the public endpoints that send mail or
 * answer about accounts are rate-limited per IP and per e-mail address,
 * counted before the work (429 in French with Retry-After, refusals logged
 * at warn with a pseudonymised address), and answer the same whether an
 * address has an account or not. The portal trusts one proxy
 * (TRUST_PROXY=true), so each test acts as its own IP addresses through
 * X-Forwarded-For.
 */
import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { Router } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../api/db/client.ts";
import { societes, utilisateurs } from "../../api/db/schema.ts";
import { horlogeReglable } from "../../api/domain/horloge.ts";
import { messageTropDeDemandes } from "../../contract/schemas/candidat.ts";
import { cleLuhnValide } from "../../contract/validation.ts";
import { createPortal, type Portal } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { inProcessApiFetch } from "../../server/in-process-fetch.ts";
import { createLogger } from "../../server/logger.ts";
import { freePort } from "../helpers/portal.ts";
import { startSmtpServer, type SmtpDeTest } from "../helpers/smtp.ts";

const MOT_DE_PASSE = "Renovation-2026!";
const MINUTE = 60 * 1000;
const HEURE = 60 * MINUTE;
/** The limits of this file's portal (README "Paramètres"). */
const LIMITES = {
  MAIL_RATE_LIMIT_ADDRESS: 5,
  SIGNUP_RATE_LIMIT_IP: 8,
  CHECK_RATE_LIMIT_IP_MINUTE: 3,
  CHECK_RATE_LIMIT_IP_HOUR: 5,
};
const INSTRUCTEUR = "instructeur@demo.anah.gouv.fr";

let smtp: SmtpDeTest;
let portal: Portal;
let server: Server;
let database: Database;
let baseUrl: string;
let dataDir: string;
const horloge = horlogeReglable();
const journal: string[] = [];

beforeAll(async () => {
  smtp = await startSmtpServer();
  const port = await freePort();
  baseUrl = `http://localhost:${port}`;
  dataDir = await mkdtemp(join(tmpdir(), "portail-mar-limites-"));
  const config = loadConfig({
    NODE_ENV: "test",
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL ?? "",
    DEMO_DATA: "true",
    JOBS: "false",
    TRUST_PROXY: "true",
    SMTP_URL: smtp.url,
    ...Object.fromEntries(Object.entries(LIMITES).map(([cle, valeur]) => [cle, String(valeur)])),
  });
  // The log is captured: refusals must be there, pseudonymised.
  const logger = createLogger("info", { write: (ligne: string) => void journal.push(ligne) });
  database = await openDatabase({ dataDir: ":memory:", databaseUrl: process.env.DATABASE_URL });
  portal = await createPortal(config, logger, { remix: false, database, horloge });
  server = await new Promise((resolve) => {
    const listening = portal.app.listen(port, () => resolve(listening));
  });
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await portal?.close();
  await smtp?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A fresh client address for one test (documentation range 198.18.0.0/15). */
function nouvelleIp(): string {
  const n = Math.floor(Math.random() * 2 ** 17);
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}

/** A SIREN with a valid INSEE key, different on every call. */
function sirenUnique(): string {
  const base = String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
  for (let cle = 0; cle < 10; cle++) if (cleLuhnValide(base + cle)) return base + cle;
  throw new Error("inatteignable");
}

function adresseUnique(prefixe = "candidat"): string {
  return `${prefixe}-${randomUUID()}@exemple.fr`;
}

/** A valid account form for a new company and `email`. */
function formulaire(email: string) {
  const siren = sirenUnique();
  return {
    prenom: "Élise",
    nom: "Durand",
    email,
    emailConfirmation: email,
    motDePasse: MOT_DE_PASSE,
    motDePasseConfirmation: MOT_DE_PASSE,
    siren,
    raisonSociale: `Limites Conseil ${siren}`,
    qualites: ["qualityEcfr"],
    telephone: "01 23 45 67 89",
    acceptationCgu: true,
    acceptationDonneesPersonnelles: true,
  };
}

interface Reponse {
  status: number;
  retryAfter: string | null;
  body: Record<string, unknown> | undefined;
}

async function appeler(path: string, ip: string, body?: unknown): Promise<Reponse> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      "X-Forwarded-For": ip,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
  };
}

const creer = (ip: string, donnees: ReturnType<typeof formulaire>) =>
  appeler("/api/candidate/create", ip, donnees);
const nouveauLien = (ip: string, email: string) => appeler("/api/user/token-mail", ip, { email });
const verifier = (ip: string, champ: string, valeur: string) =>
  appeler(`/api/user/check/${champ}/${encodeURIComponent(valeur)}`, ip);

/** Mails received so far for `email`. */
const courrielsPour = (email: string) =>
  smtp.courriels.filter((courriel) => courriel.to.includes(email.toLowerCase()));

async function compteDe(email: string) {
  const [row] = await database.db
    .select()
    .from(utilisateurs)
    .where(sql`lower(${utilisateurs.email}) = ${email.toLowerCase()}`);
  return row;
}

async function societeDe(siren: string) {
  const [row] = await database.db.select().from(societes).where(eq(societes.siren, siren));
  return row;
}

/** Runs `test` with the portal's clock moved by `ms`, then puts it back. */
async function plusTard<T>(ms: number, test: () => Promise<T>): Promise<T> {
  const maintenant = horloge.now();
  horloge.avancer(ms);
  try {
    return await test();
  } finally {
    horloge.regler(maintenant);
  }
}

/** Expects the 429 of the spec's error shape: French message, Retry-After in (0, max] seconds. */
function attendre429(reponse: Reponse, maxSecondes: number) {
  expect(reponse.status).toBe(429);
  const secondes = Number(reponse.retryAfter);
  expect(secondes).toBeGreaterThan(0);
  expect(secondes).toBeLessThanOrEqual(maxSecondes);
  expect(reponse.body).toEqual({ message: messageTropDeDemandes(secondes), retryAfter: secondes });
  expect(reponse.body?.message).toMatch(/^Trop de demandes .* Veuillez réessayer dans \d+ minute/);
}

describe("silence: the answers do not tell which addresses have an account", () => {
  it("creating an account with an address already used (applicant or staff) answers 201 like a new one, creates nothing and mails the owner", async () => {
    const ip = nouvelleIp();
    const existant = formulaire(adresseUnique());
    expect((await creer(ip, existant)).status).toBe(201);
    await smtp.attendre(existant.email);

    for (const email of [existant.email.toUpperCase(), INSTRUCTEUR]) {
      const donnees = formulaire(email);
      const nouveau = formulaire(adresseUnique());
      const [avecAdressePrise, avecAdresseNeuve] = [
        await creer(ip, donnees),
        await creer(ip, nouveau),
      ];
      // Same status, same body shape: the address typed, nothing else.
      expect(avecAdressePrise).toEqual({
        status: 201,
        retryAfter: null,
        body: { email: email.toLowerCase() },
      });
      expect(avecAdresseNeuve).toEqual({
        status: 201,
        retryAfter: null,
        body: { email: nouveau.email },
      });
      expect(await societeDe(donnees.siren)).toBeUndefined();
      expect(await societeDe(nouveau.siren)).toBeDefined();
      const courriel = await smtp.attendre(email);
      expect(courriel.subject).toBe("Vous avez déjà un compte Mon Accompagnateur Rénov'");
      expect(courriel.text).toContain("Un compte existe déjà avec cette adresse");
      expect(courriel.text).toContain(`${baseUrl}/account/login`);
      expect(courriel.text).toContain(`${baseUrl}/creation-compte/nouveau-lien`);
      expect(courriel.text).not.toContain("/creation-compte/confirmation?token=");
      await smtp.attendre(nouveau.email);
    }
    // The staff account is untouched.
    const staff = await compteDe(INSTRUCTEUR);
    expect(staff.statut).toBe("actif");
    expect(staff.roles).toContain("instructeur");
  });

  it("GET /api/user/check/email answers 404 whether the address has an account or not", async () => {
    const ip = nouvelleIp();
    for (const email of [INSTRUCTEUR, adresseUnique("inconnu")])
      expect((await verifier(ip, "email", email)).status).toBe(404);
  });
});

describe("per e-mail address: MAIL_RATE_LIMIT_ADDRESS requests per hour", () => {
  it("refuses the 6th new-link request for an address with 429, the same whether the account exists or not, and mails nothing more", async () => {
    const enAttente = formulaire(adresseUnique());
    expect((await creer(nouvelleIp(), enAttente)).status).toBe(201);
    await smtp.attendre(enAttente.email);
    const inconnue = adresseUnique("inconnu");

    for (const email of [enAttente.email, inconnue]) {
      // A new IP for each request: only the address's limit can refuse.
      const statuts: number[] = [];
      for (let i = 0; i < LIMITES.MAIL_RATE_LIMIT_ADDRESS + 2; i++)
        statuts.push((await nouveauLien(nouvelleIp(), email)).status);
      // The account's own creation counted once.
      const deja = email === enAttente.email ? 1 : 0;
      const passent = LIMITES.MAIL_RATE_LIMIT_ADDRESS - deja;
      expect(statuts).toEqual([
        ...Array<number>(passent).fill(202),
        ...Array<number>(statuts.length - passent).fill(429),
      ]);
      attendre429(await nouveauLien(nouvelleIp(), email.toUpperCase()), 3600);
    }
    // The creation's mail and one per accepted request, none for the refused ones.
    expect(courrielsPour(enAttente.email)).toHaveLength(LIMITES.MAIL_RATE_LIMIT_ADDRESS);
    expect(courrielsPour(inconnue)).toHaveLength(0);

    // Another address is not concerned; an hour later the address may ask again.
    const autre = formulaire(adresseUnique());
    expect((await creer(nouvelleIp(), autre)).status).toBe(201);
    await smtp.attendre(autre.email);
    await plusTard(HEURE, async () => {
      expect((await nouveauLien(nouvelleIp(), enAttente.email)).status).toBe(202);
    });
  });

  it("counts account creations and new-link requests together, and refuses a creation before writing anything", async () => {
    const email = adresseUnique();
    for (let i = 0; i < LIMITES.MAIL_RATE_LIMIT_ADDRESS; i++)
      expect((await nouveauLien(nouvelleIp(), email)).status).toBe(202);
    const donnees = formulaire(email);
    attendre429(await creer(nouvelleIp(), donnees), 3600);
    expect(await societeDe(donnees.siren)).toBeUndefined();
    expect(await compteDe(email)).toBeUndefined();
    expect(courrielsPour(email)).toHaveLength(0);
  });

  it("lets exactly MAIL_RATE_LIMIT_ADDRESS of 20 simultaneous requests for one address through", async () => {
    const enAttente = formulaire(adresseUnique());
    // Created from its own address's first slot: 4 left.
    expect((await creer(nouvelleIp(), enAttente)).status).toBe(201);
    await smtp.attendre(enAttente.email);
    const reponses = await Promise.all(
      Array.from({ length: 20 }, () => nouveauLien(nouvelleIp(), enAttente.email)),
    );
    const statuts = reponses.map((r) => r.status).sort();
    expect(statuts.filter((s) => s === 202)).toHaveLength(LIMITES.MAIL_RATE_LIMIT_ADDRESS - 1);
    expect(statuts.filter((s) => s === 429)).toHaveLength(21 - LIMITES.MAIL_RATE_LIMIT_ADDRESS);
  });

  it("logs each refusal at warn with a pseudonymised address, never the address", async () => {
    const email = adresseUnique("journal");
    for (let i = 0; i <= LIMITES.MAIL_RATE_LIMIT_ADDRESS; i++)
      await nouveauLien(nouvelleIp(), email);
    const refus = journal
      .map((ligne) => JSON.parse(ligne) as Record<string, unknown>)
      .filter((entree) => entree.event === "limite_publique_atteinte");
    expect(refus.length).toBeGreaterThan(0);
    expect(refus.at(-1)).toMatchObject({
      level: 40,
      limite: "courriels-adresse",
      compte: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    const [nom] = email.split("@");
    expect(journal.join("\n")).not.toContain(nom);
  });
});

describe("per IP: SIGNUP_RATE_LIMIT_IP account requests, CHECK_RATE_LIMIT_IP_* checks", () => {
  it("refuses creations and new-link requests from one IP beyond SIGNUP_RATE_LIMIT_IP per hour; other IPs still pass", async () => {
    const ip = nouvelleIp();
    const statuts: number[] = [];
    for (let i = 0; i < LIMITES.SIGNUP_RATE_LIMIT_IP; i++) {
      const email = adresseUnique();
      const reponse =
        i % 2 === 0 ? await creer(ip, formulaire(email)) : await nouveauLien(ip, email);
      statuts.push(reponse.status);
    }
    expect(statuts.every((s) => s === 201 || s === 202)).toBe(true);
    const refusee = formulaire(adresseUnique());
    attendre429(await creer(ip, refusee), 3600);
    attendre429(await nouveauLien(ip, adresseUnique()), 3600);
    expect(await societeDe(refusee.siren)).toBeUndefined();
    expect(courrielsPour(refusee.email)).toHaveLength(0);

    expect((await nouveauLien(nouvelleIp(), adresseUnique())).status).toBe(202);
    await plusTard(HEURE, async () => {
      expect((await nouveauLien(ip, adresseUnique())).status).toBe(202);
    });
  });

  it("refuses uniqueness checks from one IP beyond CHECK_RATE_LIMIT_IP_MINUTE per minute and CHECK_RATE_LIMIT_IP_HOUR per hour", async () => {
    const ip = nouvelleIp();
    const verifierSiren = () => verifier(ip, "siren", sirenUnique());
    for (let i = 0; i < LIMITES.CHECK_RATE_LIMIT_IP_MINUTE; i++)
      expect((await verifierSiren()).status).toBe(200);
    attendre429(await verifierSiren(), 60);
    // Another IP is not concerned.
    expect((await verifier(nouvelleIp(), "raisonSociale", "Inconnue")).status).toBe(200);

    await plusTard(MINUTE, async () => {
      // A new minute: the hour's limit is what stops the IP now (the refused
      // attempt counted too: hammering beyond a limit only brings the next one closer).
      const restants = LIMITES.CHECK_RATE_LIMIT_IP_HOUR - LIMITES.CHECK_RATE_LIMIT_IP_MINUTE - 1;
      for (let i = 0; i < restants; i++) expect((await verifierSiren()).status).toBe(200);
      const refus = await verifierSiren();
      attendre429(refus, 3600);
      expect(Number(refus.retryAfter)).toBeGreaterThan(60);
    });
    await plusTard(HEURE, async () => {
      expect((await verifierSiren()).status).toBe(200);
    });
  });

  it("counts an IPv6 client by its /64 prefix", async () => {
    const prefixe = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:1`;
    for (let i = 0; i < LIMITES.CHECK_RATE_LIMIT_IP_MINUTE; i++)
      expect((await verifier(`${prefixe}::${i + 1}`, "siren", sirenUnique())).status).toBe(200);
    attendre429(await verifier(`${prefixe}:0:0:0:abcd`, "siren", sirenUnique()), 60);
  });
});

describe("the pages' calls to the API carry the browser's address", () => {
  it("the in-process API takes the client IP from the BFF's X-Forwarded-For", async () => {
    // app/.server/api.server.ts sets X-Forwarded-For to `req.ip` of the page's
    // request; the in-process API (ADR 0007) trusts that one hop only.
    const api = Router();
    api.get("/ip", (req, res) => {
      res.json({ ip: req.ip });
    });
    const fetchApi = inProcessApiFetch(api, (_req, _res, next) => next());
    const ip = nouvelleIp();
    const reponse = await fetchApi("http://127.0.0.1/api/ip", {
      headers: { "X-Forwarded-For": ip },
    });
    expect(await reponse.json()).toEqual({ ip });
    // Without the header, the BFF itself.
    expect(await (await fetchApi("http://127.0.0.1/api/ip")).json()).toEqual({ ip: "127.0.0.1" });
  });
});
