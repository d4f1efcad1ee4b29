/**
 * The embedded OpenID provider (DESIGN §2, spec §9) through HTTP, on a real
 * portal: discovery, sign-in with code + PKCE, tokens, refresh, userinfo,
 * sign-in failures and limits, PKCE enforcement, sign-out.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { and, eq } from "drizzle-orm";
import { createRemoteJWKSet, decodeJwt, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oidcPayloads, utilisateurs } from "../../api/db/schema.ts";
import { createOidcAdapter } from "../../idp/adapter.ts";
import { loadSigningKeys, purgeExpiredOidcPayloads } from "../../idp/index.ts";
import { CookieJar, fetchWithJar, loginAs, pkcePair } from "../helpers/oidc-login.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const PASSWORD = "Essai-Connexion-2026!";
const PER_ACCOUNT_LIMIT = 3;
const WRONG = "Adresse électronique ou mot de passe incorrect.";

let portal: TestPortal;
let issuer: string;
let passwordHash: string;

interface TestUser {
  id: string;
  idIdp: string;
  email: string;
}

/** A fresh account with a unique address, so runs on a shared PostgreSQL never collide. */
async function createUser(
  values: { roles?: string[]; statut?: "actif" | "en_attente"; prenom?: string; nom?: string } = {},
): Promise<TestUser> {
  const suffix = randomBytes(6).toString("hex");
  const [row] = await portal.database.db
    .insert(utilisateurs)
    .values({
      idIdp: `test-idp-${suffix}`,
      email: `Connexion.${suffix}@test.anah.gouv.fr`,
      prenom: values.prenom ?? "Camille",
      nom: values.nom ?? "Martin",
      passwordHash,
      roles: values.roles ?? ["instructeur"],
      statut: values.statut ?? "actif",
    })
    .returning();
  return { id: row.id, idIdp: row.idIdp, email: row.email };
}

function authorizationUrl(params: Record<string, string | undefined>): string {
  const url = new URL(`${issuer}/protocol/openid-connect/auth`);
  for (const [key, value] of Object.entries({
    client_id: portal.config.oidcClientId,
    redirect_uri: `${portal.baseUrl}/account/callback`,
    response_type: "code",
    scope: "openid email profile",
    state: "etat-de-test",
    ...params,
  })) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  return url.href;
}

/** Starts a sign-in and returns the jar, the login page's URL and its form action. */
async function openLoginPage() {
  const jar = new CookieJar();
  const { challenge } = pkcePair();
  const start = await fetchWithJar(
    jar,
    authorizationUrl({ code_challenge: challenge, code_challenge_method: "S256" }),
  );
  expect(start.status).toBe(303);
  const pageUrl = new URL(start.headers.get("location")!, portal.baseUrl).href;
  const page = await fetchWithJar(jar, pageUrl);
  const body = await page.text();
  const action = /<form method="post" action="([^"]+)"/.exec(body)![1];
  return { jar, pageUrl, page, body, action: new URL(action, portal.baseUrl).href };
}

async function postLogin(
  login: { jar: CookieJar; action: string },
  fields: { email: string; password: string },
  origin: string | null = portal.baseUrl,
) {
  const response = await fetchWithJar(login.jar, login.action, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(origin ? { Origin: origin } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

beforeAll(async () => {
  portal = await startTestPortal({ LOGIN_RATE_LIMIT_ACCOUNT: String(PER_ACCOUNT_LIMIT) });
  issuer = portal.config.oidcIssuer;
  passwordHash = await hash(PASSWORD);
});

afterAll(async () => {
  await portal?.close();
});

describe("discovery", () => {
  it("publishes the realm's issuer, Keycloak's paths and S256 only", async () => {
    const response = await fetch(`${issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const document = await response.json();
    expect(issuer).toBe(`${portal.baseUrl}/realms/mar_users`);
    expect(document).toMatchObject({
      issuer,
      authorization_endpoint: `${issuer}/protocol/openid-connect/auth`,
      token_endpoint: `${issuer}/protocol/openid-connect/token`,
      jwks_uri: `${issuer}/protocol/openid-connect/certs`,
      end_session_endpoint: `${issuer}/protocol/openid-connect/logout`,
      userinfo_endpoint: `${issuer}/protocol/openid-connect/userinfo`,
      revocation_endpoint: `${issuer}/protocol/openid-connect/revoke`,
      code_challenge_methods_supported: ["S256"],
      response_types_supported: ["code"],
    });
    expect(document.scopes_supported).toEqual(
      expect.arrayContaining(["openid", "email", "profile"]),
    );
  });

  it("serves the signing key kept in the database", async () => {
    const jwks = await (await fetch(`${issuer}/protocol/openid-connect/certs`)).json();
    const stored = await loadSigningKeys(portal.database);
    expect(jwks.keys.map((key: { kid: string }) => key.kid)).toEqual(
      stored.keys.map((key) => key.kid),
    );
    expect(jwks.keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
    expect(jwks.keys[0]).not.toHaveProperty("d");
  });
});

describe("sign-in with authorization code + PKCE", () => {
  let user: TestUser;
  let tokens: Awaited<ReturnType<typeof loginAs>>;

  beforeAll(async () => {
    user = await createUser({ roles: ["instructeur", "superviseur", "offline_access"] });
    tokens = await loginAs(portal.baseUrl, user.email.toUpperCase(), PASSWORD);
  });

  it("issues a JWT access token for the API with Keycloak's claims, signed by the published keys", async () => {
    const jwks = createRemoteJWKSet(new URL(`${issuer}/protocol/openid-connect/certs`));
    const { payload, protectedHeader } = await jwtVerify(tokens.accessToken, jwks, {
      issuer: portal.config.oidcIssuer,
      audience: portal.config.oidcAudience,
    });
    expect(protectedHeader.alg).toBe("RS256");
    expect(payload).toMatchObject({
      sub: user.idIdp,
      azp: portal.config.oidcClientId,
      realm_access: { roles: ["instructeur", "superviseur", "offline_access"] },
      email: user.email,
      given_name: "Camille",
      family_name: "Martin",
      name: "Camille Martin",
      preferred_username: user.email.toLowerCase(),
    });
    expect(payload.exp! - payload.iat!).toBe(300);
    expect(tokens.expiresIn).toBe(300);
  });

  it("issues an ID token with the identity claims and a refresh token", async () => {
    const idToken = decodeJwt(tokens.idToken);
    expect(idToken).toMatchObject({
      iss: issuer,
      aud: portal.config.oidcClientId,
      sub: user.idIdp,
      email: user.email,
      email_verified: true,
      given_name: "Camille",
      family_name: "Martin",
      name: "Camille Martin",
    });
    expect(tokens.refreshToken.length).toBeGreaterThan(20);
  });

  it("records the time of the sign-in", async () => {
    const [row] = await portal.database.db
      .select()
      .from(utilisateurs)
      .where(eq(utilisateurs.id, user.id));
    expect(row.dateDerniereConnexion).toBeInstanceOf(Date);
    expect(Date.now() - row.dateDerniereConnexion!.getTime()).toBeLessThan(60_000);
  });

  it("answers the userinfo endpoint with the access token", async () => {
    const response = await fetch(`${issuer}/protocol/openid-connect/userinfo`, {
      headers: { Authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      sub: user.idIdp,
      email: user.email,
      email_verified: true,
      given_name: "Camille",
      family_name: "Martin",
      name: "Camille Martin",
      preferred_username: user.email.toLowerCase(),
    });
    const refused = await fetch(`${issuer}/protocol/openid-connect/userinfo`, {
      headers: { Authorization: "Bearer pas-un-jeton" },
    });
    expect(refused.status).toBe(401);
  });

  it("refreshes the tokens, rotating the refresh token", async () => {
    const refresh = (refreshToken: string) =>
      fetch(`${issuer}/protocol/openid-connect/token`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "refresh_token",
          refresh_token: refreshToken,
          client_id: portal.config.oidcClientId,
        }).toString(),
      });
    const response = await refresh(tokens.refreshToken);
    expect(response.status).toBe(200);
    const renewed = await response.json();
    expect(renewed.token_type).toBe("Bearer");
    expect(renewed.refresh_token).toBeTruthy();
    expect(renewed.refresh_token).not.toBe(tokens.refreshToken);
    expect(decodeJwt(renewed.access_token)).toMatchObject({
      sub: user.idIdp,
      aud: portal.config.oidcAudience,
      realm_access: { roles: ["instructeur", "superviseur", "offline_access"] },
    });
    expect(decodeJwt(renewed.id_token).sub).toBe(user.idIdp);

    const replay = await refresh(tokens.refreshToken);
    expect(replay.status).toBe(400);
    expect((await replay.json()).error).toBe("invalid_grant");
  });
});

describe("login page", () => {
  it("is a French DSFR page with a plain HTML form, whose scripts only load the fonts and show « Afficher »", async () => {
    const { page, body, pageUrl, action } = await openLoginPage();
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/^text\/html/);
    expect(page.headers.get("cache-control")).toBe("no-store");
    const uid = new URL(pageUrl).pathname.split("/").pop();
    expect(new URL(pageUrl).pathname).toBe(`/realms/mar_users/interaction/${uid}`);
    expect(new URL(action).pathname).toBe(`/realms/mar_users/interaction/${uid}/login`);
    expect(body).toContain('<html lang="fr" data-fr-scheme="light"');
    expect(body).toContain("<title>Connexion | Mon Accompagnateur Rénov&#39;</title>");
    expect(body).toMatch(/href="\/dsfr\/portail\.[0-9a-f]{12}\.min\.css"/);
    expect(body).toContain('href="/dsfr/favicon/favicon.svg"');
    expect(body).toMatch(/République<br ?\/?>Française/);
    // The portal's header (contract/gabarit), not a header of its own.
    expect(body).toContain(
      '<p class="fr-header__service-title">Mon Accompagnateur Rénov&#x27;</p>',
    );
    expect(body).toContain("Agrément des opérateurs – Anah");
    expect(body).toContain("Accessibilité : non conforme");
    expect(body).toContain(
      'href="/realms/mar_users/mot-de-passe-oublie">Mot de passe oublié ?</a>',
    );
    expect(body).toContain("Adresse électronique *");
    expect(body).toMatch(/name="email"\s+autocomplete="username"/);
    expect(body).toContain("Mot de passe *");
    expect(body).toMatch(/name="password"\s+autocomplete="current-password"/);
    expect(body).toMatch(/<button class="fr-btn" type="submit">\s*Se connecter\s*<\/button>/);
    expect(body).toContain("Les champs marqués d'un astérisque * sont obligatoires");
    // The form needs no script: one loads the fonts after the first paint (ADR 0008), the
    // other shows the password's « Afficher » box; both run only with the response's nonce.
    const nonce = /'nonce-([^']+)'/.exec(page.headers.get("content-security-policy") ?? "")?.[1];
    expect(body.match(/<script[^>]*>/g)).toEqual([
      `<script nonce="${nonce}">`,
      `<script nonce="${nonce}">`,
    ]);
    expect(body).toMatch(
      /<noscript><link rel="stylesheet" href="\/dsfr\/polices\.[0-9a-f]{12}\.min\.css"/,
    );
  });

  it("answers a French page for an unknown or expired interaction", async () => {
    const response = await fetch(`${issuer}/interaction/inconnue`);
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain("Votre demande de connexion a expiré");
    expect(body).toContain(`href="${portal.baseUrl}/account/login"`);
  });
});

describe("sign-in failures", () => {
  it("refuses a wrong password with 401, keeps the e-mail and shows the French message", async () => {
    const user = await createUser();
    const login = await openLoginPage();
    const answer = await postLogin(login, { email: user.email, password: "Mauvais-Mot-2026!" });
    expect(answer.status).toBe(401);
    expect(answer.body).toContain(WRONG);
    expect(answer.body).toContain("fr-alert--error");
    expect(answer.body).toContain(`value="${user.email}"`);
    // The same interaction still accepts the right password.
    const retry = await postLogin(login, { email: user.email, password: PASSWORD });
    expect(retry.status).toBe(303);
  });

  it("gives an unknown address exactly the same answer", async () => {
    const login = await openLoginPage();
    const answer = await postLogin(login, {
      email: `inconnu.${randomUUID()}@test.anah.gouv.fr`,
      password: PASSWORD,
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toContain(WRONG);
  });

  it("escapes the e-mail it puts back in the form", async () => {
    const login = await openLoginPage();
    const answer = await postLogin(login, { email: '"><script>alert(1)</script>', password: "x" });
    expect(answer.status).toBe(401);
    expect(answer.body).not.toContain("<script>alert(1)</script>");
    expect(answer.body).toContain("&quot;&gt;&lt;script&gt;");
  });

  it("refuses an account still waiting for its e-mail confirmation, offering a new link", async () => {
    const user = await createUser({ statut: "en_attente" });
    const login = await openLoginPage();
    const answer = await postLogin(login, { email: user.email, password: PASSWORD });
    expect(answer.status).toBe(403);
    expect(answer.body).toContain("Votre compte n&#39;est pas encore activé");
    expect(answer.body).toContain('/creation-compte/nouveau-lien"');
  });

  it("does not reveal a pending account to a wrong password", async () => {
    const user = await createUser({ statut: "en_attente" });
    const login = await openLoginPage();
    const wrong = await postLogin(login, { email: user.email, password: "Mauvais-Mot-2026!" });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain(WRONG);
  });

  it("answers 429 once an account has too many failures, without checking the password", async () => {
    const user = await createUser();
    const login = await openLoginPage();
    for (let attempt = 0; attempt < PER_ACCOUNT_LIMIT; attempt += 1) {
      const failure = await postLogin(login, { email: user.email, password: "Mauvais-Mot-2026!" });
      expect(failure.status).toBe(401);
    }
    const blocked = await postLogin(login, { email: user.email.toUpperCase(), password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatch(
      /Trop de tentatives de connexion\. Veuillez réessayer dans 15 minutes\./,
    );
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(800);
    await expect(loginAs(portal.baseUrl, user.email, PASSWORD)).rejects.toThrow(/429/);
  });

  it("refuses a login post coming from another origin (403)", async () => {
    const user = await createUser();
    const login = await openLoginPage();
    const foreign = await postLogin(
      login,
      { email: user.email, password: PASSWORD },
      "https://exemple.org",
    );
    expect(foreign.status).toBe(403);
    const anonymous = await postLogin(login, { email: user.email, password: PASSWORD }, null);
    expect(anonymous.status).toBe(403);
  });
});

describe("authorization requests", () => {
  async function callbackError(params: Record<string, string | undefined>) {
    const response = await fetch(authorizationUrl(params), { redirect: "manual" });
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(`${portal.baseUrl}/account/callback`);
    return location.searchParams;
  }

  it("refuses a request without PKCE", async () => {
    const params = await callbackError({});
    expect(params.get("error")).toBe("invalid_request");
    expect(params.get("state")).toBe("etat-de-test");
  });

  it("refuses the plain PKCE method", async () => {
    const params = await callbackError({
      code_challenge: randomBytes(32).toString("base64url"),
      code_challenge_method: "plain",
    });
    expect(params.get("error")).toBe("invalid_request");
  });

  it("shows a French error page, without internals, for an unknown client", async () => {
    const { challenge } = pkcePair();
    const response = await fetch(
      authorizationUrl({
        client_id: "inconnu",
        code_challenge: challenge,
        code_challenge_method: "S256",
      }),
      { redirect: "manual" },
    );
    expect(response.status).toBe(400);
    const body = await response.text();
    expect(body).toContain('<html lang="fr"');
    expect(body).toContain("L&#39;application qui demande la connexion n&#39;est pas reconnue.");
    expect(body).not.toMatch(/at .*\.js:\d+/);
  });

  it("refuses a redirect address the client did not register", async () => {
    const { challenge } = pkcePair();
    const response = await fetch(
      authorizationUrl({
        redirect_uri: "https://exemple.org/callback",
        code_challenge: challenge,
        code_challenge_method: "S256",
      }),
      { redirect: "manual" },
    );
    expect(response.status).toBe(400);
    expect(response.headers.get("location")).toBeNull();
  });
});

describe("sign-out (RP-initiated logout)", () => {
  it("from the portal (its id_token_hint), ends the provider session at once and goes back", async () => {
    const user = await createUser();
    const jar = new CookieJar();
    const tokens = await loginAs(portal.baseUrl, user.email, PASSWORD, { jar });

    const logoutUrl = new URL(`${issuer}/protocol/openid-connect/logout`);
    logoutUrl.searchParams.set("id_token_hint", tokens.idToken);
    logoutUrl.searchParams.set("client_id", portal.config.oidcClientId);
    logoutUrl.searchParams.set("post_logout_redirect_uri", `${portal.baseUrl}/account/login`);
    logoutUrl.searchParams.set("state", "au-revoir");
    // One step: no "Se déconnecter" page, with or without JavaScript.
    const end = await fetchWithJar(jar, logoutUrl.href);
    expect(end.status).toBe(303);
    const back = new URL(end.headers.get("location")!);
    expect(`${back.origin}${back.pathname}`).toBe(`${portal.baseUrl}/account/login`);
    expect(back.searchParams.get("state")).toBe("au-revoir");

    // The provider session is gone: a new sign-in asks for the password again.
    const { challenge } = pkcePair();
    const again = await fetchWithJar(
      jar,
      authorizationUrl({ code_challenge: challenge, code_challenge_method: "S256" }),
    );
    expect(again.status).toBe(303);
    expect(new URL(again.headers.get("location")!, portal.baseUrl).pathname).toMatch(
      /^\/realms\/mar_users\/interaction\//,
    );
    // And the refresh token of the ended session no longer works.
    const refresh = await fetch(`${issuer}/protocol/openid-connect/token`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "refresh_token",
        refresh_token: tokens.refreshToken,
        client_id: portal.config.oidcClientId,
      }).toString(),
    });
    expect(refresh.status).toBe(400);

    // Signing out again (another tab of the portal): nothing left to end, straight back.
    const twice = await fetchWithJar(jar, logoutUrl.href);
    expect(twice.status).toBe(303);
    expect(new URL(twice.headers.get("location")!).pathname).toBe("/account/login");
  });

  it("without the portal's hint, asks on a French DSFR page first", async () => {
    const user = await createUser();
    const jar = new CookieJar();
    await loginAs(portal.baseUrl, user.email, PASSWORD, { jar });
    const page = await fetchWithJar(jar, `${issuer}/protocol/openid-connect/logout`);
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain("<title>Déconnexion | Mon Accompagnateur Rénov&#39;</title>");
    expect(body).toMatch(/<button[^>]*form="op.logoutForm"[^>]*>\s*Se déconnecter\s*<\/button>/);
    expect(body).toContain('<input type="hidden" name="logout" value="yes"/>');
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(body)![1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(body)![1];
    const confirm = await fetchWithJar(jar, action, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ xsrf, logout: "yes" }).toString(),
    });
    expect(confirm.status).toBe(303);
    const success = await fetchWithJar(jar, new URL(confirm.headers.get("location")!, issuer).href);
    expect(success.status).toBe(200);
    expect(await success.text()).toContain("Vous êtes déconnecté");
  });
});

describe("storage adapter (oidc_payload)", () => {
  const id = () => `essai-${randomUUID()}`;

  async function expire(rowId: string, type: string) {
    await portal.database.db
      .update(oidcPayloads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(oidcPayloads.id, rowId), eq(oidcPayloads.type, type)));
  }

  it("stores, finds, consumes and destroys payloads per model", async () => {
    const Adapter = createOidcAdapter(portal.database);
    const codes = new Adapter("AuthorizationCode");
    const sessions = new Adapter("Session");
    const code = id();
    await codes.upsert(code, { kind: "AuthorizationCode", accountId: "a" }, 60);
    expect(await codes.find(code)).toEqual({ kind: "AuthorizationCode", accountId: "a" });
    expect(await sessions.find(code)).toBeUndefined();

    await codes.consume(code);
    const consumed = await codes.find(code);
    expect(consumed?.consumed).toBeGreaterThan(0);

    await codes.upsert(code, { kind: "AuthorizationCode", accountId: "b" }, 60);
    expect((await codes.find(code))?.accountId).toBe("b");
    await codes.destroy(code);
    expect(await codes.find(code)).toBeUndefined();
  });

  it("finds sessions by uid and device codes by user code", async () => {
    const Adapter = createOidcAdapter(portal.database);
    const sessions = new Adapter("Session");
    const uid = `uid-${randomUUID()}`;
    const sessionId = id();
    await sessions.upsert(sessionId, { kind: "Session", uid }, 3600);
    expect((await sessions.findByUid(uid))?.uid).toBe(uid);
    const devices = new Adapter("DeviceCode");
    const userCode = `CODE-${randomUUID()}`;
    await devices.upsert(id(), { kind: "DeviceCode", userCode }, 600);
    expect((await devices.findByUserCode(userCode))?.userCode).toBe(userCode);
  });

  it("treats expired rows as absent and purges them", async () => {
    const Adapter = createOidcAdapter(portal.database);
    const sessions = new Adapter("Session");
    const uid = `uid-${randomUUID()}`;
    const sessionId = id();
    await sessions.upsert(sessionId, { kind: "Session", uid }, 3600);
    await expire(sessionId, "Session");
    expect(await sessions.find(sessionId)).toBeUndefined();
    expect(await sessions.findByUid(uid)).toBeUndefined();
    expect(await purgeExpiredOidcPayloads(portal.database)).toBeGreaterThanOrEqual(1);
    const left = await portal.database.db
      .select()
      .from(oidcPayloads)
      .where(eq(oidcPayloads.id, sessionId));
    expect(left).toEqual([]);
  });

  it("revokes every artefact of a grant", async () => {
    const Adapter = createOidcAdapter(portal.database);
    const refreshTokens = new Adapter("RefreshToken");
    const codes = new Adapter("AuthorizationCode");
    const grantId = `grant-${randomUUID()}`;
    const refreshId = id();
    const codeId = id();
    const otherId = id();
    await refreshTokens.upsert(refreshId, { kind: "RefreshToken", grantId }, 3600);
    await codes.upsert(codeId, { kind: "AuthorizationCode", grantId }, 60);
    await refreshTokens.upsert(
      otherId,
      { kind: "RefreshToken", grantId: `autre-${grantId}` },
      3600,
    );
    await refreshTokens.revokeByGrantId(grantId);
    expect(await refreshTokens.find(refreshId)).toBeUndefined();
    expect(await codes.find(codeId)).toBeUndefined();
    expect(await refreshTokens.find(otherId)).toBeDefined();
  });

  it("keeps one signing key across loads", async () => {
    const first = await loadSigningKeys(portal.database);
    const second = await loadSigningKeys(portal.database);
    expect(second).toEqual(first);
    expect(first.keys[0]).toMatchObject({ kty: "RSA", alg: "RS256", use: "sig" });
    expect(first.keys[0].kid).toBeTruthy();
  });
});
