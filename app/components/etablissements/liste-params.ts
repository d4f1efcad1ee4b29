/**
 * Links of the establishments list (spec §2 /etablissements/liste): the
 * query string of a set of filters, the sort a column header asks for, and
 * the sentences of its results.
 */
import {
  versParamsEtablissements,
  type FiltresEtablissements,
} from "#contract/schemas/etablissements-liste";
import type { TextesResultats } from "~/components/listes/page-liste";

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

/** The sentences of the list's results. */
export const TEXTES_ETABLISSEMENTS: TextesResultats = {
  nombre: nombreEtablissements,
  sansResultat: "Aucun établissement ne correspond à votre recherche.",
  vide: "Aucun établissement référencé ne vous est accessible pour le moment.",
};

/** Whether a search, a filter or a page other than the first is set (the sort aside). */
export function rechercheEtablissementsActive(filtres: FiltresEtablissements): boolean {
  return lienEtablissements({ ...filtres, order: undefined }) !== "?";
}
