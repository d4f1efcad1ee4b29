/**
 * What the loaders of the staff list pages share (spec §2 /agrements,
 * /etablissements/liste, /tous-les-dossiers, /mes-dossiers): canonical
 * filters from the URL, one page of the list with the filter form's
 * choices, the last page for a page beyond it, the CSV export link.
 */
import { redirect } from "@remix-run/node";
import type { Page } from "#contract/schemas/listes";

/** How a list page reads, links and sends its filters (from its codec, contract/schemas/filtres.ts). */
export interface FiltresPageListe<F extends { page: number }> {
  /** The filters of the page's query string (the codec's reader, plus what the route decides). */
  lire: (params: URLSearchParams) => F;
  /** The page's own link to `filtres` with `remplace` applied: "?…", or "?" alone when all default. */
  lien: (filtres: F, remplace?: { page: number }) => string;
  /** The query string of the list endpoint and of the CSV export. */
  versParams: (filtres: F, remplace?: { page: number }) => URLSearchParams;
}

/** What {@link chargerPageListe} needs of a list. */
export interface ChargementPageListe<F extends { page: number }, Ligne, Choix> {
  filtres: FiltresPageListe<F>;
  /** Calls the list endpoint with the filters' query string. */
  lister: (encodedQuery: URLSearchParams) => Promise<Page<Ligne>>;
  /** Calls the endpoints of the filter form's choices (called beside the list). */
  choix: () => Promise<Choix>;
  /** Path of the list's CSV export (a resource route). */
  cheminExport: string;
}

/**
 * Takes the page's request and what the list needs; reads the filters of
 * the URL, and a URL not in their canonical form (a GET form posts empty
 * fields) redirects to it, so that every address of the list is clean and
 * shareable. Then fetches the page of the list and the choices in
 * parallel; a page beyond the last one (rows handled meanwhile, an old
 * link) redirects to the last one. Returns the filters, the page, the
 * choices and the CSV export link of the same filters (from page 1). API
 * errors propagate (404 page, login redirect, error page).
 */
export async function chargerPageListe<F extends { page: number }, Ligne, Choix>(
  request: Request,
  { filtres: codec, lister, choix, cheminExport }: ChargementPageListe<F, Ligne, Choix>,
): Promise<{ filtres: F; liste: Page<Ligne>; choix: Choix; lienExport: string }> {
  const url = new URL(request.url);
  const filtres = codec.lire(url.searchParams);
  const canonique = codec.lien(filtres);
  if (`?${url.searchParams.toString()}` !== canonique)
    throw redirect(`${url.pathname}${canonique === "?" ? "" : canonique}`);
  const [liste, choixCharges] = await Promise.all([lister(codec.versParams(filtres)), choix()]);
  if (liste.result.length === 0 && liste.nb_pages > 0 && filtres.page > liste.nb_pages)
    throw redirect(`${url.pathname}${codec.lien(filtres, { page: liste.nb_pages })}`);
  const exportParams = codec.versParams(filtres, { page: 1 }).toString();
  return {
    filtres,
    liste,
    choix: choixCharges,
    lienExport: `${cheminExport}${exportParams ? `?${exportParams}` : ""}`,
  };
}
