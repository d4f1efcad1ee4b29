/**
 * The staff lists' first screen, JavaScript on and
 * off: the filters fold into a DSFR accordion (`<details>`) whose summary
 * shows the active filters as tags, so that at 1280×800 the table starts
 * in the first screen; the tabs show the files of each whole tab
 * (`GET /api/demande/count`, ADR 0026), the number the bare list gives; an
 * empty list says why: "Aucun dossier ne correspond à votre recherche."
 * after a filter, the list's own sentence without one. Same fold on the
 * establishments list. Screenshots at 1280×800 and 375 px in
 * test-results/captures-listes/.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { baseURL } from "../playwright.config.ts";
import { creerDemandeDeposable, deposer } from "../tests/helpers/demande-api.ts";
import { loginAs } from "../tests/helpers/oidc-login.ts";
import { creerDemandeurConfirme, type DemandeurTest } from "./fixtures/demandeur.ts";
import { DEMO, expectNoAxeViolations, signIn } from "./support.ts";

let demandeur: DemandeurTest;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000);
  const contexte = await browser.newContext({ baseURL });
  const page = await contexte.newPage();
  demandeur = await creerDemandeurConfirme(page);
  const { accessToken } = await loginAs(baseURL, demandeur.email, demandeur.motDePasse);
  const brouillon = await creerDemandeDeposable(baseURL, accessToken);
  await deposer(baseURL, accessToken, brouillon.id);
  await contexte.close();
});

/** The fold of the filters: its `<details>` and its summary. */
const pli = (page: Page) => page.locator("details.portail-filtres");

/** Whether the top of the table's first row shows in the window (the first screen). */
async function tableauDansLePremierEcran(page: Page): Promise<boolean> {
  const boite = await page.locator("table tbody tr").first().boundingBox();
  const hauteur = page.viewportSize()!.height;
  return boite !== null && boite.y + boite.height <= hauteur;
}

/** Screenshots of the page's first screen at 1280×800 and 375×812 (JS project only). */
async function capturer(page: Page, info: TestInfo, nom: string) {
  if (info.project.name !== "js") return;
  for (const [largeur, hauteur] of [
    [1280, 800],
    [375, 812],
  ]) {
    await page.setViewportSize({ width: largeur, height: hauteur });
    await page.screenshot({ path: `test-results/captures-listes/${nom}-${largeur}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
});

test("« Tous les dossiers » : filtres pliés, table dans le premier écran, nombres des onglets", async ({
  page,
}, info) => {
  await signIn(page, DEMO.superviseur.email);
  await page.goto("/tous-les-dossiers/demande");
  await expect(pli(page)).not.toHaveAttribute("open");
  await expect(pli(page).locator("summary")).toContainText("Filtrer les dossiers");
  await expect(page.getByRole("list", { name: "Filtres actifs" })).toHaveCount(0);
  expect(await tableauDansLePremierEcran(page)).toBe(true);

  // Each tab shows the files of the whole tab: the number the bare list gives.
  const onglets = page.getByRole("navigation", { name: "Type de dossier" });
  const nombre = async () =>
    Number((await page.getByRole("status").innerText()).replace(/\D/g, ""));
  const demandes = await nombre();
  expect(demandes).toBeGreaterThanOrEqual(1);
  await expect(onglets.getByRole("link", { name: "Demandes d'agrément" })).toHaveText(
    `Demandes d'agrément (${demandes.toLocaleString("fr-FR")})`,
  );
  if (info.project.name === "js") await expectNoAxeViolations(page);
  await capturer(page, info, "tous-les-dossiers");

  await onglets.getByRole("link", { name: "Changements notables" }).click();
  await expect(page).toHaveURL("/tous-les-dossiers/changements-notables");
  const statut = await page.getByRole("status").innerText();
  const changements = /^Aucun/.test(statut) ? 0 : await nombre();
  await expect(onglets.getByRole("link", { name: "Changements notables" })).toHaveText(
    `Changements notables (${changements.toLocaleString("fr-FR")})`,
  );
  await expect(onglets.getByRole("link", { name: "Demandes d'agrément" })).toHaveText(
    `Demandes d'agrément (${demandes.toLocaleString("fr-FR")})`,
  );
});

test("filtrer depuis le pli : les filtres actifs en étiquettes, le pli refermé, les nombres des onglets inchangés", async ({
  page,
}, info) => {
  await signIn(page, DEMO.superviseur.email);
  await page.goto("/tous-les-dossiers/demande");
  const onglet = page
    .getByRole("navigation", { name: "Type de dossier" })
    .getByRole("link", { name: "Demandes d'agrément" });
  const avant = await onglet.innerText();

  await pli(page).locator("summary").click();
  await expect(pli(page)).toHaveAttribute("open");
  await page
    .getByLabel("Rechercher (n° de dossier, raison sociale, SIREN)")
    .fill(demandeur.raisonSociale);
  await page.getByLabel("État", { exact: true }).selectOption({ label: "Déposée" });
  await page.getByRole("button", { name: "Filtrer" }).click();
  await expect(page).toHaveURL(/[?&]query=/);
  await expect(page.getByRole("status")).toHaveText("1 dossier");
  await expect(pli(page)).not.toHaveAttribute("open");
  const etiquettes = page.getByRole("list", { name: "Filtres actifs" }).getByRole("listitem");
  await expect(etiquettes).toHaveText([`« ${demandeur.raisonSociale} »`, "Déposée"]);
  expect(await tableauDansLePremierEcran(page)).toBe(true);
  // The tabs count the whole tab, whatever the filters.
  await expect(onglet).toHaveText(avant);
  if (info.project.name === "js") await expectNoAxeViolations(page);
  await capturer(page, info, "tous-les-dossiers-filtres");

  // Nothing matches: the search's empty state, no table.
  await pli(page).locator("summary").click();
  await page
    .getByLabel("Rechercher (n° de dossier, raison sociale, SIREN)")
    .fill(`${demandeur.raisonSociale} introuvable`);
  await page.getByRole("button", { name: "Filtrer" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Aucun dossier ne correspond à votre recherche.",
  );
  await expect(page.getByRole("table")).toHaveCount(0);
});

test("« Mes dossiers » : sans filtre, une liste vide le dit sans parler de recherche", async ({
  page,
}, info) => {
  await signIn(page, DEMO.instructeur.email);
  await page.goto("/mes-dossiers/changements-notables");
  await expect(pli(page)).not.toHaveAttribute("open");
  const onglet = page
    .getByRole("navigation", { name: "Type de dossier" })
    .getByRole("link", { name: "Changements notables" });
  const compte = Number((await onglet.innerText()).replace(/\D/g, ""));
  // The tab's number is the bare list's: empty, the list's own sentence.
  await expect(page.getByRole("status")).toHaveText(
    compte === 0
      ? "Aucun dossier ne vous est affecté."
      : `${compte.toLocaleString("fr-FR")} dossier${compte > 1 ? "s" : ""}`,
  );
  await page.goto("/mes-dossiers/demande?query=introuvable-zzz");
  await expect(page.getByRole("status")).toHaveText(
    "Aucun dossier ne correspond à votre recherche.",
  );
  await expect(page.getByRole("list", { name: "Filtres actifs" }).getByRole("listitem")).toHaveText(
    ["« introuvable-zzz »"],
  );
  if (info.project.name === "js") await expectNoAxeViolations(page);
  await page.goto("/mes-dossiers/demande");
  await capturer(page, info, "mes-dossiers");
});

test("la liste des établissements : filtres pliés avec leurs étiquettes", async ({
  page,
}, info) => {
  await signIn(page, DEMO.anah_centrale.email);
  await page.goto("/etablissements/liste");
  await expect(pli(page)).not.toHaveAttribute("open");
  await expect(pli(page).locator("summary")).toContainText("Filtrer les établissements");
  if (info.project.name === "js") await expectNoAxeViolations(page);
  await capturer(page, info, "etablissements-liste");

  await pli(page).locator("summary").click();
  await page.getByLabel("Département d'intervention").selectOption("75");
  await page.getByRole("button", { name: "Filtrer" }).click();
  await expect(page).toHaveURL(/departements/);
  await expect(pli(page)).not.toHaveAttribute("open");
  await expect(page.getByRole("list", { name: "Filtres actifs" }).getByRole("listitem")).toHaveText(
    ["75 – Paris"],
  );
  await expect(page.getByLabel("Département d'intervention")).toHaveValue("75");
});
