/**
 * The applicant's annual activity report pages (spec §2
 * `/rapport-annuel-activite/`, `/{annee}/synthese`, `/confirmation`, the
 * menu rule and the home tiles). The portal under test
 * runs on the real clock and the fixture's operator is approved today: by
 * ADR 0017 no report is owed yet (the previous year is `nonApplicable`,
 * the current one opens on 1 January), and the portal has no test clock.
 * So this browser test checks what such an operator sees: the menu link
 * and the quick-access tile, no 'À compléter' tile, the section's page
 * saying when the next report is due, the read-only synthesis of a year
 * without report (the stepper of that year leads there), the confirmation
 * page, a malformed year as a 404. The stepper's rules (deadlines, steps,
 * deposit) are covered by tests/api/rapports-annuels.test.ts with a moved
 * clock. Each test runs with JavaScript (project "js") and without
 * ("sans-js"); axe runs on every page with JavaScript.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { nouveauDemandeur } from "./fixtures/demandeur.ts";
import { nouvelOperateurAgree } from "./fixtures/operateur-agree.ts";
import { expectNoAxeViolations } from "./support.ts";

/** Full-page screenshots of the current page at 1280 and 375 px, saved with the test's output. */
async function capturer(page: Page, info: TestInfo, nom: string) {
  const taille = page.viewportSize();
  for (const largeur of [1280, 375]) {
    await page.setViewportSize({ width: largeur, height: 800 });
    await page.screenshot({
      path: info.outputPath(`rapport-annuel-${nom}-${largeur}-${info.project.name}.png`),
      fullPage: true,
    });
  }
  if (taille) await page.setViewportSize(taille);
}

test("un opérateur agréé cette année trouve le rapport annuel d'activité au menu, sans rapport à compléter", async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  const js = info.project.name === "js";
  const axe = js ? expectNoAxeViolations : async () => {};
  await nouvelOperateurAgree(page, baseURL!);
  const anneePassee = new Date().getFullYear() - 1;

  // Home: the quick-access tile, and no 'À compléter' tile (no report owed).
  await page.goto("/");
  await expect(page.getByRole("link", { name: /Synthèse du rapport annuel/ })).toHaveAttribute(
    "href",
    "/rapport-annuel-activite",
  );
  await expect(page.getByText("À compléter")).toHaveCount(0);

  // The menu link leads to the section's page, which says when the next report is due.
  const menu = page.getByRole("navigation", { name: "Menu principal" });
  const lien = menu.getByRole("link", { name: "Rapport annuel d'activité" });
  await expect(lien).toHaveAttribute("href", "/rapport-annuel-activite");
  await page.goto("/rapport-annuel-activite");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rapport annuel d'activité");
  await expect(
    page.getByText(
      `Le rapport sur votre activité de ${anneePassee + 1} sera à déposer entre le 1er janvier et le 31 mars ${anneePassee + 2} inclus.`,
      { exact: false },
    ),
  ).toBeVisible();
  await axe(page);
  await capturer(page, info, "section");

  // The stepper of a year without report owed leads to its read-only synthesis.
  await page.goto(`/rapport-annuel-activite/${anneePassee}/etape/1`);
  await expect(page).toHaveURL(`/rapport-annuel-activite/${anneePassee}/synthese`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `Synthèse du rapport annuel d'activité ${anneePassee}`,
  );
  await expect(
    page.getByText(
      `Aucun rapport annuel d'activité n'est attendu de votre structure pour l'année ${anneePassee}.`,
    ),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Soumettre" })).toHaveCount(0);
  await axe(page);
  await capturer(page, info, "synthese");

  // The confirmation page.
  await page.goto(`/rapport-annuel-activite/confirmation?annee=${anneePassee}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Rapport annuel d'activité déposé",
  );
  await expect(page.getByRole("link", { name: "Voir la synthèse du rapport" })).toHaveAttribute(
    "href",
    `/rapport-annuel-activite/${anneePassee}/synthese`,
  );
  await axe(page);
  await capturer(page, info, "confirmation");

  // A year that is not four digits, a step that is not 1 to 3: not found.
  for (const chemin of [
    "/rapport-annuel-activite/20a5/synthese",
    `/rapport-annuel-activite/${anneePassee}/etape/4`,
  ]) {
    const reponse = await page.goto(chemin);
    expect(reponse?.status(), chemin).toBe(404);
  }
});

test("un demandeur sans agrément est renvoyé à l'accueil depuis le rapport annuel d'activité", async ({
  page,
}) => {
  test.setTimeout(60_000);
  await nouveauDemandeur(page);
  await page.goto("/rapport-annuel-activite");
  await expect(page).toHaveURL("/");
  await expect(
    page.getByText("Votre structure ne détient pas d'agrément en cours de validité."),
  ).toBeVisible();
});
