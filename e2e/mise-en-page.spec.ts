/**
 * The layout check: every page of
 * pages-du-site.ts, as each visitor who may see it, at 1280 and 375 px, in
 * both projects (JavaScript on and off), one test per visitor and mode
 * walking that visitor's pages. One load per width; on it, the
 * checks of controles-mise-en-page.ts (cut text, horizontal scroll, header
 * and title covered, duplicate ids) and, with JavaScript at 1280 px, axe
 * (WCAG 2.1 A/AA, the shared helper; the document is the same at both
 * widths). Every defect of both widths is listed in one
 * failure: page, visitor, width, mode, element and measure.
 *
 * The data (one request per family of states, applicants at each stage)
 * and the visitors' sessions are made once per worker's portal and shared
 * by both projects (fixtures/site-seme.ts).
 */
import { stripVTControlCharacters } from "node:util";
import { expect } from "@playwright/test";
import { attendrePageStable, defautsDeMiseEnPage } from "./controles-mise-en-page.ts";
import { testAvecSite as test } from "./fixtures/site-seme.ts";
import {
  HAUTEUR_FENETRE,
  LARGEURS,
  PAGES_DU_SITE,
  VISITEURS,
  type Visiteur,
} from "./pages-du-site.ts";
import { expectNoAxeViolations } from "./support.ts";

// Read-only: its tests spread over every worker, each on its own portal and site.
test.describe.configure({ mode: "parallel" });

/** Per page of a visitor's walk: two loads, the checks, axe (the longest pages take 20 s). */
const DELAI_PAR_PAGE_MS = 30_000;

// One test per visitor and mode, walking every page that visitor may see in
// one browser page: the session is set once and the page's styles, scripts
// and fonts come from the browser's cache after the first page, as for a
// user going from page to page. Every page gets the same checks as alone;
// a page that fails to load is a defect of the walk, which goes on.
for (const visiteur of Object.keys(VISITEURS) as Visiteur[]) {
  const pages = PAGES_DU_SITE.filter((pageDuSite) => pageDuSite.visiteurs.includes(visiteur));
  if (pages.length === 0) continue;
  test(`${VISITEURS[visiteur]} : ${pages.length} page(s)`, async ({
    page,
    context,
    site,
  }, info) => {
    test.setTimeout(pages.length * DELAI_PAR_PAGE_MS);
    const javaScript = info.project.use.javaScriptEnabled !== false;
    await context.addCookies(site.sessions[visiteur]);
    const defauts: string[] = [];
    for (const pageDuSite of pages) {
      const chemin = pageDuSite.chemin(site);
      const attendu = pageDuSite.statut ?? 200;
      for (const largeur of LARGEURS) {
        const ou = `[${pageDuSite.nom} | ${VISITEURS[visiteur]} | ${largeur} px | ${
          javaScript ? "JS" : "sans JS"
        } | ${chemin}]`;
        try {
          await page.setViewportSize({ width: largeur, height: HAUTEUR_FENETRE });
          const reponse = await page.goto(chemin);
          if (reponse?.status() !== attendu)
            defauts.push(`${ou} statut HTTP ${reponse?.status()} au lieu de ${attendu}`);
          await attendrePageStable(page, javaScript);
          for (const defaut of await defautsDeMiseEnPage(page)) defauts.push(`${ou} ${defaut}`);
          // axe once per page and visitor: the same document at both widths.
          if (javaScript && largeur === LARGEURS[0])
            await expectNoAxeViolations(page).catch((erreur: Error) =>
              defauts.push(`${ou} axe : ${stripVTControlCharacters(erreur.message)}`),
            );
        } catch (erreur) {
          defauts.push(`${ou} ${stripVTControlCharacters((erreur as Error).message)}`);
        }
      }
    }
    expect(defauts, defauts.join("\n")).toEqual([]);
  });
}
