/**
 * CSV conventions of every export (DESIGN §7): `;` separator and a UTF-8
 * byte-order mark so that spreadsheets in French locales open them right,
 * CRLF line ends, French headers, values quoted when they hold a separator,
 * a quote or a line break, and cells that a spreadsheet would run as a
 * formula (`=`, `+`, `-`, `@`) defused with a leading apostrophe.
 */
import { stringify, type Options, type Stringifier } from "csv-stringify";
import { stringify as stringifySync } from "csv-stringify/sync";
import { Readable } from "node:stream";

/** Media type of every CSV download. */
export const TYPE_CSV = "text/csv; charset=utf-8";

/** A column: its French header and how a record gives its cell. */
export interface ColonneCsv<T> {
  entete: string;
  valeur: (enregistrement: T) => string | null | undefined;
}

/** csv-stringify options of the portal's conventions, header and BOM included. */
function optionsCsv<T>(colonnes: readonly ColonneCsv<T>[]): Options {
  return {
    delimiter: ";",
    bom: true,
    record_delimiter: "windows",
    header: true,
    columns: colonnes.map((colonne, index) => ({ key: String(index), header: colonne.entete })),
    escape_formulas: true,
  };
}

/** A csv-stringify transform writing `colonnes` with the portal's conventions (header first). */
export function creerCsv<T>(colonnes: readonly ColonneCsv<T>[]): Stringifier {
  return stringify(optionsCsv(colonnes));
}

/**
 * A writer of `colonnes` batch by batch: each call returns the UTF-8 bytes
 * of its records, the BOM and header line before those of the first call
 * (alone when the first batch is empty), so that the concatenation is the
 * file {@link creerCsv} writes. A whole batch is one synchronous call and
 * one chunk: streaming record by record cost a promise, a stream write and
 * a few objects per line, a good part of the scale-10 export's time and garbage.
 */
export function ecrivainCsvParLots<T>(
  colonnes: readonly ColonneCsv<T>[],
): (enregistrements: readonly T[]) => Buffer {
  const options = optionsCsv(colonnes);
  let premier = true;
  return (enregistrements) => {
    const texte = stringifySync(
      enregistrements.map((enregistrement) => ligneCsv(colonnes, enregistrement)),
      premier ? options : { ...options, bom: false, header: false },
    );
    premier = false;
    return Buffer.from(texte);
  };
}

/**
 * The CSV bytes of `lots` (batches of records) written with `colonnes`, as a
 * byte stream. The first batch is read before the stream is returned, so
 * that a database failure still answers as JSON; the rest is read as the
 * consumer pulls: byte mode, one chunk per batch, at most one batch ahead.
 * An empty first batch still gives the BOM and header line.
 */
export async function fluxCsvParLots<T>(
  colonnes: readonly ColonneCsv<T>[],
  lots: AsyncGenerator<readonly T[]>,
): Promise<Readable> {
  const ecrire = ecrivainCsvParLots(colonnes);
  const premier = await lots.next();
  async function* morceaux() {
    yield ecrire(premier.done ? [] : premier.value);
    for await (const lot of lots) yield ecrire(lot);
  }
  return Readable.from(morceaux(), { objectMode: false });
}

/**
 * The cells of `enregistrement`, in the order of `colonnes` (csv-stringify
 * reads an array by the column keys "0", "1"…: no object per line).
 */
export function ligneCsv<T>(colonnes: readonly ColonneCsv<T>[], enregistrement: T): string[] {
  return colonnes.map((colonne) => colonne.valeur(enregistrement) ?? "");
}

/** "Oui" or "Non". */
export const ouiNon = (valeur: boolean) => (valeur ? "Oui" : "Non");
