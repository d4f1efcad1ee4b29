import type { FiltresDemandes } from "#contract/schemas/listes";
import { Pagination } from "~/components/listes/pagination";
import { lienFiltres } from "./liste-params";

/** Props of {@link PaginationDossiers}. */
export interface PaginationDossiersProps {
  filtres: FiltresDemandes;
  page: number;
  nbPages: number;
}

/**
 * DSFR pagination of a staff list ({@link Pagination}), whose links keep the
 * filters and the sort.
 */
export function PaginationDossiers({ filtres, page, nbPages }: PaginationDossiersProps) {
  return (
    <Pagination
      page={page}
      nbPages={nbPages}
      lien={(numero) => lienFiltres(filtres, { page: numero })}
    />
  );
}
