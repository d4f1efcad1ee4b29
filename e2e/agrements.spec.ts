/**
 * The approvals list and the page of one approval:
 * a manager finds an approval by SIREN and opens it; the central staff see
 * the tile and the menu entry, a demandeur gets the 403 page. axe on each
 * page, screenshots at 1280 and 375 px. Run with and without JavaScript
 * (projects js and sans-js).
 *
 * A fresh operator is approved through the API (fixtures/operateur-agree.ts).
 */
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { baseURL } from "../playwright.config.ts";
import { nouvelOperateurAgree, type OperateurAgree } from "./fixtures/operateur-agree.ts";
import { DEMO, expectNoAxeViolations, signIn } from "./support.ts";

let operateur: OperateurAgree;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const contexte = await browser.newContext({ baseURL });
  const page = await contexte.newPage();
  operateur = await nouvelOperateurAgree(page, baseURL);
  await contexte.close();
});

/** The sentence that counts the results of the list. */
const resultats = (page: Page) => page.locator("#resultats-titre + p");

/** Full-page screenshots at 1280 and 375 px (in the system's temporary folder), to look at. */
async function captures(page: Page, nom: string, projet: string) {
  // Outside test-results/, which the next Playwright run empties.
  const dossier = join(tmpdir(), "captures-agrements");
  await mkdir(dossier, { recursive: true });
  for (const largeur of [1280, 375]) {
    await page.setViewportSize({ width: largeur, height: 800 });
    await page.screenshot({
      path: join(dossier, `${nom}-${projet}-${largeur}.png`),
      fullPage: true,
      animations: "disabled",
    });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("un gestionnaire trouve un agrément par SIREN et l'ouvre", async ({ page }, info) => {
  test.setTimeout(90_000);
  const js = info.project.name === "js";
  const axe = js ? expectNoAxeViolations : async () => {};
  await signIn(page, DEMO.instructeur.email, "/agrements");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Agréments");
  await axe(page);

  const siren = operateur.demandeur.siren;
  // The filters are folded under their summary: open them.
  await page.locator("details.portail-filtres > summary").click();
  await page
    .getByLabel("Rechercher (n° d'agrément, raison sociale, SIREN)")
    .fill(`${siren.slice(0, 3)} ${siren.slice(3, 6)} ${siren.slice(6)}`);
  await page.getByLabel("En cours").check({ force: true });
  await page.getByRole("button", { name: "Filtrer" }).click();
  await expect(page).toHaveURL(/etat%5B%5D=en_cours/);
  await expect(resultats(page)).toHaveText("1 agrément");
  const ligne = page.getByRole("row").filter({ hasText: operateur.agrement.numeroAgrement });
  await expect(ligne).toContainText(operateur.demandeur.raisonSociale);
  await expect(ligne).toContainText("En cours de validité");
  // The folded filters show what is active.
  await expect(page.getByRole("list", { name: "Filtres actifs" })).toContainText("En cours");
  await axe(page);
  await captures(page, "liste", info.project.name);

  await ligne.getByRole("link", { name: operateur.agrement.numeroAgrement }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `Agrément n° ${operateur.agrement.numeroAgrement}`,
  );
  await expect(page.getByRole("navigation", { name: /vous êtes ici/i })).toContainText("Agréments");
  for (const section of [
    "Informations",
    "Attestations",
    "Procédures de retrait",
    "Changements notables",
    "Établissements référencés",
    "Rapports annuels d'activité",
    "Compléments reçus",
  ])
    await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
  await expect(page.getByText("Aucune procédure de retrait n'a été engagée.")).toBeVisible();
  await expect(
    page.getByRole("link", { name: /Dossier de la demande d'agrément n°/ }),
  ).toHaveAttribute("href", `/dossier/demande/${operateur.demande.id}`);
  await axe(page);
  await captures(page, "agrement", info.project.name);

  // Nothing matches: the sentence says the search is the cause.
  await page.goto("/agrements?query=aucun-agrement-zzz");
  await expect(resultats(page)).toHaveText("Aucun agrément ne correspond à votre recherche.");
});

test("le central voit la tuile et le menu ; le CSV suit les filtres", async ({ page }) => {
  await signIn(page, DEMO.anah_centrale.email, "/");
  await expect(page.getByRole("link", { name: /^Agréments/ }).first()).toBeVisible();
  await page.goto(`/agrements?query=${operateur.demandeur.siren}`);
  await expect(resultats(page)).toHaveText("1 agrément");
  const telechargement = await page.request.get(
    `/agrements/export.csv?query=${operateur.demandeur.siren}`,
  );
  expect(telechargement.status()).toBe(200);
  const csv = await telechargement.body();
  expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const lignes = csv.subarray(3).toString("utf8").trimEnd().split("\r\n");
  expect(lignes).toHaveLength(2);
  expect(lignes[1].startsWith(`${operateur.agrement.numeroAgrement};`)).toBe(true);
});

test("un demandeur reçoit la page 403", async ({ page }) => {
  await signIn(page, DEMO.demandeur.email, "/");
  const reponse = await page.goto("/agrements");
  expect(reponse?.status()).toBe(403);
});
