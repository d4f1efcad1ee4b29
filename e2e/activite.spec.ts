/**
 * Activity follow-up `/activite` (issue 15 items 1 to 4 and 9): central
 * staff reach it from their home tile, filter the activity by région and
 * period, see the indicators and the charts (SVG drawn on the server, with
 * their data behind a disclosure) and download `suiviActivite.csv` of the
 * same filters; an end before the start is refused on its field; managers
 * have the page too, a CRHH member has no tile and a demandeur gets the
 * 403 page. axe on each page, charts included, and no CSP violation. Run
 * with and without JavaScript (projects js and sans-js).
 *
 * A fresh operator is approved through the API first
 * (fixtures/operateur-agree.ts: head office in Paris, région 11, deposited
 * and approved today), so that the filtered period has at least one
 * deposit, one validation and one approval granted.
 */
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { aujourdhuiParis } from "../contract/validation.ts";
import { baseURL } from "../playwright.config.ts";
import { nouvelOperateurAgree } from "./fixtures/operateur-agree.ts";
import { DEMO, expectNoAxeViolations, signIn } from "./support.ts";

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const contexte = await browser.newContext({ baseURL });
  await nouvelOperateurAgree(await contexte.newPage(), baseURL);
  await contexte.close();
});

/** Collects the CSP violations the browser reports in its console. */
function surveillerCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/** The figure of the indicator tile `id` as a number. */
async function indicateur(page: Page, id: string): Promise<number> {
  const texte = await page.locator(`#indicateur-${id} .fr-h3`).innerText();
  return Number(texte.replace(/\s/g, "").replace(",", "."));
}

test("la centrale filtre l'activité par région et période et télécharge le CSV", async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const violations = surveillerCsp(page);
  await signIn(page, DEMO.anah_centrale.email);
  await page
    .locator("main")
    .getByRole("link", { name: "Suivi de l'activité", exact: true })
    .click();
  await expect(page).toHaveURL("/activite");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Suivi de l'activité");
  await expect(page).toHaveTitle(/^Suivi de l'activité \| /);

  const aujourdhui = aujourdhuiParis();
  const debut = `${aujourdhui.slice(0, 4)}-01-01`;
  const filtres = page.locator("details#filtres-activite");
  if (!(await filtres.getAttribute("open"))) await filtres.locator("summary").click();
  await page.getByLabel("Début de période").fill(debut);
  await page.getByLabel("Fin de période").fill(aujourdhui);
  await page.getByLabel("Région du siège").selectOption({ label: "Île-de-France" });
  await page.getByRole("button", { name: "Filtrer" }).click();
  await expect(page).toHaveURL(
    `/activite?dateDebut=${debut}&dateFin=${aujourdhui}&region%5B%5D=11`,
  );
  // The summary of the fold lists the active filters.
  await expect(filtres.locator("summary")).toContainText("Île-de-France");

  // The operator approved in beforeAll counts in the period and the région.
  expect(await indicateur(page, "deposes")).toBeGreaterThanOrEqual(1);
  expect(await indicateur(page, "valides")).toBeGreaterThanOrEqual(1);
  expect(await indicateur(page, "accordes")).toBeGreaterThanOrEqual(1);

  // Charts are server-drawn SVG, one size shown at a time, with their data.
  const graphique = page.locator("#graphique-depots-titre").locator("..");
  await expect(graphique.locator("svg[role=img]:visible")).toHaveCount(1);
  await expect(graphique.locator("svg[role=img]:visible")).toHaveAttribute(
    "aria-label",
    "Dépôts et décisions par mois",
  );
  await graphique.locator("summary").click();
  await expect(
    graphique.getByRole("table", { name: "Dépôts et décisions par mois" }),
  ).toBeVisible();
  await expect(page.getByRole("heading", { name: "Agréments accordés", level: 2 })).toBeVisible();
  await expect(page.locator("#graphique-agrements-titre")).toBeVisible();
  if (info.project.name === "js") await expectNoAxeViolations(page);

  const telechargement = page.waitForEvent("download");
  await page.getByRole("link", { name: "Télécharger le suivi (CSV)" }).click();
  const fichier = await telechargement;
  expect(fichier.suggestedFilename()).toBe("suiviActivite.csv");
  const csv = await readFile((await fichier.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lignes = csv.subarray(3).toString("utf8").split("\r\n");
  expect(lignes[0]).toBe("Rubrique;Libellé;Valeur");
  expect(lignes).toContain("Filtres;Régions;11");
  expect(lignes).toContain(`Filtres;Début de période;01/01/${aujourdhui.slice(0, 4)}`);
  const deposes = lignes.find((ligne) => ligne.startsWith("Indicateurs;Dossiers déposés;"));
  expect(Number(deposes?.split(";")[2])).toBe(await indicateur(page, "deposes"));
  expect(violations).toEqual([]);
});

test("une fin de période avant le début est refusée sur le champ", async ({ page }, info) => {
  await signIn(page, DEMO.mar_admin.email);
  await page.goto("/activite?dateDebut=2026-05-01&dateFin=2026-04-01");
  const fin = page.getByLabel("Fin de période");
  await expect(fin).toHaveAttribute("aria-invalid", "true");
  await expect(
    page.getByText("La date de fin doit être égale ou postérieure à la date de début."),
  ).toBeVisible();
  await expect(fin).toHaveValue("2026-04-01");
  await expect(page.getByText("Corrigez la période pour afficher l'activité.")).toBeVisible();
  if (info.project.name === "js") await expectNoAxeViolations(page);
});

test("la vue nationale sans filtre dit quand ses chiffres ont été calculés", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.anah_centrale.email);
  // The job computes the summary at start and every minute (ADR 0038): at
  // worst the first run is still queued, and the page is computed live.
  const calcul = page.getByText(
    /Chiffres calculés le \d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}, actualisés chaque minute\./,
  );
  await expect(async () => {
    await page.goto("/activite");
    await expect(calcul).toBeVisible({ timeout: 1_000 });
  }).toPass({ intervals: [2_000], timeout: 90_000 });
  await expect(page.locator("#indicateur-deposes")).toBeVisible();

  // A filtered view is computed for the request: no calculation date.
  await page.goto(`/activite?region%5B%5D=11`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Suivi de l'activité");
  await expect(page.getByText(/Chiffres calculés le/)).toHaveCount(0);
});

test("les gestionnaires ont la page, pas le CRHH ni le demandeur", async ({ page }, info) => {
  await signIn(page, DEMO.instructeur.email);
  await expect(
    page.locator("main").getByRole("link", { name: "Suivi de l'activité", exact: true }),
  ).toBeVisible();
  const reponse = await page.goto("/activite");
  expect(reponse?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Suivi de l'activité");
  if (info.project.name === "js") await expectNoAxeViolations(page);

  await page.context().clearCookies();
  await signIn(page, DEMO.crhh.email);
  await expect(
    page.locator("main").getByRole("link", { name: "Suivi de l'activité", exact: true }),
  ).toHaveCount(0);
  expect((await page.goto("/activite"))?.status()).toBe(403);

  await page.context().clearCookies();
  await signIn(page, DEMO.demandeur.email);
  expect((await page.goto("/activite"))?.status()).toBe(403);
});

test("captures de la page à 1280 et 375 px", async ({ page }, testInfo) => {
  await signIn(page, DEMO.anah_centrale.email);
  for (const largeur of [1280, 375]) {
    await page.setViewportSize({ width: largeur, height: 800 });
    await page.goto("/activite");
    await page.locator("#graphique-depots-titre").scrollIntoViewIfNeeded();
    await page.screenshot({
      path: testInfo.outputPath(`activite-${testInfo.project.name}-${largeur}.png`),
      fullPage: true,
    });
  }
});
