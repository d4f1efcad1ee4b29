/**
 * Filing the annual activity report end to end (spec §2
 * `/rapport-annuel-activite/…`, §3 Annual report content, §4 deposit;
 * ADR 0017), on the acceptance-testing clock (HORLOGE_RECETTE, set by
 * playwright.config.ts): the report about year N is owed by an approval
 * begun on or before 31 December N and can be filled from 1 January to
 * 31 March N+1, so the business date is first moved to 15 June 2026 (the
 * approval is granted then), then to 15 February 2027. The operator sees
 * the home tile « À compléter », fills the three steps (documents at
 * step 3), deposits, reads the confirmation, the synthesis and its PDF,
 * and the menu link now leads to that synthesis; a superviseur downloads
 * the report's ZIP from the file page. A second test drives the page
 * /recette/horloge itself. The clock always goes back to the real date
 * afterwards (afterEach), so that the other specs see the real date. Each
 * test runs with JavaScript (project "js") and without ("sans-js"); axe on
 * every page with JavaScript; screenshots at 1280 and 375 px.
 */
import { readFile } from "node:fs/promises";
import { expect, test, type Download, type Page, type TestInfo } from "@playwright/test";
import { loginAs } from "../tests/helpers/oidc-login.ts";
import { pdfEnTexte } from "../tests/helpers/pdf.ts";
import { fauxPdf, vraiPdf } from "./fixtures/fichiers.ts";
import { nouvelOperateurAgree } from "./fixtures/operateur-agree.ts";
import { DEMO, DEMO_PASSWORD, expectNoAxeViolations, signIn } from "./support.ts";

/** Full-page screenshots of the current page at 1280 and 375 px, saved with the test's output. */
async function capturer(page: Page, info: TestInfo, nom: string) {
  const taille = page.viewportSize();
  for (const largeur of [1280, 375]) {
    await page.setViewportSize({ width: largeur, height: 800 });
    await page.screenshot({
      path: info.outputPath(`rapport-depot-${nom}-${largeur}-${info.project.name}.png`),
      fullPage: true,
    });
  }
  if (taille) await page.setViewportSize(taille);
}

/**
 * PUT /api/recette/horloge as the demo admin_fonctionnel: `date` (ISO
 * instant with offset) becomes the business date, null the real one again.
 */
async function reglerHorloge(baseURL: string, date: string | null): Promise<void> {
  const { accessToken } = await loginAs(baseURL, DEMO.admin_fonctionnel.email, DEMO_PASSWORD);
  const reponse = await fetch(`${baseURL}/api/recette/horloge`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${accessToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ date }),
  });
  expect(reponse.status, await reponse.clone().text()).toBe(200);
}

/** The bytes of a download, after checking they start with `debut`. */
async function octetsDe(telechargement: Download, debut: string): Promise<Buffer> {
  const contenu = await readFile((await telechargement.path())!);
  expect(contenu.subarray(0, debut.length).toString("latin1")).toBe(debut);
  return contenu;
}

test.afterEach(async ({ baseURL }) => {
  await reglerHorloge(baseURL!, null);
});

test("un opérateur agréé en 2026 dépose son rapport annuel d'activité 2026 en février 2027, un superviseur le télécharge", async ({
  page,
  baseURL,
  browser,
}, info) => {
  test.setTimeout(180_000);
  const js = info.project.name === "js";
  const axe = js ? expectNoAxeViolations : async () => {};

  // Approved on 15 June 2026 (Paris), so it owes the report about 2026.
  await reglerHorloge(baseURL!, "2026-06-15T12:00:00+02:00");
  const { demandeur, demande } = await nouvelOperateurAgree(page, baseURL!);
  // 15 February 2027: within the window of the 2026 report (until 31 March 2027).
  await reglerHorloge(baseURL!, "2027-02-15T12:00:00+01:00");

  // Home: the 'À compléter' tile with its deadline.
  await page.goto("/");
  await expect(page.getByText("Portail de recette : date simulée du 15/02/2027")).toBeVisible();
  const tuile = page.getByRole("link", { name: "Rapport annuel d'activité 2026" });
  await expect(page.getByText("À compléter")).toBeVisible();
  await expect(page.getByText("À déposer au plus tard le 31/03/2027 inclus.")).toBeVisible();
  await axe(page);
  await capturer(page, info, "accueil");
  await tuile.click();

  // Step 1: ETP of the structure, of the accompaniment, and one département's line.
  await expect(page).toHaveURL("/rapport-annuel-activite/2026/etape/1");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Rapport annuel d'activité 2026",
  );
  await expect(
    page.getByText(
      "Rapport sur votre activité de 2026, à déposer au plus tard le 31/03/2027 inclus.",
    ),
  ).toBeVisible();
  await page.getByLabel("Nombre d'ETP de la structure").fill("12,5");
  await page.getByLabel("Nombre d'ETP dédiés à l'accompagnement").fill("8");
  const paris = page.getByRole("group", { name: "Paris (75)" });
  await paris.getByLabel("ETP réalisés en 2026").fill("3,5");
  await paris.getByLabel("ETP prévisionnels en 2027").fill("4");
  await axe(page);
  await capturer(page, info, "etape-1");
  await page.getByRole("button", { name: "Suivant" }).click();

  // Step 2: activity, with subcontracting and its three counts ("non" with the counts
  // left blank: tests/unit/rapport-annuel-schema.test.ts).
  await expect(page).toHaveURL("/rapport-annuel-activite/2026/etape/2");
  await page.getByLabel("Nombre de contrats signés").fill("42");
  await page.getByLabel("Nombre de contrats abandonnés").fill("3");
  await page.getByLabel("Nombre de dossiers déposés").fill("37");
  await page.getByLabel("Nombre d'accompagnements prévisionnels en 2027").fill("50");
  await page
    .getByRole("group", { name: /sous-traité une partie de l'accompagnement/ })
    .getByLabel("Oui")
    .check({ force: true });
  await page.getByLabel("Nombre d'audits sous-traités").fill("5");
  await page.getByLabel("Nombre de prestations renforcées sous-traitées").fill("2");
  await page.getByLabel("Nombre de missions obligatoires complètes sous-traitées").fill("1");
  await axe(page);
  await capturer(page, info, "etape-2");
  await page.getByRole("button", { name: "Suivant" }).click();

  // Step 3: the capital changed (with a real PDF), the governance did not; deposit.
  await expect(page).toHaveURL("/rapport-annuel-activite/2026/etape/3");
  await page
    .getByRole("group", { name: "La structure du capital a-t-elle été modifiée en 2026 ?" })
    .getByLabel("Oui")
    .check({ force: true });
  await page
    .getByRole("group", { name: "La gouvernance de la structure a-t-elle été modifiée en 2026 ?" })
    .getByLabel("Non")
    .check({ force: true });
  // A text file under a PDF name is refused by the API, its message next to the field
  // (with JavaScript, from the script's answer; the chosen answers stay).
  const justificatifs = page.getByLabel(/^Justificatifs de la modification du capital/);
  await justificatifs.setInputFiles(fauxPdf("statuts-faux.pdf"));
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(
    page
      .getByText("Le type de fichier n'est pas autorisé. Formats acceptés : PDF, PNG, JPG, ZIP.")
      .first(),
  ).toBeVisible();
  await expect(page).toHaveURL("/rapport-annuel-activite/2026/etape/3");
  await expect(
    page
      .getByRole("group", { name: "La structure du capital a-t-elle été modifiée en 2026 ?" })
      .getByLabel("Oui"),
  ).toBeChecked();
  await justificatifs.setInputFiles(
    await vraiPdf("statuts-2026.pdf", "Statuts à jour au 1er septembre 2026"),
  );
  await axe(page);
  await capturer(page, info, "etape-3");
  // With JavaScript the form goes by script with a progress bar: the request is held
  // until the bar has been seen, then let through.
  let liberer = () => {};
  const retenue = new Promise<void>((resolve) => (liberer = resolve));
  if (js)
    await page.route("**/rapport-annuel-activite/2026/etape/3.data*", async (route) => {
      await retenue;
      await route.continue();
    });
  await page.getByRole("button", { name: "Soumettre" }).click();
  if (js) {
    await expect(page.getByRole("progressbar", { name: /^Envoi en cours : \d+ %$/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Soumettre" })).toBeDisabled();
    await capturer(page, info, "etape-3-envoi");
    liberer();
  }

  // The confirmation, with its notification.
  await expect(page).toHaveURL("/rapport-annuel-activite/confirmation?annee=2026");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Rapport annuel d'activité déposé",
  );
  await expect(page.locator(".portail-notification")).toBeVisible();
  await axe(page);
  await capturer(page, info, "confirmation");

  // The synthesis shows what was filled, and its PDF says it too.
  await page.getByRole("link", { name: "Voir la synthèse du rapport" }).click();
  await expect(page).toHaveURL("/rapport-annuel-activite/2026/synthese");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Synthèse du rapport annuel d'activité 2026",
  );
  await expect(page.getByText("12,5").first()).toBeVisible();
  await expect(page.getByRole("link", { name: /statuts-2026\.pdf/ })).toBeVisible();
  await axe(page);
  await capturer(page, info, "synthese");
  const [pdf] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Télécharger la synthèse (PDF)" }).click(),
  ]);
  const texte = await pdfEnTexte(await octetsDe(pdf, "%PDF-"));
  expect(texte).toContain("2026");
  expect(texte).toContain(demandeur.raisonSociale);
  expect(texte).toContain("12,5");

  // The menu link now leads to the 2026 synthesis.
  await page.goto("/");
  await page
    .getByRole("navigation", { name: "Menu principal" })
    .getByRole("link", { name: "Rapport annuel d'activité" })
    .click();
  await expect(page).toHaveURL("/rapport-annuel-activite/2026/synthese");

  // A superviseur downloads the report's ZIP from the file page.
  const contexte = await browser.newContext({
    baseURL,
    javaScriptEnabled: js,
    locale: "fr-FR",
  });
  try {
    const equipe = await contexte.newPage();
    await signIn(equipe, DEMO.superviseur.email);
    await equipe.goto(`/dossier/demande/${demande.id}`);
    const section = equipe.getByRole("region", { name: "Rapports annuels d'activité" });
    await expect(section).toBeVisible();
    await axe(equipe);
    await capturer(equipe, info, "dossier-superviseur");
    const lien = section.getByRole("link", { name: "Télécharger le rapport 2026 (ZIP)" });
    const [zip] = await Promise.all([equipe.waitForEvent("download"), lien.click()]);
    expect(zip.suggestedFilename()).toMatch(/\.zip$/);
    await octetsDe(zip, "PK");
    const reponse = await equipe.request.get((await lien.getAttribute("href"))!);
    expect(reponse.status()).toBe(200);
    expect(reponse.headers()["content-type"]).toBe("application/zip");
  } finally {
    await contexte.close();
  }
});

test("la page /recette/horloge simule une date, affiche le bandeau, puis revient à la date réelle", async ({
  page,
}, info) => {
  test.setTimeout(60_000);
  const axe = info.project.name === "js" ? expectNoAxeViolations : async () => {};
  await signIn(page, DEMO.admin_fonctionnel.email);
  await page.goto("/recette/horloge");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Horloge de recette");
  await expect(page.getByText("Aucune : date réelle")).toBeVisible();
  await expect(page.getByText(/^Portail de recette/)).toHaveCount(0);
  await axe(page);
  await capturer(page, info, "horloge");

  await page.getByLabel("Date simulée").fill("2027-02-15T12:00");
  await page.getByRole("button", { name: "Appliquer" }).click();
  await expect(page).toHaveURL("/recette/horloge");
  // The simulated clock runs on: the minute may have turned.
  await expect(
    page.locator(".portail-notification").filter({ hasText: "Date simulée : 15/02/2027 à 12:0" }),
  ).toBeVisible();
  await expect(
    page.getByText(/^Portail de recette : date simulée du 15\/02\/2027 à 12:0\d$/),
  ).toBeVisible();
  await axe(page);
  await capturer(page, info, "horloge-simulee");

  // The banner is on every page.
  await page.goto("/");
  await expect(page.getByText(/^Portail de recette : date simulée du 15\/02\/2027/)).toBeVisible();

  await page.goto("/recette/horloge");
  await page.getByRole("button", { name: "Revenir à la date réelle" }).click();
  await expect(
    page
      .locator(".portail-notification")
      .filter({ hasText: "Le portail est revenu à la date réelle." }),
  ).toBeVisible();
  await expect(page.getByText("Aucune : date réelle")).toBeVisible();
  await expect(page.getByText(/^Portail de recette/)).toHaveCount(0);
});

test("la page /recette/horloge est réservée à l'administrateur fonctionnel", async ({ page }) => {
  await signIn(page, DEMO.superviseur.email);
  const reponse = await page.goto("/recette/horloge");
  expect(reponse?.status()).toBe(403);
});
