/**
 * Sign-in limits of the embedded identity provider (idp/rate-limit.ts,
 * ADR 0010) on a real database: PostgreSQL when DATABASE_URL is set, an
 * in-memory PGlite otherwise. The limiter's clock is a test clock: it only
 * moves when a test moves it.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../api/db/client.ts";
import {
  createLoginLimiter,
  purgeExpiredLoginCounters,
  slowdownMs,
  tooManyAttemptsMessage,
  type AttemptOutcome,
} from "../../idp/rate-limit.ts";

let database: Database;

beforeAll(async () => {
  database = await openDatabase({ dataDir: ":memory:", databaseUrl: process.env.DATABASE_URL });
});

afterAll(async () => {
  await database?.close();
});

/** Unique names, so runs on a shared PostgreSQL never collide. */
const unique = () => randomBytes(6).toString("hex");
const ip = () => `ip-${unique()}`;
const account = () => `compte-${unique()}`;

function setup(limits: { perIp: number; perAccount: number }) {
  let current = Date.now();
  const limiter = createLoginLimiter({ database, limits, now: () => new Date(current) });
  return {
    limiter,
    advance: (ms: number) => {
      current += ms;
    },
    at: () => new Date(current),
  };
}

function refused(outcome: AttemptOutcome) {
  if (outcome.allowed) throw new Error("tentative acceptée");
  return outcome;
}

function allowed(outcome: AttemptOutcome) {
  if (!outcome.allowed) throw new Error(`tentative refusée (${outcome.limit})`);
  return outcome;
}

describe("createLoginLimiter", () => {
  it("blocks an address for 15 minutes after its failures, whatever the accounts tried", async () => {
    const { limiter, advance } = setup({ perIp: 2, perAccount: 10 });
    const address = ip();
    allowed(await limiter.attempt({ ip: address, account: account() }));
    allowed(await limiter.attempt({ ip: address, account: account() }));
    const blocked = refused(await limiter.attempt({ ip: address, account: account() }));
    expect(blocked.limit).toBe("ip");
    expect(blocked.waitMs).toBe(15 * 60_000);
    allowed(await limiter.attempt({ ip: ip(), account: account() }));
    advance(15 * 60_000 - 1);
    refused(await limiter.attempt({ ip: address, account: account() }));
    advance(1);
    allowed(await limiter.attempt({ ip: address, account: account() }));
  });

  it("blocks an account from one address, not from the others", async () => {
    const { limiter } = setup({ perIp: 100, perAccount: 3 });
    const [owner, attacker, other] = [account(), ip(), ip()];
    for (let i = 0; i < 3; i += 1) allowed(await limiter.attempt({ ip: attacker, account: owner }));
    const blocked = refused(await limiter.attempt({ ip: attacker, account: owner }));
    expect(blocked).toEqual({ allowed: false, limit: "paire", waitMs: 15 * 60_000 });
    // The account's three failures are its free ones: another address is only slowed, by 1 s.
    const slowed = refused(await limiter.attempt({ ip: other, account: owner }));
    expect(slowed).toEqual({ allowed: false, limit: "compte", waitMs: 1000 });
    allowed(await limiter.attempt({ ip: attacker, account: account() }));
  });

  it("slows an account down with a growing wait, never beyond a minute, instead of locking it", async () => {
    const { limiter, advance } = setup({ perIp: 1000, perAccount: 2 });
    const owner = account();
    allowed(await limiter.attempt({ ip: ip(), account: owner }));
    allowed(await limiter.attempt({ ip: ip(), account: owner }));
    const waits: number[] = [];
    for (let step = 0; step < 9; step += 1) {
      const slowed = refused(await limiter.attempt({ ip: ip(), account: owner }));
      expect(slowed.limit).toBe("compte");
      waits.push(slowed.waitMs);
      advance(slowed.waitMs - 1);
      refused(await limiter.attempt({ ip: ip(), account: owner }));
      advance(1);
      allowed(await limiter.attempt({ ip: ip(), account: owner }));
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60].map((seconds) => seconds * 1000));
  });

  it("lets at most the limit through when attempts arrive all at once", async () => {
    const { limiter } = setup({ perIp: 1000, perAccount: 10 });
    const [owner, address] = [account(), ip()];
    const fromOneAddress = await Promise.all(
      Array.from({ length: 30 }, () => limiter.attempt({ ip: address, account: owner })),
    );
    expect(fromOneAddress.filter((outcome) => outcome.allowed)).toHaveLength(10);

    const target = account();
    const fromManyAddresses = await Promise.all(
      Array.from({ length: 30 }, () => limiter.attempt({ ip: ip(), account: target })),
    );
    expect(fromManyAddresses.filter((outcome) => outcome.allowed)).toHaveLength(10);
    const refusals = fromManyAddresses.filter((outcome) => !outcome.allowed);
    expect(refusals.every((outcome) => outcome.limit === "compte")).toBe(true);
  });

  it("leaves nothing counted on an address by an attempt another limit refused", async () => {
    const { limiter } = setup({ perIp: 4, perAccount: 2 });
    const [owner, address] = [account(), ip()];
    for (let i = 0; i < 2; i += 1) allowed(await limiter.attempt({ ip: address, account: owner }));
    for (let i = 0; i < 10; i += 1) refused(await limiter.attempt({ ip: address, account: owner }));
    allowed(await limiter.attempt({ ip: address, account: account() }));
    allowed(await limiter.attempt({ ip: address, account: account() }));
    expect(refused(await limiter.attempt({ ip: address, account: account() })).limit).toBe("ip");
  });

  it("gives a known device its own budget, exempt from the account's and the pair's limits", async () => {
    const { limiter } = setup({ perIp: 1000, perAccount: 2 });
    const [owner, address, device] = [account(), ip(), unique()];
    for (let i = 0; i < 2; i += 1) allowed(await limiter.attempt({ ip: address, account: owner }));
    refused(await limiter.attempt({ ip: address, account: owner }));
    refused(await limiter.attempt({ ip: ip(), account: owner }));

    const known = allowed(await limiter.attempt({ ip: address, account: owner, deviceId: device }));
    expect(known.device).toBe(true);
    allowed(await limiter.attempt({ ip: ip(), account: owner, deviceId: device }));
    // Its budget spent, the device is treated like any other browser.
    const spent = refused(await limiter.attempt({ ip: address, account: owner, deviceId: device }));
    expect(spent.limit).toBe("paire");
  });

  it("after a right password, gives the address its attempt back and clears the pair", async () => {
    const { limiter, advance } = setup({ perIp: 3, perAccount: 2 });
    const [owner, address] = [account(), ip()];
    allowed(await limiter.attempt({ ip: address, account: owner }));
    const right = allowed(await limiter.attempt({ ip: address, account: owner }));
    await limiter.succeeded(right.ticket);
    allowed(await limiter.attempt({ ip: address, account: owner }));
    expect(refused(await limiter.attempt({ ip: address, account: owner }))).toEqual({
      allowed: false,
      limit: "compte",
      waitMs: 1000,
    });
    advance(1000);
    // Let through only because the success cleared the pair (else its third
    // failure) and gave the address its attempt back (else its fourth).
    allowed(await limiter.attempt({ ip: address, account: owner }));
    expect(refused(await limiter.attempt({ ip: address, account: account() })).limit).toBe("ip");
  });

  it("keeps the account's failures from other addresses after its owner signs in", async () => {
    const { limiter } = setup({ perIp: 1000, perAccount: 2 });
    const owner = account();
    allowed(await limiter.attempt({ ip: ip(), account: owner }));
    const right = allowed(await limiter.attempt({ ip: ip(), account: owner }));
    await limiter.succeeded(right.ticket);
    allowed(await limiter.attempt({ ip: ip(), account: owner }));
    expect(refused(await limiter.attempt({ ip: ip(), account: owner })).limit).toBe("compte");
  });

  it("purges the counters whose window ended", async () => {
    const { limiter, advance, at } = setup({ perIp: 1000, perAccount: 2 });
    const address = ip();
    allowed(await limiter.attempt({ ip: address, account: account() }));
    advance(15 * 60_000 + 1);
    expect(await purgeExpiredLoginCounters(database, at())).toBeGreaterThanOrEqual(3);
    const left = await database.query("SELECT cle FROM compteur_connexion WHERE cle = $1", [
      `ip:${address}`,
    ]);
    expect(left).toEqual([]);
  });
});

describe("slowdownMs", () => {
  it("doubles from one second after the free attempts, up to a minute", () => {
    expect(slowdownMs(9, 10)).toBe(0);
    expect(slowdownMs(10, 10)).toBe(1000);
    expect(slowdownMs(13, 10)).toBe(8000);
    expect(slowdownMs(10_000, 10)).toBe(60_000);
  });
});

describe("tooManyAttemptsMessage", () => {
  it("says seconds under a minute, whole minutes beyond", () => {
    expect(tooManyAttemptsMessage(14 * 60_000 + 1)).toBe(
      "Trop de tentatives de connexion. Veuillez réessayer dans 15 minutes.",
    );
    expect(tooManyAttemptsMessage(60_000)).toBe(
      "Trop de tentatives de connexion. Veuillez réessayer dans 1 minute.",
    );
    expect(tooManyAttemptsMessage(1000)).toBe(
      "Trop de tentatives de connexion. Veuillez réessayer dans 1 seconde.",
    );
    expect(tooManyAttemptsMessage(1500)).toBe(
      "Trop de tentatives de connexion. Veuillez réessayer dans 2 secondes.",
    );
  });
});
