/**
 * Prepared drizzle queries for the hot fixed reads (ADR
 * 0035): the SQL of such a query is built once per database handle instead
 * of on every call, and PostgreSQL (node-postgres) parses and plans it once
 * per connection under its name. PGlite ignores the name and only gains the
 * SQL built once.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../db/client.ts";

/** Names already taken: PostgreSQL keeps one statement per name and connection. */
const NOMS = new Set<string>();

/**
 * A getter of the query `construire(db, nom)` prepared once per handle `db`
 * (the database, or a transaction, which runs it on its own connection).
 * `construire` must end with `.prepare(nom)` and take its values as
 * `sql.placeholder`. Throws at load when `nom` is already used.
 */
export function requetePreparee<T>(
  nom: string,
  construire: (db: Db, nom: string) => T,
): (db: Db) => T {
  if (NOMS.has(nom)) throw new Error(`Requête préparée « ${nom} » déclarée deux fois`);
  NOMS.add(nom);
  const parHandle = new WeakMap<Db, T>();
  return (db) => {
    let requete = parHandle.get(db);
    if (requete === undefined) {
      requete = construire(db, nom);
      parHandle.set(db, requete);
    }
    return requete;
  };
}

/**
 * The rows of the resource given at execution as `{ kind, id }`: the
 * condition of every per-resource read (history, notes, opinions, files).
 */
export function deLaRessource(table: {
  ressourceType: AnyPgColumn;
  ressourceId: AnyPgColumn;
}): SQL {
  return and(
    eq(table.ressourceType, sql.placeholder("kind")),
    eq(table.ressourceId, sql.placeholder("id")),
  )!;
}

/**
 * `colonne = any($ids)`: the ids given at execution as one array, so that
 * the SQL is the same whatever their number (ADR 0035).
 */
export function parmiLesIds(colonne: AnyPgColumn): SQL {
  return sql`${colonne} = any(${sql.placeholder("ids")})`;
}
