/**
 * Activity follow-up `/activite`: central
 * staff reach it from their home tile, filter the activity by structure
 * quality, région and period, see the indicators and the charts (SVG drawn
 * on the server, with their data behind a disclosure) and download
 * `suiviActivite.csv` of the same filters; an end before the start is
 * refused on its field; managers have the page too, a CRHH member has no
 * tile and a demandeur gets the 403 page. axe on each page, charts
 * included, and no CSP violation. Run with and without JavaScript
 * (projects js and sans-js).
 *
 * Each project first seeds two requests through the API, with a structure
 * quality no other spec uses (the fixtures use qualityOp and qualityEcfr):
 * two applicants created today, head office in Paris (région 11), both
 * requests deposited and decided today, one approved, one refused.
 * Filtered on that quality, the région and the year, the page counts these
 * two requests and nothing else, whatever the other specs left in the portal.
 */
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { aujourdhuiParis } from "../contract/validation.ts";
import { baseURL, dataDir } from "../playwright.config.ts";
import { connecterEquipeDemo, nouvelleDemandeEnEtat } from "../tests/helpers/instruction-api.ts";
import { loginAs } from "../tests/helpers/oidc-login.ts";
import { creerDemandeurConfirme } from "./fixtures/demandeur.ts";
import { DEMO, expectNoAxeViolations, signIn } from "./support.ts";

/** The quality of the project's seeded requests, and its label in the filter. */
function qualiteDuProjet(info: TestInfo): { code: string; libelle: string } {
  return info.project.name === "js"
    ? { code: "qualitySTF", libelle: "Société de tiers-financement" }
    : { code: "qualityAudit", libelle: "Auditeur énergétique qualifié" };
}

// Once per portal run: a worker restarted after a failed test finds the
// portal as it was (playwright.config.ts empties DATA_DIR only when it
// starts the portal), so it must not seed two more requests.
test.beforeAll(async ({ browser }, info) => {
  test.setTimeout(120_000);
  const { code } = qualiteDuProjet(info);
  const temoin = join(import.meta.dirname, "..", dataDir, `activite-${code}.json`);
  if (existsSync(temoin)) return;
  const contexte = await browser.newContext({ baseURL });
  const page = await contexte.newPage();
  const equipe = await connecterEquipeDemo(baseURL);
  for (const etat of ["agree", "refusee"] as const) {
    const demandeur = await creerDemandeurConfirme(page);
    const { accessToken } = await loginAs(baseURL, demandeur.email, demandeur.motDePasse);
    await nouvelleDemandeEnEtat({ baseUrl: baseURL, demandeur: accessToken, equipe }, etat, {
      etape1: { structureQualite: code },
    });
  }
  await contexte.close();
  await writeFile(temoin, JSON.stringify({ etats: ["agree", "refusee"] }));
});

/** Collects the CSP violations the browser reports in its console. */
function surveillerCsp(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test("la centrale filtre l'activité par qualité, région et période et télécharge le CSV", async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const violations = surveillerCsp(page);
  const qualite = qualiteDuProjet(info);
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
  await page.getByLabel("Qualité de la structure").selectOption({ label: qualite.libelle });
  await page.getByLabel("Région du siège").selectOption({ label: "Île-de-France" });
  await page.getByRole("button", { name: "Filtrer" }).click();
  await expect(page).toHaveURL(
    `/activite?dateDebut=${debut}&dateFin=${aujourdhui}&quality%5B%5D=${qualite.code}&region%5B%5D=11`,
  );
  // The summary of the fold lists the active filters.
  await expect(filtres.locator("summary")).toContainText("Île-de-France");
  await expect(filtres.locator("summary")).toContainText(qualite.libelle);

  // Counted by hand from the two requests of beforeAll: two new applicants,
  // two deposits, both decided (terminated) the day they were deposited,
  // one approval granted and still active, one refusal; one service.
  const tuiles: [id: string, valeur: string, detail?: string][] = [
    ["comptes", "2"],
    ["deposes", "2", "dont 2 terminés"],
    ["valides", "1"],
    ["refuses", "1"],
    ["accordes", "1", "1 actifs (dont 0 en procédure sans suspension), 0 suspendus, 0 retirés"],
    ["delai", "0 jours", "sur 2 décisions"],
    ["reputes", "0"],
    ["services", "1"],
  ];
  for (const [id, valeur, detail] of tuiles) {
    await expect(page.locator(`#indicateur-${id} .fr-h3`), id).toHaveText(valeur);
    if (detail)
      await expect(page.locator(`#indicateur-${id} .fr-tile__detail`), id).toHaveText(detail);
  }

  // Charts are server-drawn SVG, one size shown at a time, with their data.
  const graphique = page.locator("#graphique-depots-titre").locator("..");
  await expect(graphique.locator("svg[role=img]:visible")).toHaveCount(1);
  await expect(graphique.locator("svg[role=img]:visible")).toHaveAttribute(
    "aria-label",
    "Dépôts et décisions par mois",
  );
  await graphique.locator("summary").click();
  const donnees = graphique.getByRole("table", { name: "Dépôts et décisions par mois" });
  await expect(donnees).toBeVisible();
  await expect(donnees.locator("tbody tr")).toHaveCount(1);
  await expect(donnees.locator("tbody tr th, tbody tr td")).toHaveText([
    `${aujourdhui.slice(5, 7)}/${aujourdhui.slice(0, 4)}`,
    "2",
    "1",
    "1",
  ]);
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
  expect(lignes).toContain(`Filtres;Qualités;${qualite.code}`);
  expect(lignes).toContain(`Filtres;Début de période;01/01/${aujourdhui.slice(0, 4)}`);
  expect(lignes.filter((ligne) => ligne.startsWith("Indicateurs;"))).toEqual([
    "Indicateurs;Comptes créés;2",
    "Indicateurs;Agréments validés;1",
    "Indicateurs;Agréments refusés;1",
    "Indicateurs;Agréments accordés;1",
    "Indicateurs;Agréments actifs;1",
    "Indicateurs;dont en procédure sans suspension;0",
    "Indicateurs;Agréments suspendus;0",
    "Indicateurs;Agréments retirés;0",
    "Indicateurs;Agréments périmés;0",
    "Indicateurs;Dossiers déposés;2",
    "Indicateurs;Délai moyen de traitement (jours);0",
    "Indicateurs;Décisions prises en compte dans le délai;2",
    "Indicateurs;Dossiers réputés rejetés;0",
  ]);
  expect(lignes.filter((ligne) => ligne.startsWith("Dossiers par service;"))).toEqual([
    "Dossiers par service;Délégation locale de l'Anah – Paris;2",
  ]);
  const mois = aujourdhui.slice(0, 7);
  expect(lignes.filter((ligne) => /^[^;]+ par mois;/.test(ligne))).toEqual([
    `Dossiers déposés par mois;${mois};2`,
    `Agréments validés par mois;${mois};1`,
    `Agréments refusés par mois;${mois};1`,
  ]);
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

test("à 1280 et 375 px, le graphique à la taille de l'écran et ses données ; captures", async ({
  page,
}, testInfo) => {
  const qualite = qualiteDuProjet(testInfo).code;
  const aujourdhui = aujourdhuiParis();
  await signIn(page, DEMO.anah_centrale.email);
  for (const [largeur, rendu, autre] of [
    [1280, ".fr-unhidden-md", ".fr-hidden-md"],
    [375, ".fr-hidden-md", ".fr-unhidden-md"],
  ] as const) {
    await page.setViewportSize({ width: largeur, height: 800 });
    await page.goto(
      `/activite?dateDebut=${aujourdhui.slice(0, 4)}-01-01&dateFin=${aujourdhui}&quality%5B%5D=${qualite}`,
    );
    const graphique = page.locator("#graphique-depots-titre").locator("..");
    await graphique.scrollIntoViewIfNeeded();
    // The wide drawing from the md breakpoint, the narrow one below: one shown, within the screen.
    const visible = graphique.locator("svg[role=img]:visible");
    await expect(visible, `${largeur}`).toHaveCount(1);
    await expect(visible).toHaveAttribute("aria-label", "Dépôts et décisions par mois");
    await expect(graphique.locator(`${rendu} svg[role=img]`)).toBeVisible();
    await expect(graphique.locator(`${autre} svg[role=img]`)).toBeHidden();
    const cadre = (await visible.boundingBox())!;
    expect(cadre.x).toBeGreaterThanOrEqual(0);
    expect(cadre.x + cadre.width).toBeLessThanOrEqual(largeur);
    // Nothing wider than the screen: no sideways scrolling of the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      largeur,
    );
    await graphique.locator("summary").click();
    const donnees = graphique.getByRole("table", { name: "Dépôts et décisions par mois" });
    await expect(donnees).toBeVisible();
    await expect(donnees.locator("tbody tr th, tbody tr td")).toHaveText([
      `${aujourdhui.slice(5, 7)}/${aujourdhui.slice(0, 4)}`,
      "2",
      "1",
      "1",
    ]);
    await page.screenshot({
      path: testInfo.outputPath(`activite-${testInfo.project.name}-${largeur}.png`),
      fullPage: true,
    });
  }
});
