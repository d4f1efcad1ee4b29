import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * The page numbers the pagination shows around `page` (1-based) out of
 * `nbPages`: every page when there are at most 7, otherwise the first, the
 * last, the current one and its neighbours, with `null` where pages are
 * left out. Empty when there is no page.
 */
export function pagesVisibles(page: number, nbPages: number): (number | null)[] {
  if (nbPages < 1) return [];
  if (nbPages <= 7) return Array.from({ length: nbPages }, (_, index) => index + 1);
  const courante = Math.min(Math.max(page, 1), nbPages);
  const gardees = new Set([1, nbPages, courante - 1, courante, courante + 1]);
  // Near an end, keep 5 pages in a row so the list does not shrink.
  if (courante <= 3) [2, 3, 4, 5].forEach((numero) => gardees.add(numero));
  if (courante >= nbPages - 2) [1, 2, 3, 4].forEach((ecart) => gardees.add(nbPages - ecart));
  const numeros = [...gardees].filter((n) => n >= 1 && n <= nbPages).sort((a, b) => a - b);
  const resultat: (number | null)[] = [];
  numeros.forEach((numero, index) => {
    if (index > 0 && numero - numeros[index - 1] > 1) resultat.push(null);
    resultat.push(numero);
  });
  return resultat;
}

/** Props of {@link Pagination}. */
export interface PaginationProps {
  /** Current page, 1-based, and number of pages (DESIGN §7 `page`, `nb_pages`). */
  page: number;
  nbPages: number;
  /** The link of page `numero` (keeps the page's other parameters). */
  lien: (numero: number) => string;
  /** Accessible name of the navigation, when a page has several. */
  libelle?: string;
}

/**
 * DSFR pagination of any paged list (staff lists, establishments, export history):
 * "Page n sur m", first, previous, the page numbers (the current one with
 * `aria-current="page"`), next and last, as plain links (no JavaScript
 * needed). Links that would lead nowhere are shown disabled, without `href`.
 */
export function Pagination({ page, nbPages, lien, libelle = "Pagination" }: PaginationProps) {
  const total = Math.max(nbPages, 1);
  const extremite = (numero: number, actif: boolean, classe: string, texte: string) => (
    <li>
      {actif ? (
        <Link to={lien(numero)} className={`fr-pagination__link ${classe}`}>
          {texte}
        </Link>
      ) : (
        <a className={`fr-pagination__link ${classe}`} aria-disabled="true" role="link">
          {texte}
        </a>
      )}
    </li>
  );
  return (
    <nav className="fr-pagination fr-mt-3w" aria-label={libelle}>
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
