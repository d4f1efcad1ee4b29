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
