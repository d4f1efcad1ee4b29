/**
 * What pages load after their first paint (ADR 0008):
 * with JavaScript, DSFR's fonts and the portal's scripts are requested only
 * once the page has painted, and the page then hydrates as before; without
 * JavaScript the fonts come all the same and no script is fetched. Both on a
 * portal page and on the identity provider's sign-in page, under the CSP.
 */
import { expect, test, type Page } from "@playwright/test";
import { attendreHydratation } from "./support.ts";

interface Chargements {
  /** URLs requested by the page, in order. */
  requetes: string[];
  /** Console errors, CSP refusals included. */
  erreurs: string[];
}

function suivre(page: Page): Chargements {
  const suivi: Chargements = { requetes: [], erreurs: [] };
  page.on("request", (request) => suivi.requetes.push(new URL(request.url()).pathname));
  page.on("console", (message) => {
    if (message.type() === "error") suivi.erreurs.push(message.text());
  });
  return suivi;
}

/** Start time (ms) of the page's first paint and of the first resource matching `motif`. */
async function debuts(page: Page, motif: string) {
  return page.evaluate((source) => {
    const pattern = new RegExp(source);
    const paint = performance.getEntriesByName("first-paint")[0]?.startTime ?? Number.NaN;
    const resource = performance
      .getEntriesByType("resource")
      .find((entry) => pattern.test(new URL(entry.name).pathname));
    return { paint, resource: resource?.startTime ?? Number.NaN };
  }, motif);
}

const POLICE = /^\/dsfr\/fonts\/Marianne-[A-Za-z_]+\.woff2$/;
const POLICES = "^/dsfr/polices\\.[0-9a-f]{12}\\.min\\.css$";
const MODULE = /^\/assets\/.+\.js$/;

test("une page du portail charge polices et scripts après son premier affichage", async ({
  page,
}, info) => {
  const suivi = suivre(page);
  await page.goto("/mentions-legales");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/mentions légales/i);

  if (info.project.name === "js") {
    await attendreHydratation(page);
    await expect.poll(() => suivi.requetes.some((url) => POLICE.test(url))).toBe(true);
    const polices = await debuts(page, POLICES);
    expect(polices.resource).toBeGreaterThanOrEqual(polices.paint);
    const scripts = await debuts(page, "^/assets/.+\\.js$");
    expect(scripts.resource).toBeGreaterThanOrEqual(scripts.paint);
    // The live copies carry the nonce: the CSP refused nothing.
    expect(suivi.erreurs).toEqual([]);
  } else {
    await expect.poll(() => suivi.requetes.some((url) => POLICE.test(url))).toBe(true);
    expect(suivi.requetes.filter((url) => MODULE.test(url))).toEqual([]);
  }
});

test("la page de connexion charge ses polices après son premier affichage, sous la CSP", async ({
  page,
}, info) => {
  const suivi = suivre(page);
  await page.goto("/account/login");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Connexion");
  await expect.poll(() => suivi.requetes.some((url) => POLICE.test(url))).toBe(true);
  if (info.project.name === "js") {
    const polices = await debuts(page, POLICES);
    expect(polices.resource).toBeGreaterThanOrEqual(polices.paint);
    expect(suivi.erreurs).toEqual([]);
  }
});
