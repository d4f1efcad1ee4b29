/**
 * Identifiers of the scale dataset: UUIDs that say they belong to it (so
 * `--reset` deletes exactly those rows and never the demo's), and SIREN and
 * SIRET numbers with a valid INSEE (Luhn) key.
 */
import { avecCleLuhn } from "../../../../contract/validation.ts";

/**
 * Every id of the dataset starts with these hex digits ("5ca1e", scale),
 * then two digits naming its table, then a counter: readable in a log, and
 * one index range per table to delete.
 */
export const PREFIXE_UUID = "5ca1e0";

/** Table codes inside the ids. */
export const CODES_TABLE = {
  societe: "01",
  utilisateur: "02",
  demande: "03",
  piece_jointe: "04",
  agrement: "05",
  etablissement: "06",
} as const;
export type TableUuid = keyof typeof CODES_TABLE;

/** The `n`th id (from 0) of `table`: "5ca1e0TT-0000-4000-8000-<12 hex>", a valid UUID v4 shape. */
export function uuidEchelle(table: TableUuid, n: number): string {
  return `${PREFIXE_UUID}${CODES_TABLE[table]}-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;
}

/** First and last id any scale row may have (SQL range of `--reset`). */
export const PLAGE_UUID = {
  debut: `${PREFIXE_UUID}00-0000-0000-0000-000000000000`,
  fin: `${PREFIXE_UUID}ff-ffff-ffff-ffff-ffffffffffff`,
} as const;

/** First eight digits the dataset must not take (the demo company's SIREN 832 915 474). */
const CORPS_RESERVES = new Set(["83291547"]);
const ETENDUE_CORPS = 90_000_000;

/** The index-th eight-digit body of [10⁷, 10⁸): an affine bijection (7 919 113 is prime to 9·10⁷). */
function corpsSiren(index: number): string {
  return String(10_000_000 + ((index * 7_919_113 + 31_415_926) % ETENDUE_CORPS));
}

/**
 * The SIREN of company `index` (from 0): nine digits not starting with 0,
 * valid key, distinct for distinct indexes (below 9·10⁷ − 1), spread over
 * the whole range as real ones are; never the demo company's (that body
 * is swapped with the one of the last index, which no scale reaches).
 */
export function sirenEchelle(index: number): string {
  const corps = corpsSiren(index);
  return avecCleLuhn(CORPS_RESERVES.has(corps) ? corpsSiren(ETENDUE_CORPS - 1) : corps);
}

/**
 * SIRET of establishment `rang` (from 1) of the company `siren`: the SIREN,
 * then a five-digit NIC whose last digit makes the fourteen digits pass the
 * Luhn check (head office rang 1 → NIC 0001x).
 */
export function siretEchelle(siren: string, rang: number): string {
  return avecCleLuhn(`${siren}${String(rang).padStart(4, "0")}`);
}
