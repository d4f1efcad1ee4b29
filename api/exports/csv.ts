/**
 * CSV conventions of every export (DESIGN §7): `;` separator and a UTF-8
 * byte-order mark so that spreadsheets in French locales open them right,
 * CRLF line ends, French headers, values quoted when they hold a separator,
 * a quote or a line break, and cells that a spreadsheet would run as a
 * formula (`=`, `+`, `-`, `@`) defused with a leading apostrophe.
 */
import { stringify, type Stringifier } from "csv-stringify";
import type { Response } from "express";
import { entetesTelechargement } from "./entetes.ts";

/** A column: its French header and how a record gives its cell. */
export interface ColonneCsv<T> {
  entete: string;
  valeur: (enregistrement: T) => string | null | undefined;
}

/** A csv-stringify transform writing `colonnes` with the portal's conventions (header first). */
export function creerCsv<T>(colonnes: readonly ColonneCsv<T>[]): Stringifier {
  return stringify({
    delimiter: ";",
    bom: true,
    record_delimiter: "windows",
    header: true,
    columns: colonnes.map((colonne, index) => ({ key: String(index), header: colonne.entete })),
    escape_formulas: true,
  });
}

/**
 * The cells of `enregistrement`, in the order of `colonnes` (csv-stringify
 * reads an array by the column keys "0", "1"…: no object per line).
 */
export function ligneCsv<T>(colonnes: readonly ColonneCsv<T>[], enregistrement: T): string[] {
  return colonnes.map((colonne) => colonne.valeur(enregistrement) ?? "");
}

/** Headers of a CSV download named `nom`. */
export function entetesCsv(res: Response, nom: string): void {
  entetesTelechargement(res, nom, "text/csv; charset=utf-8");
}

/** "Oui" or "Non". */
export const ouiNon = (valeur: boolean) => (valeur ? "Oui" : "Non");
