/**
 * Writing the scale dataset: multi-row INSERTs of up to 1,000 rows, each
 * one statement whose single parameter is the JSON of its rows
 * (json_populate_recordset turns it into typed rows on PostgreSQL and
 * PGlite alike, without 65,535-parameter limits), timed per table.
 */
import { getTableColumns, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../client.ts";
import * as schema from "../../schema.ts";
import type { Lot, TableLot } from "./contexte.ts";

/** Rows per INSERT. */
export const TAILLE_LOT = 1000;

/** The drizzle table of each table of a lot. */
const TABLES: Record<TableLot, PgTable> = {
  societe: schema.societes,
  utilisateur: schema.utilisateurs,
  demande: schema.demandes,
  historique: schema.historique,
  piece_jointe: schema.piecesJointes,
  avis: schema.avis,
  info_complementaire: schema.infosComplementaires,
  message: schema.messages,
  note: schema.notes,
  lecture: schema.lectures,
  agrement: schema.agrements,
  attestation: schema.attestations,
  procedure_agrement: schema.proceduresAgrement,
  etablissement: schema.etablissements,
  registre_etablissement: schema.registreEtablissements,
};

/** Property name → SQL column name, by table. */
const COLONNES = new Map(
  Object.entries(TABLES).map(([nom, table]) => [
    nom as TableLot,
    new Map(Object.entries(getTableColumns(table)).map(([cle, colonne]) => [cle, colonne.name])),
  ]),
);

/** Rows written and time spent, by table. */
export type Mesures = Map<string, { lignes: number; ms: number }>;

/** Adds `lignes` rows written in `ms` to `table`'s measure. */
export function mesurer(mesures: Mesures, table: string, lignes: number, ms: number): void {
  const mesure = mesures.get(table) ?? { lignes: 0, ms: 0 };
  mesure.lignes += lignes;
  mesure.ms += ms;
  mesures.set(table, mesure);
}

/**
 * Inserts `lignes` (drizzle insert shapes of `table`) by batches of
 * {@link TAILLE_LOT}. Every row of a batch must give the same properties:
 * a missing one would be written as NULL, not as the column's default.
 */
export async function inserer(
  tx: Db,
  table: TableLot,
  lignes: readonly Record<string, unknown>[],
  mesures: Mesures,
): Promise<void> {
  const colonnes = COLONNES.get(table)!;
  for (let debut = 0; debut < lignes.length; debut += TAILLE_LOT) {
    const tranche = lignes.slice(debut, debut + TAILLE_LOT);
    const cles = [...new Set(tranche.flatMap((ligne) => Object.keys(ligne)))];
    const noms = cles.map((cle) => {
      const nom = colonnes.get(cle);
      if (!nom) throw new Error(`Colonne inconnue ${table}.${cle}`);
      return `"${nom}"`;
    });
    const json = JSON.stringify(
      tranche.map((ligne) =>
        Object.fromEntries(
          Object.entries(ligne).map(([cle, valeur]) => [colonnes.get(cle), valeur]),
        ),
      ),
    );
    const liste = noms.join(", ");
    const debutMs = performance.now();
    await tx.execute(
      sql`insert into ${sql.raw(`"${table}" (${liste})`)} select ${sql.raw(liste)} from json_populate_recordset(null::${sql.raw(`"${table}"`)}, ${json}::json)`,
    );
    mesurer(mesures, table, tranche.length, performance.now() - debutMs);
  }
}

/** Writes every table of `lot`, parents first. */
export async function ecrireLot(
  tx: Db,
  lot: Lot,
  tables: readonly TableLot[],
  mesures: Mesures,
): Promise<void> {
  for (const table of tables)
    await inserer(tx, table, lot[table] as Record<string, unknown>[], mesures);
}

/** `nombre` values of `sequence` taken in one statement, ascending. */
export async function reserver(tx: Db, sequence: string, nombre: number): Promise<number[]> {
  if (nombre === 0) return [];
  const resultat = (await tx.execute(
    sql`select nextval(${sequence}::regclass)::bigint as n from generate_series(1, ${nombre}::int)`,
  )) as unknown as { rows: { n: string | number }[] };
  return resultat.rows.map((ligne) => Number(ligne.n)).sort((a, b) => a - b);
}
