import { LRUCache } from "lru-cache";

const MINUTE = 60_000;

/**
 * API reads whose answer the BFF may reuse across requests (ADR 0007), and
 * for how long. Public reference data is the same for everyone and changes
 * only with a deployment; the filter lists of the instruction pages depend
 * on the caller (and the API decides who may read them), so they are kept
 * per user, briefly: a new instructor appears in the filters within a minute.
 */
const REFERENCES: Record<string, { dureeMs: number; parUtilisateur: boolean }> = {
  "/api/regions": { dureeMs: 60 * MINUTE, parUtilisateur: false },
  "/api/departements": { dureeMs: 60 * MINUTE, parUtilisateur: false },
  "/api/company/qualities": { dureeMs: 60 * MINUTE, parUtilisateur: false },
  "/api/company/forme_juridiques": { dureeMs: 60 * MINUTE, parUtilisateur: false },
  "/api/intervenants/services-instructeur": { dureeMs: 5 * MINUTE, parUtilisateur: true },
  "/api/intervenants": { dureeMs: MINUTE, parUtilisateur: true },
};

/** Bounded: one entry per user and reference at most, oldest dropped first. */
const cache = new LRUCache<string, { valeur: unknown }>({ max: 5_000 });

/**
 * Cache policy of a GET of `chemin` (path and query string) for the user
 * `idUtilisateur` (null when signed out): the cache key and lifetime in ms,
 * or null when the answer must be read from the API every time.
 */
export function politiqueReference(
  chemin: string,
  idUtilisateur: string | null,
): { cle: string; dureeMs: number } | null {
  const reference = REFERENCES[chemin.split("?")[0]];
  if (!reference) return null;
  if (!reference.parUtilisateur) return { cle: chemin, dureeMs: reference.dureeMs };
  return idUtilisateur ? { cle: `${idUtilisateur} ${chemin}`, dureeMs: reference.dureeMs } : null;
}

/**
 * The cached answer of `lire()` under `politique`, or `lire()`'s answer,
 * kept for `politique.dureeMs` when it succeeds (a failure is never kept).
 */
export async function lireReference<T>(
  politique: { cle: string; dureeMs: number },
  lire: () => Promise<T>,
): Promise<T> {
  const trouvee = cache.get(politique.cle);
  if (trouvee) return trouvee.valeur as T;
  const valeur = await lire();
  cache.set(politique.cle, { valeur }, { ttl: politique.dureeMs });
  return valeur;
}
