/**
 * Links of the establishments list (spec §2 /etablissements/liste): the
 * query string of a set of filters, and the sort a column header asks for.
 */
import {
  versParamsEtablissements,
  type FiltresEtablissements,
  type TriEtablissements,
} from "#contract/schemas/etablissements-liste";

/** `?…` of `filtres` with `remplace` applied (a page link, a sort link); "?" when all default. */
export function lienEtablissements(
  filtres: Partial<FiltresEtablissements>,
  remplace: Partial<FiltresEtablissements> = {},
): string {
  return `?${versParamsEtablissements(filtres, remplace).toString()}`;
}

/** The order a click on column `colonne` asks for: the other direction when sorted on it, ascending otherwise. */
export function triSuivantEtablissements(
  filtres: Pick<FiltresEtablissements, "orderBy" | "orderType">,
  colonne: TriEtablissements,
): Pick<FiltresEtablissements, "orderBy" | "orderType"> {
  if (filtres.orderBy !== colonne) return { orderBy: colonne, orderType: "asc" };
  return { orderBy: colonne, orderType: filtres.orderType === "asc" ? "desc" : "asc" };
}

/** `aria-sort` of a column header: only the sorted column carries one. */
export function ariaSortEtablissements(
  filtres: Pick<FiltresEtablissements, "orderBy" | "orderType">,
  colonne: TriEtablissements,
): "ascending" | "descending" | undefined {
  if (filtres.orderBy !== colonne) return undefined;
  return filtres.orderType === "asc" ? "ascending" : "descending";
}

/** "1 établissement", "12 établissements". */
export function nombreEtablissements(nombre: number): string {
  return `${nombre.toLocaleString("fr-FR")} établissement${nombre > 1 ? "s" : ""}`;
}
