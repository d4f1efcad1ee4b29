import type { ReactNode } from "react";
import type { Page } from "#contract/schemas/listes";
import { pageTitle } from "~/utils/title";
import { Pagination } from "./pagination";

/** The sentences of a list's results. */
export interface TextesResultats {
  /** The number of rows of a list that has some: "3 agréments". */
  nombre: (nombre: number) => string;
  /** An empty list after a search or a filter: "Aucun agrément ne correspond à votre recherche." */
  sansResultat: string;
  /** An empty list with nothing searched: why there is nothing to show. */
  vide: string;
}

/** Props of {@link ResultatsListe}. */
export interface ResultatsListeProps {
  /** The section's heading (default "Résultats"; the tab of the dossiers lists). */
  titre?: string;
  /** The page shown: its number, the number of pages and of rows in all. */
  liste: Pick<Page<unknown>, "page" | "nb_pages" | "nb_elements">;
  textes: TextesResultats;
  /** Whether the visitor searched or filtered: picks the sentence of an empty list. */
  recherche: boolean;
  /** The CSV download of the same filters (resource route). */
  lienExport: string;
  /** The link of page `numero`, which keeps the filters and the sort. */
  lienPage: (numero: number) => string;
  /** Shown beside the number of rows, before the download (the dossiers' quick filters). */
  outils?: ReactNode;
  /** The table of the page's rows; not shown when the list is empty. */
  tableau: ReactNode;
}

/** Props of {@link PageListe}. */
export interface PageListeProps {
  /** The page's heading. */
  titre: string;
  /** What comes between the heading and the results: tabs, links, the filter form. */
  children: ReactNode;
  resultats: ResultatsListeProps;
}

/**
 * A staff list page (spec §2 /agrements, /etablissements/liste,
 * /tous-les-dossiers, /mes-dossiers): the heading, `children`, then the
 * results ({@link ResultatsListe}).
 */
export function PageListe({ titre, children, resultats }: PageListeProps) {
  return (
    <div className="fr-container fr-pt-1w fr-pb-6w">
      <h1>{titre}</h1>
      {children}
      <ResultatsListe {...resultats} />
    </div>
  );
}

/** The `meta` of a list page: its title (spec §1) and its description for search engines. */
export function metaListe(titre: string, description: string) {
  return [{ title: pageTitle(titre) }, { name: "description", content: description }];
}

/**
 * The results of a list page: their heading, the number of rows (or, empty,
 * a sentence that says whether the filters are the cause) announced as a
 * status, the tools, the CSV download of the same filters, then, unless the
 * list is empty, the table and the pagination.
 */
function ResultatsListe({
  titre = "Résultats",
  liste,
  textes,
  recherche,
  lienExport,
  lienPage,
  outils,
  tableau,
}: ResultatsListeProps) {
  const vide = liste.nb_elements === 0;
  return (
    <section aria-labelledby="resultats-titre">
      <div className="fr-grid-row fr-grid-row--middle fr-grid-row--gutters fr-mb-1w">
        <div className="fr-col">
          <h2 className="fr-h5 fr-mb-0" id="resultats-titre">
            {titre}
          </h2>
          <p className="fr-mb-0" role="status">
            {vide
              ? recherche
                ? textes.sansResultat
                : textes.vide
              : textes.nombre(liste.nb_elements)}
          </p>
        </div>
        {outils ? <div className="fr-col-auto">{outils}</div> : null}
        <div className="fr-col-auto">
          {/* A file download, not a page: the browser fetches it itself. */}
          <a
            className="fr-link fr-link--icon-left fr-icon-download-line"
            href={lienExport}
            download
          >
            Télécharger (CSV)
          </a>
        </div>
      </div>
      {vide ? null : tableau}
      {vide ? null : <Pagination page={liste.page} nbPages={liste.nb_pages} lien={lienPage} />}
    </section>
  );
}
