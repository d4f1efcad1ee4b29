/**
 * Sign-in throttling over HTTP (ADR 0010), on a real portal
 * behind a trusted proxy, so that `X-Forwarded-For` lets a test sign in from
 * several addresses. Attempts sent at once never overtake the limits; an
 * attacker's failures block his address for the account, only slow the
 * account down elsewhere, and never stop its owner's known browser. The
 * limiter's clock is the portal's test clock: it only moves when a test
 * moves it.
 */
import { createHmac, randomBytes } from "node:crypto";
import { hash } from "@node-rs/argon2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { utilisateurs } from "../../api/db/schema.ts";
import { CookieJar, fetchWithJar, pkcePair } from "../helpers/oidc-login.ts";
import { startTestPortal, type TestPortal } from "../helpers/portal.ts";

const PASSWORD = "Essai-Limites-2026!";
const WRONG_PASSWORD = "Mauvais-Mot-2026!";
const TOO_MANY = "Trop de tentatives de connexion. Veuillez réessayer dans";

let portal: TestPortal;
let passwordHash: string;
/** LOGIN_RATE_LIMIT_ACCOUNT: its embedded default, 10. */
let limit: number;

beforeAll(async () => {
  portal = await startTestPortal({ TRUST_PROXY: "true" });
  limit = portal.config.loginRateLimit.perAccount;
  passwordHash = await hash(PASSWORD);
});

afterAll(async () => {
  await portal?.close();
});

/** A fresh active account with a unique address. */
async function createUser(): Promise<string> {
  const suffix = randomBytes(6).toString("hex");
  const [row] = await portal.database.db
    .insert(utilisateurs)
    .values({
      idIdp: `test-limites-${suffix}`,
      email: `limites.${suffix}@test.anah.gouv.fr`,
      prenom: "Dominique",
      nom: "Petit",
      passwordHash,
      roles: ["instructeur"],
      statut: "actif",
    })
    .returning();
  return row.email;
}

let nextAddress = 0;
/** A client address of its own for each call (10.20.x.y), as the proxy would send it. */
function freshAddress(): string {
  nextAddress += 1;
  return `10.20.${Math.floor(nextAddress / 250)}.${1 + (nextAddress % 250)}`;
}

interface Login {
  jar: CookieJar;
  action: string;
}

/** Starts a sign-in with `jar` and returns the login form's action. */
async function openLogin(jar = new CookieJar()): Promise<Login> {
  const { challenge } = pkcePair();
  const authorize = new URL(`${portal.config.oidcIssuer}/protocol/openid-connect/auth`);
  authorize.search = new URLSearchParams({
    client_id: portal.config.oidcClientId,
    redirect_uri: `${portal.baseUrl}/account/callback`,
    response_type: "code",
    scope: "openid email profile",
    state: "etat-de-test",
    code_challenge: challenge,
    code_challenge_method: "S256",
  }).toString();
  const start = await fetchWithJar(jar, authorize.href);
  expect(start.status).toBe(303);
  const page = await fetchWithJar(
    jar,
    new URL(start.headers.get("location")!, portal.baseUrl).href,
  );
  const action = /<form method="post" action="([^"]+)"/.exec(await page.text())![1];
  return { jar, action: new URL(action.replace(/&amp;/g, "&"), portal.baseUrl).href };
}

/** Posts the login form from client address `ip`; follows a success to the callback's code. */
async function post(login: Login, ip: string, email: string, password: string) {
  const response = await fetchWithJar(login.jar, login.action, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: portal.baseUrl,
      "X-Forwarded-For": ip,
    },
    body: new URLSearchParams({ email, password }).toString(),
  });
  const answer = {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    setCookies: response.headers.getSetCookie(),
    body: await response.text(),
    code: undefined as string | undefined,
  };
  let location = response.headers.get("location");
  for (let hops = 0; location && hops < 10; hops += 1) {
    const next = new URL(location, portal.baseUrl);
    if (next.pathname === "/account/callback") {
      answer.code = next.searchParams.get("code") ?? undefined;
      break;
    }
    location = (await fetchWithJar(login.jar, next.href)).headers.get("location");
  }
  return answer;
}

/** The device cookie a sign-in set (`mar_appareil`'s value). */
function deviceCookie(setCookies: string[]): string {
  const line = setCookies.find((cookie) => cookie.startsWith("mar_appareil="));
  return /^mar_appareil=([^;]+)/.exec(line ?? "")![1];
}

/** A browser whose provider session ended but which kept `value` as its device cookie. */
function browserWithDeviceCookie(value: string): CookieJar {
  const jar = new CookieJar();
  jar.store(new Response(null, { headers: { "Set-Cookie": `mar_appareil=${value}` } }));
  return jar;
}

/** Sends `count` wrong passwords for `email` from `ip`, `batch` at once; returns the statuses. */
async function attack(email: string, ip: string, count: number, batch = 25) {
  const login = await openLogin();
  const answers: Awaited<ReturnType<typeof post>>[] = [];
  for (let sent = 0; sent < count; sent += batch) {
    const size = Math.min(batch, count - sent);
    answers.push(
      ...(await Promise.all(
        Array.from({ length: size }, () => post(login, ip, email, WRONG_PASSWORD)),
      )),
    );
  }
  return answers;
}

const statuses = (answers: { status: number }[]) =>
  answers.reduce<Record<number, number>>((counts, { status }) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

describe("wrong passwords sent at once", () => {
  it("from one address: at most LOGIN_RATE_LIMIT_ACCOUNT reach the password check, the others get the 429 page with Retry-After", async () => {
    const email = await createUser();
    const answers = await attack(email, freshAddress(), 30, 30);
    // A password checked and wrong answers 401; an attempt refused before the check, 429.
    expect(statuses(answers)).toEqual({ 401: limit, 429: 30 - limit });
    for (const answer of answers.filter(({ status }) => status === 429)) {
      expect(Number(answer.retryAfter)).toBeGreaterThan(14 * 60);
      expect(answer.body).toContain('<html lang="fr"');
      expect(answer.body).toContain(`${TOO_MANY} 15 minutes.`);
      expect(answer.body).toContain('<form method="post"');
    }
  });

  it("from thirty addresses: at most LOGIN_RATE_LIMIT_ACCOUNT reach the password check, the others are told to wait a second", async () => {
    const email = await createUser();
    const login = await openLogin();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => post(login, freshAddress(), email, WRONG_PASSWORD)),
    );
    expect(statuses(answers)).toEqual({ 401: limit, 429: 30 - limit });
    for (const answer of answers.filter(({ status }) => status === 429)) {
      expect(answer.retryAfter).toBe("1");
      expect(answer.body).toContain(`${TOO_MANY} 1 seconde.`);
    }
  });
});

describe("an attacker who knows the owner's address", () => {
  it("after 100 failures from one address, the owner signs in from another address with his device cookie", async () => {
    const email = await createUser();
    const home = await openLogin();
    const first = await post(home, freshAddress(), email, PASSWORD);
    expect(first.code).toBeTruthy();
    const cookie = first.setCookies.find((line) => line.startsWith("mar_appareil="));
    expect(cookie).toMatch(/; Max-Age=15552000; Path=\/realms\/mar_users; Expires=/);
    expect(cookie).toMatch(/; HttpOnly; SameSite=Lax$/);
    expect(cookie).not.toMatch(/Secure/);

    const attacker = freshAddress();
    expect(statuses(await attack(email, attacker, 100))).toEqual({ 401: limit, 429: 100 - limit });

    const device = deviceCookie(first.setCookies);
    const again = await post(
      await openLogin(browserWithDeviceCookie(device)),
      freshAddress(),
      email,
      PASSWORD,
    );
    expect(again.status).toBe(303);
    expect(again.code).toBeTruthy();
    // Even from the attacker's own address (a shared office address, say).
    const renewed = deviceCookie(again.setCookies);
    const shared = await post(
      await openLogin(browserWithDeviceCookie(renewed)),
      attacker,
      email,
      PASSWORD,
    );
    expect(shared.code).toBeTruthy();
  });

  it("without his device cookie, the owner is slowed by a second from a fresh address, not locked for 15 minutes", async () => {
    const email = await createUser();
    const attacker = freshAddress();
    expect(statuses(await attack(email, attacker, 100))).toEqual({ 401: limit, 429: 100 - limit });

    const owner = freshAddress();
    const login = await openLogin();
    const slowed = await post(login, owner, email, PASSWORD);
    expect(slowed.status).toBe(429);
    expect(slowed.retryAfter).toBe("1");
    expect(slowed.body).toContain(`${TOO_MANY} 1 seconde.`);

    portal.horloge.avancer(1000);
    const signedIn = await post(login, owner, email, PASSWORD);
    expect(signedIn.status).toBe(303);
    expect(signedIn.code).toBeTruthy();
    // The attacker's address stays blocked for this account.
    const blocked = await post(await openLogin(), attacker, email, WRONG_PASSWORD);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.retryAfter)).toBeGreaterThan(14 * 60);
  });

  it("a device cookie exempts only the account it was set for, and only when its signature holds", async () => {
    const [email, colleague] = [await createUser(), await createUser()];
    const colleagueSignIn = await post(await openLogin(), freshAddress(), colleague, PASSWORD);
    expect(colleagueSignIn.code).toBeTruthy();
    await attack(email, freshAddress(), 20);

    const value = deviceCookie(colleagueSignIn.setCookies);
    const otherAccount = await post(
      await openLogin(browserWithDeviceCookie(value)),
      freshAddress(),
      email,
      PASSWORD,
    );
    expect(otherAccount.status).toBe(429);

    // The colleague's cookie rebound to the target account, its signature kept.
    const [deviceId, , expiry, signature] = value.split(".");
    const target = createHmac("sha256", portal.config.sessionSecret)
      .update(email.toLowerCase())
      .digest("hex")
      .slice(0, 16);
    const forged = browserWithDeviceCookie([deviceId, target, expiry, signature].join("."));
    const tampered = await post(await openLogin(forged), freshAddress(), email, PASSWORD);
    expect(tampered.status).toBe(429);
  });
});
