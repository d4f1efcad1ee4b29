/**
 * Response headers and logs of the whole portal, pages included: the
 * request log keeps no authorization code, `state`,
 * `nonce`, `id_token_hint`, mail token, cookie or JWT that went through
 * it during a sign-in, an account creation with its confirmation and a
 * sign-out; every answer that depends on the session says `private,
 * no-store`, static files keep their cache.
 *
 * Runs the built portal (Remix pages: `npm run build` first, as `npm test`
 * does) in this process, its log captured line by line.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openDatabase } from "../../api/db/client.ts";
import { piecesJointes } from "../../api/db/schema.ts";
import { cleLuhnValide } from "../../contract/validation.ts";
import { createPortal, type Portal } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { createLogger } from "../../server/logger.ts";
import { appelApi } from "../helpers/demande-api.ts";
import { contexteInstruction, nouvelleDemandeEnEtat } from "../helpers/instruction-api.ts";
import { CookieJar, fetchWithJar, loginAs } from "../helpers/oidc-login.ts";
import { freePort } from "../helpers/portal.ts";
import { startSmtpServer, type SmtpDeTest } from "../helpers/smtp.ts";

const DEMO_PASSWORD = "Anah-Demo-2026!";
const MOT_DE_PASSE = "Renovation-2026!";
const BUILD = join(import.meta.dirname, "../../build/server/index.js");

let baseUrl: string;
let portal: Portal;
let server: Server;
let smtp: SmtpDeTest;
let dataDir: string;
/** Every line the portal logged, as written (JSON). */
const journal: string[] = [];

beforeAll(async () => {
  if (!existsSync(BUILD)) throw new Error("Portail non construit : lancez `npm run build`.");
  smtp = await startSmtpServer();
  const port = await freePort();
  dataDir = await mkdtemp(join(tmpdir(), "portail-mar-journaux-"));
  baseUrl = `http://localhost:${port}`;
  const config = loadConfig({
    NODE_ENV: "production",
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL ?? "",
    DEMO_DATA: "true",
    JOBS: "false",
    SMTP_URL: smtp.url,
  });
  // The most talkative level: no secret may reach the log at any level.
  const logger = createLogger("trace", { write: (line: string) => void journal.push(line) });
  const database = await openDatabase({
    dataDir: ":memory:",
    databaseUrl: process.env.DATABASE_URL,
  });
  portal = await createPortal(config, logger, { database });
  server = await new Promise((resolve) => {
    const listening = portal.app.listen(port, () => resolve(listening));
  });
}, 120_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await portal?.close();
  await smtp?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A SIREN with a valid INSEE key, different on every call (and every run). */
function sirenUnique(): string {
  const base = String(Math.floor(Math.random() * 1e8)).padStart(8, "0");
  for (let cle = 0; cle < 10; cle++) if (cleLuhnValide(base + cle)) return base + cle;
  throw new Error("inatteignable");
}

/** Values of the query parameters that carry secrets, wherever they appear. */
const PARAMETRES_SECRETS = ["code", "state", "nonce", "id_token_hint", "token", "session_state"];

/** What a test saw pass on the wire and must not find in the log. */
class Secrets {
  readonly valeurs = new Set<string>();

  depuisUrl(url: string | URL) {
    const lue = new URL(url, baseUrl);
    for (const nom of PARAMETRES_SECRETS) {
      const valeur = lue.searchParams.get(nom);
      if (valeur && valeur.length >= 8) this.valeurs.add(valeur);
    }
  }

  depuisReponse(response: Response) {
    const location = response.headers.get("location");
    if (location) this.depuisUrl(location);
    for (const ligne of response.headers.getSetCookie()) {
      const valeur = ligne.split(";")[0].split("=").slice(1).join("=");
      if (valeur.length >= 8) this.valeurs.add(valeur);
    }
  }
}

/**
 * GETs (or POSTs) `url` with the jar and follows redirects (any origin: the
 * embedded provider is the portal's), noting every secret of the way.
 * Returns the last answer and its URL.
 */
async function suivre(
  jar: CookieJar,
  secrets: Secrets,
  url: string,
  init: RequestInit = {},
): Promise<{ reponse: Response; url: string; chemins: string[] }> {
  let courante = new URL(url, baseUrl).href;
  const chemins = [new URL(courante).pathname];
  let reponse = await fetchWithJar(jar, courante, init);
  for (let sauts = 0; sauts < 20; sauts += 1) {
    secrets.depuisReponse(reponse);
    const location = reponse.headers.get("location");
    if (reponse.status < 300 || reponse.status >= 400 || !location) {
      return { reponse, url: courante, chemins };
    }
    courante = new URL(location, courante).href;
    chemins.push(new URL(courante).pathname);
    reponse = await fetchWithJar(jar, courante);
  }
  throw new Error("Trop de redirections");
}

/** Posts a form as a browser on the page `depuis` would (Origin of the portal). */
function formulaire(corps: Record<string, string>): RequestInit {
  return {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: baseUrl },
    body: new URLSearchParams(corps).toString(),
  };
}

/** Signs in through `/account/login` and the provider's page, as a browser without JS. */
async function connexion(jar: CookieJar, secrets: Secrets, email: string, motDePasse: string) {
  const page = await suivre(jar, secrets, "/account/login");
  const html = await page.reponse.text();
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error(`Page de connexion attendue (HTTP ${page.reponse.status})`);
  const fin = await suivre(
    jar,
    secrets,
    new URL(action.replace(/&amp;/g, "&"), page.url).href,
    formulaire({ email, password: motDePasse }),
  );
  expect(new URL(fin.url).origin).toBe(baseUrl);
  expect(new URL(fin.url).pathname).not.toMatch(/^\/(account|realms)\//);
  await fin.reponse.arrayBuffer();
}

/**
 * Signs out through the portal: one step (ADR 0014), the provider ends its
 * session without a confirmation page and sends back to the portal's
 * sign-in, which starts a new sign-in at the provider.
 */
async function deconnexion(jar: CookieJar, secrets: Secrets) {
  const fin = await suivre(jar, secrets, "/account/logout", formulaire({}));
  expect(fin.chemins).toContain("/account/login");
  expect(fin.chemins.some((chemin) => chemin.endsWith("/protocol/openid-connect/logout"))).toBe(
    true,
  );
  await fin.reponse.arrayBuffer();
}

/**
 * Creates an applicant account (POST /api/candidate/create) and activates it
 * through the link of its mail, followed on the portal's page as a user
 * would. Returns its e-mail; the password is MOT_DE_PASSE.
 */
async function creerCompteDemandeur(secrets: Secrets): Promise<string> {
  const siren = sirenUnique();
  const email = `journaux-${siren}@exemple.fr`;
  const creation = await fetch(`${baseUrl}/api/candidate/create`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      prenom: "Élise",
      nom: "Durand",
      email,
      emailConfirmation: email,
      motDePasse: MOT_DE_PASSE,
      motDePasseConfirmation: MOT_DE_PASSE,
      siren,
      raisonSociale: `Rénovation Journaux ${siren}`,
      qualites: ["qualityEcfr"],
      telephone: "01 23 45 67 89",
      acceptationCgu: true,
      acceptationDonneesPersonnelles: true,
    }),
  });
  expect(creation.status).toBe(201);
  const courriel = await smtp.attendre(email);
  const lien = /https?:\/\/\S+\/creation-compte\/confirmation\?token=[\w-]+/.exec(
    courriel.text,
  )?.[0];
  if (!lien) throw new Error(`Pas de lien de confirmation dans : ${courriel.text}`);
  secrets.depuisUrl(lien);
  const confirmation = await suivre(new CookieJar(), secrets, lien);
  expect(await confirmation.reponse.text()).toContain("Votre compte est activé");
  return email;
}

describe("journaux sans secret", () => {
  it("ne gardent ni code, ni state, ni jeton, ni indice, ni cookie d'une connexion, d'une création de compte et d'une déconnexion", async () => {
    const secrets = new Secrets();

    // Account creation, then the link of the mail followed on the portal's page.
    const email = await creerCompteDemandeur(secrets);

    // Sign-in and sign-out of the new applicant, then of a member of staff.
    for (const [compte, motDePasse] of [
      [email, MOT_DE_PASSE],
      ["instructeur@demo.anah.gouv.fr", DEMO_PASSWORD],
    ]) {
      const jar = new CookieJar();
      await connexion(jar, secrets, compte, motDePasse);
      await (await fetchWithJar(jar, `${baseUrl}/mes-dossiers`)).arrayBuffer();
      await deconnexion(jar, secrets);
    }
    // One more answer: every earlier one is logged by now.
    await (await fetch(`${baseUrl}/mentions-legales`)).arrayBuffer();

    const texte = journal.join("");
    // The capture works and saw the flows (masked).
    expect(texte).toContain("/account/callback?code=");
    expect(texte).toContain("/creation-compte/confirmation?token=");
    // The SMTP mailer's line names the link, its token masked.
    expect(texte).toContain("/creation-compte/confirmation?token=[masqué]");
    expect(secrets.valeurs.size).toBeGreaterThanOrEqual(8);
    const fuites = [...secrets.valeurs].filter((valeur) => texte.includes(valeur));
    expect(fuites).toEqual([]);
    // No JWT (access, refresh or ID token), whatever carried it.
    expect(texte).not.toMatch(/eyJ[\w-]{10,}\.eyJ/);
    expect(texte).not.toMatch(/Bearer\s+\S{20}/i);
  });
});

/** The directives of a Cache-Control header, lower-cased (`max-age=0` kept whole). */
function directives(valeur: string | null): string[] {
  return (valeur ?? "").split(",").map((directive) => directive.trim().toLowerCase());
}

/** What may not be kept by any cache: `no-store`, and nothing public. */
function personnelle(valeur: string | null): boolean {
  const liste = directives(valeur);
  return liste.includes("no-store") && !liste.includes("public");
}

/** Same-origin links of a page (href of `<a>` and the like), without assets nor sign-out. */
function liensDe(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)]
    .map((trouve) => trouve[1].replace(/&amp;/g, "&"))
    .filter((href) => href.startsWith("/") && !href.startsWith("//"))
    .map((href) => href.split("#")[0])
    .filter((href) => href && !href.startsWith("/account/logout"));
}

/**
 * One URL per page route of app/routes (ids of the request `id`, its
 * attachment `pieceJointe`), beside what the site map and lists link to.
 */
function pagesDuPortail(id: string, pieceJointe: string): string[] {
  return [
    "/",
    "/plan-de-site",
    "/accessibilite",
    "/mentions-legales",
    "/donnees-personnelles",
    "/conditions-generales-utilisation",
    "/gestion-des-cookies",
    "/unauthorised",
    "/page-qui-n-existe-pas",
    "/account/params",
    "/account/login?redirectUrl=%2Fmentions-legales",
    "/account/callback",
    "/cgu",
    "/creation-compte",
    "/creation-compte/confirmation",
    "/creation-compte/nouveau-lien",
    "/creation-compte/succes",
    "/mes-dossiers",
    "/mon-agrement",
    "/demande/formulaire",
    `/demande/formulaire?id=${id}`,
    `/demande/demande/confirmation/${id}`,
    `/demande/demande/recapitulatif/${id}`,
    `/demande/demande/decision/${id}`,
    `/demande/demande/completude/${id}`,
    `/demande/demande/completude/${id}/envoi`,
    `/demande/demande/annulation/${id}`,
    `/dossier/demande/${id}`,
    `/dossier/demande/${id}/action/AJOUTER_NOTE`,
    `/dossier/demande/${id}/archive.zip`,
    `/dossier/demande/${id}/pieces-jointes.zip`,
    `/piece-jointe/${pieceJointe}`,
    `/messagerie/demande?id=${id}`,
    "/tous-les-dossiers",
    "/gestion-des-comptes",
    "/resources/geographie?type=communes&query=Paris",
  ];
}

/**
 * GET paths of the API: those `/api/openapi.json` describes and those the
 * Express router answers (the description does not list them all yet).
 */
async function lecturesApi(): Promise<string[]> {
  const description = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const chemins = new Set(
    Object.entries(description.paths)
      .filter(([, operations]) => "get" in operations)
      .map(([chemin]) => chemin.replace(/\{(\w+)\}/g, ":$1")),
  );
  type Couche = { route?: { path: unknown; methods: Record<string, boolean> }; handle?: unknown };
  const parcourir = (pile: Couche[]) => {
    for (const couche of pile) {
      if (couche.route?.methods.get && typeof couche.route.path === "string") {
        chemins.add(couche.route.path);
      }
      const sous = (couche.handle as { stack?: Couche[] } | undefined)?.stack;
      if (!couche.route && sous) parcourir(sous);
    }
  };
  const app = portal.app as unknown as { router: { stack: Couche[] } };
  const api = app.router.stack.find((couche) =>
    JSON.stringify(
      ((couche.handle as { stack?: Couche[] })?.stack ?? []).map((c) => c.route?.path),
    ).includes("/openapi.json"),
  );
  parcourir((api?.handle as { stack: Couche[] }).stack);
  return [...chemins];
}

/** `quoi` when its answer lacks `no-store` (or is public), else nothing. */
function sansNoStore(quoi: string, reponse: Response): string[] {
  return personnelle(reponse.headers.get("cache-control"))
    ? []
    : [`${quoi} → ${reponse.status} ${reponse.headers.get("cache-control")}`];
}

describe("pas de réponse personnelle dans un cache partagé", () => {
  const secrets = new Secrets();
  let email: string;
  let demandeur: string;
  let equipe: { instructeur: string; superviseur: string };
  let demandeId: string;
  let pieceJointeId: string;
  let agrementId: string;

  beforeAll(async () => {
    // A request driven to its approval: file, attachments, history, opinions, approval.
    email = await creerCompteDemandeur(secrets);
    demandeur = (await loginAs(baseUrl, email, MOT_DE_PASSE)).accessToken;
    const ctx = await contexteInstruction(baseUrl, demandeur);
    equipe = ctx.equipe;
    demandeId = (await nouvelleDemandeEnEtat(ctx, "agree")).id;
    const [piece] = await portal.database.db
      .select({ id: piecesJointes.id })
      .from(piecesJointes)
      .where(eq(piecesJointes.ressourceId, demandeId))
      .limit(1);
    pieceJointeId = piece.id;
    agrementId = (
      await appelApi<{ id: string }>(baseUrl, demandeur, "GET", "/agrement/mon-agrement")
    ).id;
  }, 120_000);

  /**
   * GETs every page route (pagesDuPortail) and whatever the site map, the
   * lists and the file link to (tabs, sorts, exports, actions) with the
   * cookies of `jar`; returns the answers without `no-store`.
   */
  async function pagesSansNoStore(jar: CookieJar): Promise<string[]> {
    const aVoir = new Set(pagesDuPortail(demandeId, pieceJointeId));
    for (const source of [
      "/plan-de-site",
      "/mes-dossiers",
      "/tous-les-dossiers",
      `/dossier/demande/${demandeId}`,
    ]) {
      const page = await suivre(jar, secrets, source);
      for (const lien of liensDe(await page.reponse.text())) aVoir.add(lien);
    }
    expect(aVoir.size).toBeGreaterThanOrEqual(36);
    const sansCache: string[] = [];
    for (const chemin of aVoir) {
      const reponse = await fetchWithJar(jar, `${baseUrl}${chemin}`);
      await reponse.arrayBuffer();
      sansCache.push(...sansNoStore(chemin, reponse));
    }
    return sansCache;
  }

  it("signé ou non, chaque page dit private, no-store ; les fichiers empreintés restent en cache un an", async () => {
    expect(await pagesSansNoStore(new CookieJar())).toEqual([]);
    const page = await (await fetch(`${baseUrl}/mentions-legales`)).text();
    const fichiers = [
      ...page.matchAll(
        /(?:href|src)="(\/(?:assets|dsfr)\/[^"]+[.-][0-9a-zA-Z_]{8,}\.(?:min\.)?(?:css|js))"/g,
      ),
    ].map((trouve) => trouve[1]);
    expect(fichiers.length).toBeGreaterThan(0);
    for (const fichier of fichiers) {
      const reponse = await fetch(`${baseUrl}${fichier}`);
      await reponse.arrayBuffer();
      expect(directives(reponse.headers.get("cache-control")), fichier).toEqual(
        expect.arrayContaining(["public", "max-age=31536000", "immutable"]),
      );
    }
  }, 120_000);

  it.each([
    ["le demandeur", "demandeur"],
    ["l'instructeur", "instructeur@demo.anah.gouv.fr"],
    ["le superviseur", "superviseur@demo.anah.gouv.fr"],
    ["l'administrateur fonctionnel", "admin-fonctionnel@demo.anah.gouv.fr"],
    ["l'administrateur MAR", "mar-admin@demo.anah.gouv.fr"],
  ])(
    "chaque page, téléchargement et export vu par %s dit private, no-store",
    async (_qui, compte) => {
      const jar = new CookieJar();
      if (compte === "demandeur") await connexion(jar, secrets, email, MOT_DE_PASSE);
      else await connexion(jar, secrets, compte, DEMO_PASSWORD);
      expect(await pagesSansNoStore(jar)).toEqual([]);
    },
    120_000,
  );

  it("chaque lecture de l'API dit no-store, pour le demandeur comme pour le personnel", async () => {
    const chemins = await lecturesApi();
    expect(chemins.length).toBeGreaterThanOrEqual(30);
    const valeurs: Record<string, string> = {
      kind: "demande",
      type: "demande",
      field: "email",
      value: "personne@exemple.fr",
    };
    const sansCache: string[] = [];
    for (const jeton of [demandeur, equipe.instructeur, equipe.superviseur]) {
      for (const chemin of chemins) {
        const id = chemin.startsWith("/agrement/")
          ? agrementId
          : chemin.startsWith("/piece-jointe/")
            ? pieceJointeId
            : demandeId;
        const url = chemin.replace(/:(\w+)/g, (_tout, nom: string) => valeurs[nom] ?? id);
        const reponse = await fetch(`${baseUrl}/api${url}`, {
          headers: { Authorization: `Bearer ${jeton}` },
        });
        await reponse.arrayBuffer();
        sansCache.push(...sansNoStore(`/api${url}`, reponse));
      }
    }
    expect(sansCache).toEqual([]);
  }, 120_000);
});
