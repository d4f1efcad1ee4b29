/**
 * The layout check of issue 21 "Must have" 2: every page of
 * pages-du-site.ts, as each visitor who may see it, at 1280 and 375 px, in
 * both projects (JavaScript on and off). One load per width; on it, the
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
import { HAUTEUR_FENETRE, LARGEURS, PAGES_DU_SITE, VISITEURS } from "./pages-du-site.ts";
import { expectNoAxeViolations } from "./support.ts";

// Read-only: its tests spread over every worker, each on its own portal and site.
test.describe.configure({ mode: "parallel" });

for (const pageDuSite of PAGES_DU_SITE) {
  for (const visiteur of pageDuSite.visiteurs) {
    test(`${pageDuSite.nom} — ${VISITEURS[visiteur]}`, async ({ page, context, site }, info) => {
      test.setTimeout(60_000);
      const javaScript = info.project.use.javaScriptEnabled !== false;
      await context.addCookies(site.sessions[visiteur]);
      const chemin = pageDuSite.chemin(site);
      const attendu = pageDuSite.statut ?? 200;
      const defauts: string[] = [];
      for (const largeur of LARGEURS) {
        const ou = `[${pageDuSite.nom} | ${VISITEURS[visiteur]} | ${largeur} px | ${
          javaScript ? "JS" : "sans JS"
        } | ${chemin}]`;
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
      }
      expect(defauts, defauts.join("\n")).toEqual([]);
    });
  }
}
