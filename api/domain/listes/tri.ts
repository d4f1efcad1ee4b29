/**
 * Sorting of the instruction lists (spec §7 `order[field]=asc|desc`, §9
 * default `dateDepot` desc) and the keyset that lets an export walk the same
 * order in batches. Ties are broken by id, so pages and batches are stable.
 * PostgreSQL's default null placement is kept (nulls last ascending, first
 * descending) so that the (kind, field, id) indexes of api/db/schema.ts serve
 * every order, read forwards or backwards.
 */
import { asc, desc, sql, type SQL } from "drizzle-orm";
import type { FiltresDemandes, TriDemandes } from "../../../contract/schemas/listes.ts";
import { demandes } from "../../db/schema.ts";

type Ordre = FiltresDemandes["order"];

/** The SQL expression each sortable field sorts on, and its type for the keyset. */
const CLES_TRI: Record<TriDemandes, { expression: () => SQL; type: string }> = {
  dateDepot: { expression: () => sql`${demandes.dateDepot}`, type: "timestamptz" },
  numeroDossier: { expression: () => sql`${demandes.numeroDossier}`, type: "text" },
  // Company names sort the way people read them: case and accents ignored.
  raisonSociale: { expression: () => sql`${demandes.raisonSocialeRecherche}`, type: "text" },
  etat: { expression: () => sql`${demandes.etat}`, type: "text" },
  dateLimiteInstruction: {
    expression: () => sql`${demandes.dateLimiteInstruction}`,
    type: "date",
  },
  codeDepartement: { expression: () => sql`${demandes.codeDepartement}`, type: "text" },
};

/** ORDER BY of `ordre`: the field, then the id in the same direction. */
export function ordreSql(ordre: Ordre): SQL[] {
  const sens = ordre.direction === "asc" ? asc : desc;
  return [sens(CLES_TRI[ordre.field].expression()), sens(demandes.id)];
}

/** The sort value of a row as text, to carry as the keyset cursor. */
export function cleTriSql(ordre: Ordre): SQL<string | null> {
  return sql<string | null>`(${CLES_TRI[ordre.field].expression()})::text`;
}

/** Where the previous batch stopped: its last row's sort value (text) and id. */
export interface Curseur {
  cle: string | null;
  id: string;
}

/**
 * Rows strictly after `curseur` in `ordre` (keyset pagination). Nulls sort
 * as the largest values, as PostgreSQL does by default. The non-null part
 * is a row comparison, `(key, id) < (value, id)`, which PostgreSQL turns
 * into the start of an index range: written as `key < value or (key = value
 * and id < id)` it was a filter, every batch read again all the rows before
 * it, and the scale-10 export took 12 s.
 */
export function apresSql(ordre: Ordre, curseur: Curseur): SQL {
  const { expression, type } = CLES_TRI[ordre.field];
  const cle = expression();
  const valeur = sql`cast(${curseur.cle} as ${sql.raw(type)})`;
  if (ordre.direction === "asc")
    return curseur.cle === null
      ? sql`(${cle} is null and ${demandes.id} > ${curseur.id})`
      : sql`((${cle}, ${demandes.id}) > (${valeur}, ${curseur.id}) or ${cle} is null)`;
  return curseur.cle === null
    ? sql`(${cle} is not null or ${demandes.id} < ${curseur.id})`
    : sql`((${cle}, ${demandes.id}) < (${valeur}, ${curseur.id}))`;
}
