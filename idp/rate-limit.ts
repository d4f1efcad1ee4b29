import { RateLimiterMemory } from "rate-limiter-flexible";

/** Window of the sign-in limits, in seconds. */
export const LOGIN_WINDOW_SECONDS = 15 * 60;

/**
 * Brute-force protection of the sign-in form: at most `perIp` failed attempts
 * per client address and `perAccount` failed attempts per (lower-cased)
 * e-mail within 15 minutes. Only failures count, so many colleagues signing
 * in from one office address are never blocked; a success clears the
 * account's counter. Memory-backed: each instance keeps its own counters.
 */
export function createLoginLimiter(limits: { perIp: number; perAccount: number }) {
  const byIp = new RateLimiterMemory({
    keyPrefix: "idp_connexion_ip",
    points: limits.perIp,
    duration: LOGIN_WINDOW_SECONDS,
  });
  const byAccount = new RateLimiterMemory({
    keyPrefix: "idp_connexion_compte",
    points: limits.perAccount,
    duration: LOGIN_WINDOW_SECONDS,
  });

  return {
    /** Milliseconds before the next attempt is allowed, or 0 when it may go on. */
    async retryAfter(ip: string, account: string): Promise<number> {
      const [ipState, accountState] = await Promise.all([byIp.get(ip), byAccount.get(account)]);
      let wait = 0;
      if (ipState && ipState.consumedPoints >= limits.perIp) wait = ipState.msBeforeNext;
      if (accountState && accountState.consumedPoints >= limits.perAccount) {
        wait = Math.max(wait, accountState.msBeforeNext);
      }
      return wait;
    },
    /** Counts one failed attempt against the address and the account. */
    async failed(ip: string, account: string): Promise<void> {
      await Promise.all([byIp.penalty(ip), byAccount.penalty(account)]);
    },
    /** Forgets the account's failures after a successful sign-in. */
    async succeeded(account: string): Promise<void> {
      await byAccount.delete(account);
    },
  };
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;

/** "Trop de tentatives…" message of a 429 answer, rounded up to whole minutes. */
export function tooManyAttemptsMessage(waitMs: number): string {
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  return `Trop de tentatives de connexion. Veuillez réessayer dans ${minutes} ${minutes > 1 ? "minutes" : "minute"}.`;
}
