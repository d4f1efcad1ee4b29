import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { FiltresDemandes } from "#contract/schemas/listes";
import { lienFiltres, pagesVisibles } from "./liste-params";

/** Props of {@link PaginationDossiers}. */
export interface PaginationDossiersProps {
  filtres: FiltresDemandes;
  /** Current page, 1-based, and number of pages (DESIGN §7 `page`, `nb_pages`). */
  page: number;
  nbPages: number;
}

/**
 * DSFR pagination of a staff list: "Page n sur m", then first, previous,
 * the page numbers (the current one with `aria-current="page"`), next and
 * last, as plain links that keep the filters and the sort. Links that would
 * lead nowhere (previous on page 1…) are shown disabled, without `href`.
 */
export function PaginationDossiers({ filtres, page, nbPages }: PaginationDossiersProps) {
  const total = Math.max(nbPages, 1);
  const lien = (numero: number) => lienFiltres(filtres, { page: numero });
  const extremite = (numero: number, actif: boolean, classe: string, libelle: string) => (
    <li>
      {actif ? (
        <Link to={lien(numero)} className={`fr-pagination__link ${classe}`}>
          {libelle}
        </Link>
      ) : (
        <a className={`fr-pagination__link ${classe}`} aria-disabled="true" role="link">
          {libelle}
        </a>
      )}
    </li>
  );
  return (
    <nav className="fr-pagination fr-mt-3w" aria-label="Pagination">
      <p className="fr-text--sm fr-mb-1w">{`Page ${page} sur ${total}`}</p>
      <ul className="fr-pagination__list">
        {extremite(1, page > 1, "fr-pagination__link--first", "Première page")}
        {extremite(
          page - 1,
          page > 1,
          "fr-pagination__link--prev fr-pagination__link--lg-label",
          "Page précédente",
        )}
        {pagesVisibles(page, total).map((numero, index): ReactNode =>
          numero === null ? (
            <li key={`ellipse-${index}`}>
              <span className="fr-pagination__link fr-displayed-lg">…</span>
            </li>
          ) : (
            <li key={numero}>
              <Link
                to={lien(numero)}
                className="fr-pagination__link"
                aria-current={numero === page ? "page" : undefined}
                title={`Page ${numero}`}
              >
                {numero}
              </Link>
            </li>
          ),
        )}
        {extremite(
          page + 1,
          page < total,
          "fr-pagination__link--next fr-pagination__link--lg-label",
          "Page suivante",
        )}
        {extremite(total, page < total, "fr-pagination__link--last", "Dernière page")}
      </ul>
    </nav>
  );
}
