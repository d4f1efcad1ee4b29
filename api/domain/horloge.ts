/**
 * The one clock of the API (issue: deadlines are tested with a moved clock).
 * Every rule that depends on "now" reads it from here, never from `new Date()`.
 */
export interface Horloge {
  /** The current instant. */
  now(): Date;
}

export const horlogeSysteme: Horloge = { now: () => new Date() };

/** A clock tests can move: starts at `debut`, `avancer(ms)` moves it forward. */
export function horlogeReglable(debut: Date = new Date()): Horloge & {
  avancer(ms: number): void;
  regler(date: Date): void;
} {
  let courant = debut.getTime();
  return {
    now: () => new Date(courant),
    avancer: (ms) => {
      courant += ms;
    },
    regler: (date) => {
      courant = date.getTime();
    },
  };
}

/** The business clock of an acceptance-testing portal (HORLOGE_RECETTE): {@link horlogeDecalable}. */
export interface HorlogeDecalable extends Horloge {
  /**
   * Moves the clock so that it reads `date` now, then runs on at real speed
   * from there; `null` takes it back to `base` (no offset).
   */
  regler(date: Date | null): void;
  /** The simulated instant, or null while the clock reads `base`'s time. */
  simulee(): Date | null;
  /** The instant `base` reads (the real time, for the portal). */
  reelle(): Date;
}

/**
 * A clock `offset` milliseconds ahead of (or behind) `base`, for the
 * acceptance-testing portal (setting HORLOGE_RECETTE, PUT /api/recette/horloge):
 * a tester moves the business date to reach a period (e.g. the annual
 * activity report's 1 January – 31 March window, ADR 0017) while time keeps
 * flowing. Only the API's rules and the jobs read it: the identity provider
 * and the sessions keep `base`, so that moving the date never expires a
 * sign-in. Starts without offset.
 */
export function horlogeDecalable(base: Horloge = horlogeSysteme): HorlogeDecalable {
  let decalage: number | null = null;
  return {
    now: () => new Date(base.now().getTime() + (decalage ?? 0)),
    regler: (date) => {
      decalage = date === null ? null : date.getTime() - base.now().getTime();
    },
    simulee: () => (decalage === null ? null : new Date(base.now().getTime() + decalage)),
    reelle: () => base.now(),
  };
}
