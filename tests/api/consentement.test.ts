/**
 * Cookie consent and audience measurement over HTTP (spec §9, ADR 0023),
 * on the built portal (Remix pages: `npm run build` first)
 * with MATOMO_URL set: the banner's form and its cookie (`all=true` /
 * `all=false`, 365 days, SameSite=Lax, Path=/, not Secure on http), the
 * redirect back checked after normalisation, the CSP naming Matomo's origin
 * only when it is configured, the tracker's script carrying the response's
 * nonce only after consent, the no-JavaScript image with the page's title
 * and the salted hash, none on an excluded page. Runs on PGlite, and on
 * PostgreSQL with DATABASE_URL.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../api/db/client.ts";
import { createPortal, type Portal } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { createLogger } from "../../server/logger.ts";
import { cspNonce, securityHeaders } from "../../server/security.ts";
import { freePort } from "../helpers/portal.ts";

const BUILD = join(import.meta.dirname, "../../build/server/index.js");
const MATOMO = "https://statistiques.exemple.gouv.fr/";
const SEL = "sel-du-test-de-consentement-0123";

let baseUrl: string;
let portal: Portal;
let server: Server;
let dataDir: string;

beforeAll(async () => {
  if (!existsSync(BUILD)) throw new Error("Portail non construit : lancez `npm run build`.");
  const port = await freePort();
  dataDir = await mkdtemp(join(tmpdir(), "portail-mar-consentement-"));
  baseUrl = `http://localhost:${port}`;
  const config = loadConfig({
    NODE_ENV: "production",
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL ?? "",
    DEMO_DATA: "true",
    JOBS: "false",
    MATOMO_URL: MATOMO.slice(0, -1),
    MATOMO_SITE_ID: "12",
    MATOMO_SEL: SEL,
  });
  const database = await openDatabase({
    dataDir: ":memory:",
    databaseUrl: process.env.DATABASE_URL,
  });
  portal = await createPortal(config, createLogger("silent"), { database });
  server = await new Promise((resolve) => {
    const listening = portal.app.listen(port, () => resolve(listening));
  });
}, 120_000);

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await portal?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A page as a browser with `cookie` gets it. */
async function page(chemin: string, cookie?: string) {
  const reponse = await fetch(`${baseUrl}${chemin}`, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: "manual",
  });
  return { reponse, html: await reponse.text() };
}

/** The response's CSP nonce, read from its header. */
function nonceDe(reponse: Response): string {
  const csp = reponse.headers.get("content-security-policy") ?? "";
  return /'nonce-([^']+)'/.exec(csp)?.[1] ?? "";
}

describe("the banner and its cookie", () => {
  it("shows the banner, posting to /gestion-des-cookies, while no choice is made; no tracker", async () => {
    const { reponse, html } = await page("/plan-de-site?x=1");
    expect(reponse.status).toBe(200);
    expect(html).toContain('id="bandeau-consentement"');
    expect(html).toMatch(/<form method="post" action="\/gestion-des-cookies"/);
    expect(html).toContain('<input type="hidden" name="redirectTo" value="/plan-de-site?x=1"/>');
    expect(html).toContain("Tout accepter");
    expect(html).toContain("Tout refuser");
    expect(html).toContain('href="/gestion-des-cookies?redirectTo=%2Fplan-de-site%3Fx%3D1"');
    expect(html).not.toContain("matomo");
  });

  it("sets gdpr-cookies-consent for 365 days, SameSite=Lax, not Secure on http, and goes back to the page", async () => {
    for (const [choix, valeur] of [
      ["accepter", "all=true"],
      ["refuser", "all=false"],
    ]) {
      const reponse = await fetch(`${baseUrl}/gestion-des-cookies`, {
        method: "POST",
        headers: { Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ consentement: choix, redirectTo: "/plan-de-site?x=1" }),
        redirect: "manual",
      });
      expect(reponse.status).toBe(302);
      expect(reponse.headers.get("location")).toBe("/plan-de-site?x=1");
      const cookie = reponse.headers
        .getSetCookie()
        .find((ligne) => ligne.startsWith("gdpr-cookies-consent="));
      expect(cookie).toBeDefined();
      const attributs = cookie!.split("; ");
      expect(attributs[0]).toBe(`gdpr-cookies-consent=${valeur}`);
      expect(attributs).toContain("Max-Age=31536000");
      expect(attributs).toContain("Path=/");
      expect(attributs).toContain("SameSite=Lax");
      expect(attributs).not.toContain("Secure");
    }
  });

  it("never redirects off the portal, whatever redirectTo says (normalised first)", async () => {
    for (const redirectTo of [
      "//exemple.com",
      "/\\exemple.com",
      "https://exemple.com/",
      "/%2e%2e//exemple.com",
      "/.//exemple.com",
    ]) {
      const reponse = await fetch(`${baseUrl}/gestion-des-cookies`, {
        method: "POST",
        headers: { Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ consentement: "accepter", redirectTo }),
        redirect: "manual",
      });
      expect(reponse.headers.get("location"), redirectTo).toBe("/gestion-des-cookies");
    }
  });

  it("answers 400 to another choice, and 403 to a post from another site", async () => {
    const autre = await fetch(`${baseUrl}/gestion-des-cookies`, {
      method: "POST",
      headers: { Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ consentement: "peut-etre" }),
      redirect: "manual",
    });
    expect(autre.status).toBe(400);
    const ailleurs = await fetch(`${baseUrl}/gestion-des-cookies`, {
      method: "POST",
      headers: {
        Origin: "https://exemple.com",
        "Content-Type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ consentement: "accepter" }),
      redirect: "manual",
    });
    expect(ailleurs.status).toBe(403);
  });

  it("shows no banner once a choice is made, on the page served whole", async () => {
    // The same page without a choice has it: below, its absence is the choice's doing.
    expect((await page("/plan-de-site")).html).toContain('id="bandeau-consentement"');
    for (const choix of ["all=false", "all=true"]) {
      const { reponse, html } = await page("/plan-de-site", `gdpr-cookies-consent=${choix}`);
      expect(reponse.status, choix).toBe(200);
      expect(html, choix).toContain("<h1>Plan du site</h1>");
      expect(html, choix).toContain("</html>");
      // The choice can still be changed from the footer.
      expect(html, choix).toContain('href="/gestion-des-cookies"');
      expect(html, choix).not.toContain("bandeau-consentement");
      expect(html, choix).not.toContain('action="/gestion-des-cookies"');
    }
  });
});

describe("the tracker", () => {
  it("the CSP names Matomo's origin when MATOMO_URL is set, and not otherwise", async () => {
    const { reponse } = await page("/plan-de-site");
    const csp = reponse.headers.get("content-security-policy") ?? "";
    for (const directive of ["script-src", "img-src", "connect-src"])
      expect(csp).toMatch(
        new RegExp(`${directive} [^;]*https://statistiques\\.exemple\\.gouv\\.fr`),
      );

    const sans = loadConfig({
      PORT: "3999",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
    } as unknown as NodeJS.ProcessEnv);
    expect(sans.matomo).toBeNull();
    const app = express();
    app.use(cspNonce, securityHeaders(sans), (_req, res) => void res.send("ok"));
    const autre: Server = await new Promise((resolve) => {
      const listening = app.listen(0, () => resolve(listening));
    });
    try {
      const { port } = autre.address() as { port: number };
      const cspSans = (await fetch(`http://127.0.0.1:${port}/`)).headers.get(
        "content-security-policy",
      );
      expect(cspSans).not.toContain("statistiques");
      expect(cspSans).toContain("script-src 'self' 'nonce-");
    } finally {
      autre.close();
    }
  });

  it("after refusal: the whole page with its own scripts, and nothing of the tracker", async () => {
    const { reponse, html } = await page("/plan-de-site", "gdpr-cookies-consent=all=false");
    expect(reponse.status).toBe(200);
    expect(html).toContain("<h1>Plan du site</h1>");
    expect(html).toContain("</html>");
    const nonce = nonceDe(reponse);
    expect(nonce).not.toBe("");
    const scripts = [...html.matchAll(/<script nonce="([^"]*)"[^>]*>([\s\S]*?)<\/script>/g)];
    // Remix's inline scripts are there with the response's nonce, as the tracker's would be.
    expect(scripts.some(([, n, code]) => n === nonce && code.includes("__remixContext"))).toBe(
      true,
    );
    expect(scripts.filter(([, , code]) => /_paq|matomo|statistiques/.test(code))).toEqual([]);
    expect(html).not.toContain("statistiques.exemple.gouv.fr");
    expect(html).not.toContain("matomo");
    expect(html).not.toContain("<noscript><img");
  });

  it("after consent: the inline tracker carries the response's nonce; the no-JS image has the title and no uid for a visitor", async () => {
    const { reponse, html } = await page(
      "/plan-de-site?recherche=moi@exemple.fr",
      "gdpr-cookies-consent=all=true",
    );
    const nonce = nonceDe(reponse);
    expect(nonce).not.toBe("");
    const script = new RegExp(
      `<script nonce="${nonce.replace(/[+/=]/g, "\\$&")}">\\(function\\(\\)\\{var u="https://statistiques\\.exemple\\.gouv\\.fr/"`,
    );
    expect(html).toMatch(script);
    expect(html).toContain('q.push(["setSiteId","12"])');
    expect(html).toContain('q.push(["disableCookies"])');
    expect(html).not.toContain("setUserId");
    const image = /<noscript><img src="([^"]+)"/.exec(html)?.[1];
    expect(image).toBeDefined();
    const url = new URL(image!.replaceAll("&amp;", "&"));
    expect(`${url.origin}${url.pathname}`).toBe(`${MATOMO}matomo.php`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      idsite: "12",
      rec: "1",
      // Without the query: a search never leaves the portal.
      url: `${baseUrl}/plan-de-site`,
      action_name: "Plan du site | Mon Accompagnateur Rénov' – Agréments",
    });
  });

  it("an excluded page gets no image, and its path is in the script's exclusions", async () => {
    for (const chemin of ["/mentions-legales", "/accessibilite", "/donnees-personnelles"]) {
      const { html } = await page(chemin, "gdpr-cookies-consent=all=true");
      expect(html, chemin).not.toContain("<noscript><img");
      expect(html, chemin).toContain(`"${chemin}"`);
    }
  });

  it("a signed-in user is sent as the salted SHA-256 of his identity-provider subject", async () => {
    // The hash the BFF computes, checked against one computed here.
    const { identifiantHache } = await import("../../app/.server/mesure-audience.server.ts");
    const attendu = createHash("sha256").update(`${SEL}:sujet-123`).digest("hex");
    expect(identifiantHache(SEL, "sujet-123")).toBe(attendu);
    expect(identifiantHache(SEL, "sujet-123")).not.toContain("sujet");
  });
});
