/**
 * Links of the approvals list (spec §2 /agrements): the
 * query string of a set of filters, the sort a column header asks for,
 * and the sentences of its results. Pure functions, shared by the loader
 * and the components.
 */
import {
  TRI_AGREMENTS_DEFAUT,
  versParamsAgrements,
  type FiltresAgrements,
} from "#contract/schemas/agrements-liste";
import type { TextesResultats } from "~/components/listes/page-liste";

/** `?…` of `filtres` with `remplace` applied (a page link, a sort link); "?" when all default. */
export function lienAgrements(
  filtres: Partial<FiltresAgrements>,
  remplace: Partial<FiltresAgrements> = {},
): string {
  return `?${versParamsAgrements(filtres, remplace).toString()}`;
}

/** "1 agrément", "12 agréments". */
export function nombreAgrements(nombre: number): string {
  return `${nombre.toLocaleString("fr-FR")} agrément${nombre > 1 ? "s" : ""}`;
}

/** The sentences of the list's results. */
export const TEXTES_AGREMENTS: TextesResultats = {
  nombre: nombreAgrements,
  sansResultat: "Aucun agrément ne correspond à votre recherche.",
  vide: "Aucun agrément ne vous est accessible pour le moment.",
};

/** Whether a search or a filter is set (page and sort aside). */
export function rechercheAgrementsActive(filtres: FiltresAgrements): boolean {
  return lienAgrements({ ...filtres, page: 1, order: TRI_AGREMENTS_DEFAUT }) !== "?";
}

/** The staff page of one approval. */
export function lienAgrement(id: string): string {
  return `/agrements/${encodeURIComponent(id)}`;
}
