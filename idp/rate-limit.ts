/**
 * Sign-in throttling of the embedded identity provider (ADR 0010).
 * Every attempt is counted in the database *before* its password
 * is checked, by one statement that increments a counter and says whether the
 * attempt may go on: however many attempts arrive at once, at most the limit
 * of each counter reach the check, on PGlite and PostgreSQL, with any number
 * of instances.
 */
import type { Database } from "../api/db/client.ts";

/** Window of the sign-in limits, in seconds. */
export const LOGIN_WINDOW_SECONDS = 15 * 60;
/** First wait of the per-account slowdown, in seconds; doubles at each further attempt. */
export const SLOWDOWN_FIRST_SECONDS = 1;
/** Longest wait of the per-account slowdown, in seconds. */
export const SLOWDOWN_MAX_SECONDS = 60;
/** Highest doubling of the slowdown (keeps `power(2, …)` far from overflowing). */
const SLOWDOWN_MAX_EXPONENT = 20;
/** How often expired counters are deleted, at most, in milliseconds. */
const PURGE_EVERY_MS = 10 * 60_000;

/** Which counter refused an attempt (logged with the 429); a spent device falls back to the others. */
export type LoginLimit = "ip" | "paire" | "compte";

/**
 * How one counter behaves: `free` attempts per window go through; then a
 * blocking counter refuses every attempt until its window ends (fixed window
 * from the first attempt), and a slowing counter lets one more attempt through
 * once a growing wait has passed since the last counted one (its window
 * slides: it restarts `window` seconds after the last counted attempt).
 */
interface CounterRule {
  free: number;
  slowing: boolean;
}

/** A counted attempt: the keys it holds, to settle once the password is checked. */
export interface LoginTicket {
  ip: string;
  /** The pair key, or the device key when a known device was recognised. */
  second: string;
  /** The account key, absent for a known device (it is exempt). */
  account?: string;
}

export type AttemptOutcome =
  | { allowed: true; ticket: LoginTicket; device: boolean }
  | { allowed: false; limit: LoginLimit; waitMs: number };

const COUNT_SQL = `
INSERT INTO compteur_connexion AS c (cle, n, dernier, expire)
VALUES ($1, 1, $2::timestamptz, $2::timestamptz + make_interval(secs => $3::double precision))
ON CONFLICT (cle) DO UPDATE SET
  n = CASE WHEN c.expire <= EXCLUDED.dernier THEN 1 ELSE c.n + 1 END,
  dernier = EXCLUDED.dernier,
  expire = CASE WHEN c.expire <= EXCLUDED.dernier OR $5::boolean THEN EXCLUDED.expire ELSE c.expire END
WHERE c.expire <= EXCLUDED.dernier
   OR c.n < $4::integer
   OR ($5::boolean AND c.dernier + make_interval(secs => least(
         $6::double precision,
         $7::double precision * power(2, least(c.n - $4::integer, ${SLOWDOWN_MAX_EXPONENT}))
       )) <= EXCLUDED.dernier)
RETURNING n`;

/** Wait imposed before the attempt that follows `counted` attempts, in ms (slowing counter). */
export function slowdownMs(counted: number, free: number): number {
  if (counted < free) return 0;
  const exponent = Math.min(counted - free, SLOWDOWN_MAX_EXPONENT);
  return Math.min(SLOWDOWN_MAX_SECONDS, SLOWDOWN_FIRST_SECONDS * 2 ** exponent) * 1000;
}

/**
 * The sign-in limiter over the `compteur_connexion` table. `limits.perIp`:
 * failed attempts per client address (blocking, 15 minutes). `limits.perAccount`:
 * failed attempts per account and address pair (blocking, 15 minutes), per
 * known device (same bound, its own counter), and the free attempts of the
 * account from every address, after which each further attempt waits 1 s,
 * 2 s, 4 s… up to 60 s after the previous one (429 with that Retry-After).
 * `account` is always a pseudonym: no address is stored. `now` is the clock
 * (tests move it). `keyPrefix` starts every key: another form limited the
 * same way (the password reset request, "reinitialisation:") keeps its own
 * counters; none for the sign-in.
 */
export function createLoginLimiter(deps: {
  database: Database;
  limits: { perIp: number; perAccount: number };
  now?: () => Date;
  onPurgeError?: (error: unknown) => void;
  keyPrefix?: string;
}) {
  const { database, limits } = deps;
  const prefix = deps.keyPrefix ?? "";
  const now = deps.now ?? (() => new Date());
  const blockingIp: CounterRule = { free: limits.perIp, slowing: false };
  const blockingPair: CounterRule = { free: limits.perAccount, slowing: false };
  const slowingAccount: CounterRule = { free: limits.perAccount, slowing: true };
  let lastPurge = now().getTime();

  /** Counts one attempt on `key` if the rule lets it through; true when it may go on. */
  async function count(key: string, rule: CounterRule, at: Date): Promise<boolean> {
    const rows = await database.query(COUNT_SQL, [
      key,
      at.toISOString(),
      LOGIN_WINDOW_SECONDS,
      rule.free,
      rule.slowing,
      SLOWDOWN_MAX_SECONDS,
      SLOWDOWN_FIRST_SECONDS,
    ]);
    return rows.length === 1;
  }

  /** Milliseconds before `key` lets an attempt through again (at least one second). */
  async function waitFor(key: string, rule: CounterRule, at: Date): Promise<number> {
    const [row] = await database.query<{
      n: number;
      dernier: Date | string;
      expire: Date | string;
    }>("SELECT n, dernier, expire FROM compteur_connexion WHERE cle = $1", [key]);
    if (!row) return 1000;
    const untilReset = new Date(row.expire).getTime() - at.getTime();
    const wait = rule.slowing
      ? Math.min(
          untilReset,
          new Date(row.dernier).getTime() + slowdownMs(row.n, rule.free) - at.getTime(),
        )
      : untilReset;
    return Math.max(1000, wait);
  }

  async function refund(key: string): Promise<void> {
    await database.query("UPDATE compteur_connexion SET n = greatest(n - 1, 0) WHERE cle = $1", [
      key,
    ]);
  }

  async function clear(key: string): Promise<void> {
    await database.query("DELETE FROM compteur_connexion WHERE cle = $1", [key]);
  }

  function purgeNowAndThen(at: Date) {
    if (at.getTime() - lastPurge < PURGE_EVERY_MS) return;
    lastPurge = at.getTime();
    purgeExpiredLoginCounters(database, at).catch((error: unknown) => deps.onPurgeError?.(error));
  }

  return {
    /**
     * Counts an attempt of `account` (pseudonym) from `ip` before its password
     * is checked. With `deviceId` (a valid device cookie of this account), the
     * device's own counter replaces the pair and account counters; once that
     * counter is spent, the cookie is ignored. Refused: which limit and the
     * wait in ms; nothing stays counted. Allowed: a ticket to pass to
     * `succeeded` when the password is right (a failure needs nothing more).
     */
    async attempt(input: {
      ip: string;
      account: string;
      deviceId?: string;
    }): Promise<AttemptOutcome> {
      const at = now();
      purgeNowAndThen(at);
      const ipKey = `${prefix}ip:${input.ip}`;
      if (!(await count(ipKey, blockingIp, at))) {
        return { allowed: false, limit: "ip", waitMs: await waitFor(ipKey, blockingIp, at) };
      }
      if (input.deviceId) {
        const deviceKey = `${prefix}appareil:${input.deviceId}`;
        if (await count(deviceKey, blockingPair, at)) {
          return { allowed: true, ticket: { ip: ipKey, second: deviceKey }, device: true };
        }
      }
      const pairKey = `${prefix}paire:${input.account}:${input.ip}`;
      if (!(await count(pairKey, blockingPair, at))) {
        const waitMs = await waitFor(pairKey, blockingPair, at);
        await refund(ipKey);
        return { allowed: false, limit: "paire", waitMs };
      }
      const accountKey = `${prefix}compte:${input.account}`;
      if (!(await count(accountKey, slowingAccount, at))) {
        const waitMs = await waitFor(accountKey, slowingAccount, at);
        await refund(pairKey);
        await refund(ipKey);
        return { allowed: false, limit: "compte", waitMs };
      }
      return {
        allowed: true,
        ticket: { ip: ipKey, second: pairKey, account: accountKey },
        device: false,
      };
    },

    /**
     * Settles an attempt whose password was right (signed in, or refused
     * only because the account is not confirmed): the address and the
     * account get their attempt back, the pair or device starts again from
     * zero. The account's other failures stay: they may be someone else's.
     */
    async succeeded(ticket: LoginTicket): Promise<void> {
      await refund(ticket.ip);
      await clear(ticket.second);
      if (ticket.account) await refund(ticket.account);
    },
  };
}

export type LoginLimiter = ReturnType<typeof createLoginLimiter>;

/** Deletes the counters whose window ended before `at`; returns how many. */
export async function purgeExpiredLoginCounters(database: Database, at: Date): Promise<number> {
  const rows = await database.query(
    "DELETE FROM compteur_connexion WHERE expire < $1::timestamptz RETURNING cle",
    [at.toISOString()],
  );
  return rows.length;
}

/**
 * "Trop de tentatives…" message of a 429 answer: the wait rounded up to
 * whole seconds under a minute, to whole minutes beyond. `what` names what
 * was tried too often (sign-ins by default).
 */
export function tooManyAttemptsMessage(
  waitMs: number,
  what = "Trop de tentatives de connexion",
): string {
  const prefix = `${what}. Veuillez réessayer dans`;
  if (waitMs < 60_000) {
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    return `${prefix} ${seconds} ${seconds > 1 ? "secondes" : "seconde"}.`;
  }
  const minutes = Math.ceil(waitMs / 60_000);
  return `${prefix} ${minutes} ${minutes > 1 ? "minutes" : "minute"}.`;
}
