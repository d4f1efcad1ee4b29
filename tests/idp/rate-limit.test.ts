/** Sign-in limits of the embedded identity provider (idp/rate-limit.ts). */
import { describe, expect, it } from "vitest";
import { createLoginLimiter, tooManyAttemptsMessage } from "../../idp/rate-limit.ts";

describe("createLoginLimiter", () => {
  it("blocks an address after its failures, whatever the accounts tried", async () => {
    const limiter = createLoginLimiter({ perIp: 2, perAccount: 10 });
    await limiter.failed("10.0.0.1", "a@exemple.fr");
    expect(await limiter.retryAfter("10.0.0.1", "b@exemple.fr")).toBe(0);
    await limiter.failed("10.0.0.1", "b@exemple.fr");
    const wait = await limiter.retryAfter("10.0.0.1", "c@exemple.fr");
    expect(wait).toBeGreaterThan(14 * 60_000);
    expect(wait).toBeLessThanOrEqual(15 * 60_000);
    expect(await limiter.retryAfter("10.0.0.2", "c@exemple.fr")).toBe(0);
  });

  it("blocks an account after its failures from any address, and a success clears them", async () => {
    const limiter = createLoginLimiter({ perIp: 100, perAccount: 2 });
    await limiter.failed("10.0.0.1", "a@exemple.fr");
    await limiter.succeeded("a@exemple.fr");
    await limiter.failed("10.0.0.2", "a@exemple.fr");
    expect(await limiter.retryAfter("10.0.0.3", "a@exemple.fr")).toBe(0);
    await limiter.failed("10.0.0.3", "a@exemple.fr");
    expect(await limiter.retryAfter("10.0.0.4", "a@exemple.fr")).toBeGreaterThan(0);
    expect(await limiter.retryAfter("10.0.0.4", "b@exemple.fr")).toBe(0);
  });
});

describe("tooManyAttemptsMessage", () => {
  it("rounds the wait up to whole minutes", () => {
    expect(tooManyAttemptsMessage(14 * 60_000 + 1)).toBe(
      "Trop de tentatives de connexion. Veuillez réessayer dans 15 minutes.",
    );
    expect(tooManyAttemptsMessage(30_000)).toBe(
      "Trop de tentatives de connexion. Veuillez réessayer dans 1 minute.",
    );
  });
});
