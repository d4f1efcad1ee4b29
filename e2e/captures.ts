/**
 * `npm run captures` (playwright.captures.config.ts):
 * a full-page PNG of every page of pages-du-site.ts, as each visitor who
 * may see it, at 1280 and 375 px, JavaScript on, written to `captures/`
 * under the name of `nomCapture`; scripts/captures-index.ts then builds
 * `captures/index.html`. Same seeded data and sessions as the layout check.
 * Not a test of the default suite: its name does not end in `.spec.ts`.
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { attendrePageStable } from "./controles-mise-en-page.ts";
import { testAvecSite as test } from "./fixtures/site-seme.ts";
import {
  HAUTEUR_FENETRE,
  LARGEURS,
  PAGES_DU_SITE,
  VISITEURS,
  nomCapture,
} from "./pages-du-site.ts";

/** Where the screenshots go (git-ignored). */
export const DOSSIER_CAPTURES = join(import.meta.dirname, "..", "captures");

for (const pageDuSite of PAGES_DU_SITE) {
  for (const visiteur of pageDuSite.visiteurs) {
    test(`${pageDuSite.nom} — ${VISITEURS[visiteur]}`, async ({ page, context, site }) => {
      await mkdir(DOSSIER_CAPTURES, { recursive: true });
      await context.addCookies(site.sessions[visiteur]);
      for (const largeur of LARGEURS) {
        await page.setViewportSize({ width: largeur, height: HAUTEUR_FENETRE });
        await page.goto(pageDuSite.chemin(site));
        await attendrePageStable(page, true);
        await page.screenshot({
          path: join(DOSSIER_CAPTURES, nomCapture(pageDuSite, visiteur, largeur)),
          fullPage: true,
          animations: "disabled",
          caret: "hide",
        });
      }
    });
  }
}
