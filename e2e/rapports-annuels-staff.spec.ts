/**
 * The staff side of the annual activity report (ADR 0017): on the file
 * page of an approved request, the section « Rapports
 * annuels d'activité » (side-menu entry, one row per year, the sentence
 * saying when the first report is due), the report's ZIP and synthesis PDF
 * streamed through the BFF (a request the user may not see: 404), and the
 * yearly CSV export from the staff's home, a GET form that works with and
 * without JavaScript; applicants see no export. axe on each page with
 * JavaScript; screenshots at 1280 and 375 px in the test's output.
 *
 * The portal runs on the real clock and the fixture's operator is approved
 * today: by ADR 0017 the year due now (the previous one) is listed as
 * `nonApplicable` and no report is owed yet; the first is about this year,
 * due by 31 March of the next. Deposited reports (their links) are covered
 * by the applicant's journey on a moved clock.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { aujourdhuiParis } from "../contract/validation.ts";
import { baseURL } from "../playwright.config.ts";
import { nouvelOperateurAgree, type OperateurAgree } from "./fixtures/operateur-agree.ts";
import { DEMO, expectNoAxeViolations, signIn, submitCredentials } from "./support.ts";

let operateur: OperateurAgree;
/** This Europe/Paris year: the operator's approval starts today. */
const ANNEE = Number(aujourdhuiParis().slice(0, 4));

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const contexte = await browser.newContext({ baseURL });
  operateur = await nouvelOperateurAgree(await contexte.newPage(), baseURL);
  await contexte.close();
});

/** Full-page screenshots of the current page at 1280 and 375 px, saved with the test's output. */
async function capturer(page: Page, info: TestInfo, nom: string) {
  const taille = page.viewportSize();
  for (const largeur of [1280, 375]) {
    await page.setViewportSize({ width: largeur, height: 800 });
    await page.screenshot({
      path: info.outputPath(`rapports-annuels-staff-${nom}-${largeur}-${info.project.name}.png`),
      fullPage: true,
    });
  }
  if (taille) await page.setViewportSize(taille);
}

test("un superviseur voit les rapports annuels d'un dossier agréé et exporte ceux d'une année", async ({
  page,
}, info) => {
  test.setTimeout(90_000);
  const axe = info.project.name === "js" ? expectNoAxeViolations : async () => {};
  const dossier = `/dossier/demande/${operateur.demande.id}`;
  await signIn(page, DEMO.superviseur.email, dossier);

  // The section and its entry in the file's side menu.
  const sommaire = page.getByRole("navigation", { name: "Sommaire du dossier" });
  await expect(
    sommaire.getByRole("link", { name: "Rapports annuels d'activité", exact: true }),
  ).toHaveAttribute("href", "#rapports-annuels");
  const section = page.getByRole("region", { name: "Rapports annuels d'activité", exact: true });
  await expect(section.getByRole("heading", { level: 2 })).toHaveText(
    "Rapports annuels d'activité",
  );
  await expect(section.locator("p").first()).toHaveText(
    "Aucun rapport annuel d'activité n'est encore dû au titre de cet agrément : le premier, " +
      `sur l'activité de ${ANNEE}, sera à déposer au plus tard le 31/03/${ANNEE + 1} inclus.`,
  );
  // One row: the previous year, not owed by an approval granted this year.
  const lignes = section.getByRole("row");
  await expect(lignes).toHaveCount(2);
  await expect(lignes.nth(0).getByRole("columnheader")).toHaveText([
    "Année",
    "État",
    "Date de dépôt",
    "Documents",
  ]);
  await expect(lignes.nth(1).getByRole("rowheader")).toHaveText(String(ANNEE - 1));
  await expect(lignes.nth(1).getByRole("cell")).toHaveText(["Non applicable", "—", "—"]);
  await expect(section.getByRole("link")).toHaveCount(0);
  await axe(page);
  await section.scrollIntoViewIfNeeded();
  await capturer(page, info, "dossier");

  // The BFF streams the year's ZIP and synthesis PDF to staff who see the request.
  const zip = await page.request.get(`${dossier}/rapport-annuel/${ANNEE - 1}/rapport.zip`);
  expect(zip.status()).toBe(200);
  expect(zip.headers()["content-type"]).toBe("application/zip");
  expect(zip.headers()["content-disposition"]).toContain(
    `rapport-annuel-${ANNEE - 1}-${operateur.agrement.numeroAgrement}.zip`,
  );
  expect((await zip.body()).subarray(0, 2).toString("latin1")).toBe("PK");
  const pdf = await page.request.get(`${dossier}/rapport-annuel/${ANNEE - 1}/synthese.pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(pdf.headers()["content-disposition"]).toContain(
    `synthese-rapport-annuel-${ANNEE - 1}.pdf`,
  );
  expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  // An unknown request, a year that is not four digits: not found.
  for (const chemin of [
    `/dossier/demande/dossier-inconnu-zzz/rapport-annuel/${ANNEE - 1}/rapport.zip`,
    `/dossier/demande/dossier-inconnu-zzz/rapport-annuel/${ANNEE - 1}/synthese.pdf`,
    `${dossier}/rapport-annuel/20a5/rapport.zip`,
  ]) {
    const reponse = await page.request.get(chemin);
    expect(reponse.status(), chemin).toBe(404);
  }

  // The staff's home: the yearly export, a GET form.
  await page.goto("/");
  const exportRapports = page.getByRole("form", { name: "Rapports annuels d'activité" });
  const annee = exportRapports.getByLabel("Année du rapport");
  await expect(annee).toHaveValue(String(ANNEE - 1));
  const annees: string[] = [];
  for (let valeur = ANNEE - 1; valeur >= 2024; valeur--) annees.push(String(valeur));
  await expect(annee.locator("option")).toHaveText(annees);
  await axe(page);
  await exportRapports.scrollIntoViewIfNeeded();
  await capturer(page, info, "accueil");

  const telechargement = page.waitForEvent("download");
  await exportRapports.getByRole("button", { name: "Exporter (CSV)" }).click();
  const fichier = await telechargement;
  expect(fichier.suggestedFilename()).toBe(`rapports-annuels-${ANNEE - 1}.csv`);
  expect(fichier.url()).toBe(`${baseURL}/rapports-annuels/export.csv?annee=${ANNEE - 1}`);

  const csv = await page.request.get(`/rapports-annuels/export.csv?annee=${ANNEE - 1}`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-type"]).toMatch(/^text\/csv/);
  const octets = await csv.body();
  expect(octets.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const lignesCsv = octets.subarray(3).toString("utf8").split("\r\n");
  expect(lignesCsv[0]).toBe(
    "Numéro d'agrément;Raison sociale;SIREN;État de l'agrément;Département du siège;" +
      "Service instructeur;Année;État du rapport;Libellé de l'état;Date de dépôt;" +
      "Date de modification;ETP de la structure;ETP d'accompagnement;" +
      "ETP par département (réalisé/prévisionnel);Contrats signés;Contrats abandonnés;" +
      "Dossiers déposés;Accompagnements prévisionnels;Sous-traitance;Audits sous-traités;" +
      "Prestations renforcées sous-traitées;Missions complètes sous-traitées;Capital modifié;" +
      "Gouvernance modifiée;Documents",
  );
  // Granted this year, the operator owes no report about the previous one: not a row.
  expect(octets.toString("utf8")).not.toContain(operateur.agrement.numeroAgrement);

  // A year that is not four digits: not found.
  const invalide = await page.request.get("/rapports-annuels/export.csv?annee=20a5");
  expect(invalide.status()).toBe(404);
});

test("un opérateur agréé n'a ni l'export des rapports annuels ni les téléchargements de l'équipe", async ({
  page,
}) => {
  test.setTimeout(60_000);
  // Terms already accepted when the fixture made the operator.
  await page.goto("/account/login");
  await submitCredentials(page, operateur.demandeur.email, operateur.demandeur.motDePasse);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `Bonjour ${operateur.demandeur.prenom}`,
  );
  await expect(page.getByRole("button", { name: "Exporter (CSV)" })).toHaveCount(0);
  for (const chemin of [
    `/rapports-annuels/export.csv?annee=${ANNEE - 1}`,
    `/dossier/demande/${operateur.demande.id}/rapport-annuel/${ANNEE - 1}/rapport.zip`,
  ]) {
    const reponse = await page.request.get(chemin);
    expect(reponse.status(), chemin).toBe(403);
  }
});
