/**
 * Identical activity computations in flight are shared
 * (ADR 0037): a national view costs PostgreSQL ≈ 0.4 s of processor at scale
 * 10, and twenty central agents opening `/activite` together used to make
 * twenty of them, none answered in time. A request that arrives while the
 * same figures (same database, same scope, same filters, same day) are
 * being computed waits for that computation instead of starting its own.
 * Nothing is kept once it settles: no figure is ever older than the
 * request that reads it by more than one computation's duration, and a
 * failure is given to the requests that shared it, then forgotten.
 */
import type { Database } from "../../db/client.ts";
import type { ContexteActivite } from "./indicateurs.ts";

/**
 * What the figures depend on: the reader's scope (roles, service,
 * perimeter, company: `conditionVisibilite` and the accounts' count read
 * nothing else of him), the filters and the Europe/Paris day. Two central
 * agents share a key; an instructeur's is his service's.
 */
export function cleActivite(contexte: ContexteActivite): string {
  const { row, roles } = contexte.utilisateur;
  return JSON.stringify([
    roles,
    row.serviceInstructeurId,
    row.perimetreSupervision,
    row.societeId,
    contexte.filtres,
    contexte.aujourdhui,
  ]);
}

/**
 * `calcul` wrapped so that concurrent calls with the same database and
 * {@link cleActivite} share one promise; each wrapped function has its own
 * table.
 */
export function partageEnVol<T>(
  calcul: (contexte: ContexteActivite) => Promise<T>,
): (contexte: ContexteActivite) => Promise<T> {
  // Per database: two portals in one process (the tests) never share.
  const enVol = new WeakMap<Database, Map<string, Promise<T>>>();
  return (contexte) => {
    let parCle = enVol.get(contexte.database);
    if (!parCle) {
      parCle = new Map();
      enVol.set(contexte.database, parCle);
    }
    const cle = cleActivite(contexte);
    const existante = parCle.get(cle);
    if (existante) return existante;
    const table = parCle;
    const promesse = calcul(contexte).finally(() => table.delete(cle));
    table.set(cle, promesse);
    return promesse;
  };
}
