/**
 * The seeded pseudo-random source of the scale dataset: mulberry32, a 32-bit
 * generator of a few lines, good enough to spread test data and identical
 * on every machine (Math.random cannot be seeded). Same seed, same draws.
 */

/** A seeded generator with the draws the dataset needs. */
export class Hasard {
  private etat: number;

  /** `graine`: any integer; two generators of the same seed draw the same values. */
  constructor(graine: number) {
    this.etat = graine >>> 0;
  }

  /** A generator of its own for `cle` (a company, a service…), independent of the draws made here. */
  static derive(graine: number, cle: number): Hasard {
    return new Hasard(Math.imul(graine ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(cle + 1, 0xc2b2ae35));
  }

  /** A float in [0, 1). */
  reel(): number {
    this.etat = (this.etat + 0x6d2b79f5) >>> 0;
    let t = this.etat;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max], both included. */
  entier(min: number, max: number): number {
    return min + Math.floor(this.reel() * (max - min + 1));
  }

  /** True with probability `p` (0–1). */
  chance(p: number): boolean {
    return this.reel() < p;
  }

  /** One element of a non-empty list. */
  choix<T>(liste: readonly T[]): T {
    return liste[Math.floor(this.reel() * liste.length)];
  }

  /** One key of `poids` (key → positive weight), drawn in proportion to its weight. */
  pondere<K extends string>(poids: Readonly<Record<K, number>>): K {
    const cles = Object.keys(poids) as K[];
    const total = cles.reduce((somme, cle) => somme + poids[cle], 0);
    let tirage = this.reel() * total;
    for (const cle of cles) {
      tirage -= poids[cle];
      if (tirage < 0) return cle;
    }
    return cles[cles.length - 1];
  }

  /** A shuffled copy of `liste` (Fisher–Yates). */
  melange<T>(liste: readonly T[]): T[] {
    const copie = [...liste];
    for (let index = copie.length - 1; index > 0; index--) {
      const autre = Math.floor(this.reel() * (index + 1));
      [copie[index], copie[autre]] = [copie[autre], copie[index]];
    }
    return copie;
  }

  /** `n` distinct elements of `liste` (all of them when it is shorter). */
  plusieurs<T>(liste: readonly T[], n: number): T[] {
    return this.melange(liste).slice(0, Math.max(0, n));
  }
}

/**
 * Splits `total` in proportion to `poids` (largest remainder), then, when
 * `total` allows it, raises every share below `minimum` by taking from the
 * largest ones: large totals keep the exact proportions, small ones still
 * hold every case. Shares keep the order of `poids`; ties go to the earlier.
 */
export function repartirListe(total: number, poids: readonly number[], minimum = 0): number[] {
  const somme = poids.reduce((acc, poid) => acc + poid, 0);
  const exacts = poids.map((poid) => (somme > 0 ? (total * poid) / somme : 0));
  const parts = exacts.map(Math.floor);
  let manquants = total - parts.reduce((acc, part) => acc + part, 0);
  const ordre = parts
    .map((_, index) => index)
    .sort((a, b) => exacts[b] - parts[b] - (exacts[a] - parts[a]) || a - b);
  for (const index of ordre) {
    if (manquants <= 0) break;
    parts[index] += 1;
    manquants -= 1;
  }
  if (total >= minimum * parts.length)
    for (let index = 0; index < parts.length; index++)
      while (parts[index] < minimum) {
        const plus = parts.indexOf(Math.max(...parts));
        parts[plus] -= 1;
        parts[index] += 1;
      }
  return parts;
}

/**
 * Splits `total` among the keys of `poids` (key → weight) with
 * {@link repartirListe}, every key getting at least one when `total`
 * allows it, so that a small scale still holds every case.
 */
export function repartir<K extends string>(
  total: number,
  poids: Readonly<Record<K, number>>,
): Record<K, number> {
  const cles = Object.keys(poids) as K[];
  const parts = repartirListe(
    total,
    cles.map((cle) => poids[cle]),
    1,
  );
  return Object.fromEntries(cles.map((cle, index) => [cle, parts[index]])) as Record<K, number>;
}
