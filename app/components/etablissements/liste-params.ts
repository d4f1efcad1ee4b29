/**
 * Links of the establishments list (spec §2 /etablissements/liste): the
 * query string of a set of filters, and the sort a column header asks for.
 */
import {
  versParamsEtablissements,
  type FiltresEtablissements,
} from "#contract/schemas/etablissements-liste";

/** `?…` of `filtres` with `remplace` applied (a page link, a sort link); "?" when all default. */
export function lienEtablissements(
  filtres: Partial<FiltresEtablissements>,
  remplace: Partial<FiltresEtablissements> = {},
): string {
  return `?${versParamsEtablissements(filtres, remplace).toString()}`;
}

/** "1 établissement", "12 établissements". */
export function nombreEtablissements(nombre: number): string {
  return `${nombre.toLocaleString("fr-FR")} établissement${nombre > 1 ? "s" : ""}`;
}
