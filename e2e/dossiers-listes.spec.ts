/**
 * The staff lists (spec §2 /tous-les-dossiers with its two tabs and
 * /mes-dossiers): deposited requests listed with their
 * badges, search, a state filter, sort links both ways, pagination, the CSV
 * download of the same filters, "my files" of the instructeur, and the 403
 * page for an applicant or a crhh on "my files". Three fresh applicants
 * deposit a request each through the API first; the demo superviseur
 * assigns the first one to the demo instructeur.
 */
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import type { DemandeDetail } from "../contract/schemas/demande.ts";
import { baseURL } from "../playwright.config.ts";
import { creerDemandeDeposable, deposer } from "../tests/helpers/demande-api.ts";
import { affecter, connecterEquipeDemo } from "../tests/helpers/instruction-api.ts";
import { loginAs } from "../tests/helpers/oidc-login.ts";
import { creerDemandeurConfirme, type DemandeurTest } from "./fixtures/demandeur.ts";
import { DEMO, expectNoAxeViolations, signIn } from "./support.ts";

interface Depot {
  demandeur: DemandeurTest;
  demande: DemandeDetail;
}

let depots: Depot[] = [];

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const contexte = await browser.newContext({ baseURL });
  const page = await contexte.newPage();
  depots = [];
  for (let index = 0; index < 3; index++) {
    const demandeur = await creerDemandeurConfirme(page);
    const { accessToken } = await loginAs(baseURL, demandeur.email, demandeur.motDePasse);
    const brouillon = await creerDemandeDeposable(baseURL, accessToken);
    depots.push({ demandeur, demande: await deposer(baseURL, accessToken, brouillon.id) });
  }
  const equipe = await connecterEquipeDemo(baseURL);
  await affecter({ baseUrl: baseURL, demandeur: "", equipe }, depots[0].demande.id);
  await contexte.close();
});

const RECHERCHE = "Rechercher (n° de dossier, raison sociale, SIREN)";

/** The row of a file, found by its number (the row header). */
const ligne = (page: Page, depot: Depot) =>
  page.getByRole("row").filter({
    has: page.getByRole("rowheader", { name: depot.demande.numeroDossier!, exact: true }),
  });

/** The file numbers of the table, top to bottom. */
async function numeros(page: Page): Promise<string[]> {
  return page.locator("table tbody th[scope=row]").allInnerTexts();
}

/** Opens the filter form, folded under its summary on every new list page. */
async function ouvrirFiltres(page: Page) {
  await page.locator("details.portail-filtres > summary").click();
  await expect(page.locator("details.portail-filtres")).toHaveAttribute("open");
}

/** Fills the filter form with `champs` and submits it; every call changes the query. */
async function filtrer(
  page: Page,
  champs: { query?: string; etat?: string; instructeur?: string },
) {
  await ouvrirFiltres(page);
  if (champs.query !== undefined) await page.getByLabel(RECHERCHE).fill(champs.query);
  if (champs.instructeur !== undefined)
    await page
      .getByLabel("Instructeur", { exact: true })
      .selectOption({ label: champs.instructeur });
  if (champs.etat !== undefined)
    await page.getByLabel("État", { exact: true }).selectOption({ label: champs.etat });
  // Wait for the filtered list (with JavaScript, the old one stays until it loads).
  const avant = page.url();
  await page.getByRole("button", { name: "Filtrer" }).click();
  await page.waitForURL((url) => url.toString() !== avant);
}

test("le superviseur voit les demandes déposées, cherche par raison sociale et filtre par état", async ({
  page,
}, info) => {
  await signIn(page, DEMO.superviseur.email);
  await page.goto("/tous-les-dossiers");
  await expect(page).toHaveURL("/tous-les-dossiers/demande");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tous les dossiers");
  await expect(page).toHaveTitle(/^Demandes d'agrément – Tous les dossiers \| /);
  const onglets = page.getByRole("navigation", { name: "Type de dossier" });
  await expect(onglets.getByRole("link", { name: "Demandes d'agrément" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(onglets.getByRole("link", { name: "Changements notables" })).not.toHaveAttribute(
    "aria-current",
  );
  const filAriane = page.getByRole("navigation", { name: /vous êtes ici/i });
  await expect(filAriane.locator("[aria-current=page]")).toHaveText("Tous les dossiers");

  // Newest deposits first (default order: deposit date, latest first).
  for (const depot of depots) {
    const rangee = ligne(page, depot);
    await expect(rangee).toContainText(depot.demandeur.raisonSociale);
    await expect(
      rangee.getByRole("link", { name: depot.demande.numeroDossier!, exact: true }),
    ).toHaveAttribute("href", `/dossier/demande/${depot.demande.id}`);
  }
  const [affectee, deposee] = depots;
  await expect(ligne(page, affectee).locator(".fr-badge", { hasText: "Affectée" })).toHaveClass(
    /fr-badge--yellow-tournesol/,
  );
  await expect(ligne(page, affectee)).toContainText("Vérification de la demande");
  await expect(ligne(page, affectee)).toContainText(/Thomas /);
  await expect(ligne(page, deposee).locator(".fr-badge", { hasText: "Déposée" })).toBeVisible();
  await expect(ligne(page, deposee)).toContainText("En attente d'affectation");
  await expect(ligne(page, deposee)).toContainText("Non affecté");
  if (info.project.name === "js") await expectNoAxeViolations(page);

  // Search by company name: that file only.
  await filtrer(page, { query: deposee.demandeur.raisonSociale });
  await expect(page).toHaveURL(/[?&]query=/);
  await expect(page.getByRole("status")).toHaveText("1 dossier");
  expect(await numeros(page)).toEqual([deposee.demande.numeroDossier]);
  await expect(page.getByText("Page 1 sur 1")).toBeVisible();
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(pagination.getByRole("link", { name: "Page suivante" })).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await expect(pagination.getByRole("link", { name: "1", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // A state filter narrows the test companies' files to the assigned one, then to the others.
  await filtrer(page, { query: "Rénov Test", etat: "Affectée" });
  await expect(ligne(page, affectee)).toHaveCount(1);
  await expect(ligne(page, deposee)).toHaveCount(0);
  await expect(page.getByLabel("État", { exact: true })).toHaveValue("affectee");
  await filtrer(page, { etat: "Déposée" });
  await expect(ligne(page, deposee)).toHaveCount(1);
  await expect(ligne(page, depots[2])).toHaveCount(1);
  await expect(ligne(page, affectee)).toHaveCount(0);

  // Files nobody was assigned yet, whatever their state.
  await filtrer(page, { etat: "Tous les états", instructeur: "Non affecté" });
  await expect(ligne(page, deposee)).toHaveCount(1);
  await expect(ligne(page, affectee)).toHaveCount(0);

  // Nothing matches: the empty state, no table.
  await filtrer(page, { query: `${deposee.demandeur.raisonSociale} introuvable` });
  await expect(page.getByRole("status")).toHaveText(
    "Aucun dossier ne correspond à votre recherche.",
  );
  await expect(page.getByRole("table")).toHaveCount(0);

  await ouvrirFiltres(page);
  await page.getByRole("link", { name: "Réinitialiser" }).click();
  await expect(page).toHaveURL("/tous-les-dossiers/demande");
  await expect(page.getByLabel(RECHERCHE)).toHaveValue("");
  await expect(ligne(page, affectee)).toHaveCount(1);
});

test("trier par n° de dossier dans les deux sens garde la recherche", async ({ page }, info) => {
  await signIn(page, DEMO.superviseur.email);
  await page.goto("/tous-les-dossiers/demande");
  await filtrer(page, { query: "Rénov Test" });
  const entete = page.getByRole("columnheader", { name: /^N° de dossier/ });
  await expect(entete).not.toHaveAttribute("aria-sort");

  await entete.getByRole("link").click();
  await expect(page).toHaveURL(/order%5BnumeroDossier%5D=asc/);
  await expect(page).toHaveURL(/query=R%C3%A9nov\+Test/);
  await expect(entete).toHaveAttribute("aria-sort", "ascending");
  const croissants = await numeros(page);
  expect(croissants.length).toBeGreaterThanOrEqual(3);
  expect(croissants).toEqual([...croissants].sort());

  await entete.getByRole("link").click();
  await expect(page).toHaveURL(/order%5BnumeroDossier%5D=desc/);
  await expect(entete).toHaveAttribute("aria-sort", "descending");
  const decroissants = await numeros(page);
  expect(decroissants).toEqual([...decroissants].sort().reverse());
  expect(decroissants[0]).not.toBe(croissants[0]);
  // The search box still holds the search after sorting.
  await expect(page.getByLabel(RECHERCHE)).toHaveValue("Rénov Test");
  if (info.project.name === "js") await expectNoAxeViolations(page);
});

test("le nombre de dossiers, la pagination et les filtres rapides", async ({ page }) => {
  await signIn(page, DEMO.superviseur.email);
  await page.goto("/tous-les-dossiers/demande");
  const compte = await page.getByRole("status").innerText();
  expect(compte).toMatch(/^[\d\s]+ dossiers?$/);
  const total = Number(compte.replace(/\D/g, ""));
  expect(total).toBeGreaterThanOrEqual(3);
  const pages = Math.ceil(total / 20);
  await expect(page.getByText(`Page 1 sur ${pages}`)).toBeVisible();
  expect(await numeros(page)).toHaveLength(Math.min(total, 20));
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  if (pages > 1) {
    await pagination.getByRole("link", { name: "Page suivante" }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByText(`Page 2 sur ${pages}`)).toBeVisible();
  } else {
    await expect(pagination.getByRole("link", { name: "Dernière page" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
  }

  // Unknown parameters are dropped and a page beyond the last one leads to the last one.
  await page.goto(
    `/tous-les-dossiers/demande?inconnu=1&page=999&query=${encodeURIComponent(depots[1].demandeur.raisonSociale)}`,
  );
  await expect(page).toHaveURL(
    `/tous-les-dossiers/demande?query=${encodeURIComponent(depots[1].demandeur.raisonSociale).replace(/%20/g, "+")}`,
  );
  await expect(page.getByText("Page 1 sur 1")).toBeVisible();

  // Quick filter: none of the fresh deposits is deemed rejected.
  await page.goto("/tous-les-dossiers/demande");
  await page.getByRole("link", { name: "Réputés rejetés" }).click();
  await expect(page).toHaveURL(/reputesRejetes=true/);
  await expect(page.getByLabel("Réputés rejetés uniquement")).toBeChecked();
  for (const depot of depots) await expect(ligne(page, depot)).toHaveCount(0);
  await page.getByRole("link", { name: /Réputés rejetés.*filtre actif/ }).click();
  await expect(page).toHaveURL("/tous-les-dossiers/demande");
  await expect(ligne(page, depots[0])).toHaveCount(1);
});

test("le lien « Télécharger (CSV) » télécharge la liste filtrée avec son en-tête en français", async ({
  page,
}) => {
  await signIn(page, DEMO.superviseur.email);
  const depot = depots[2];
  await page.goto(
    `/tous-les-dossiers/demande?query=${encodeURIComponent(depot.demandeur.raisonSociale)}`,
  );
  await expect(page.getByRole("status")).toHaveText("1 dossier");
  const telechargement = page.waitForEvent("download");
  await page.getByRole("link", { name: "Télécharger (CSV)" }).click();
  const fichier = await telechargement;
  expect(fichier.suggestedFilename()).toMatch(/\.csv$/);
  const texte = await readFile((await fichier.path())!, "utf8");
  const lignes = texte
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/);
  const entetes = lignes[0].split(";");
  expect(entetes).toEqual(expect.arrayContaining(["Raison sociale", "SIREN", "État"]));
  // Only the searched file: the download carried the page's filters.
  expect(lignes).toHaveLength(2);
  expect(lignes[1]).toContain(depot.demande.numeroDossier);
  expect(lignes[1]).toContain(depot.demandeur.raisonSociale);
});

test("l'onglet « Changements notables » et son alias", async ({ page }, info) => {
  await signIn(page, DEMO.superviseur.email);
  await page.goto("/tous-les-dossiers/demande");
  await page
    .getByRole("navigation", { name: "Type de dossier" })
    .getByRole("link", { name: "Changements notables" })
    .click();
  await expect(page).toHaveURL("/tous-les-dossiers/changements-notables");
  await expect(page).toHaveTitle(/^Changements notables – Tous les dossiers \| /);
  await expect(
    page.getByRole("navigation", { name: "Type de dossier" }).getByRole("link", {
      name: "Changements notables",
    }),
  ).toHaveAttribute("aria-current", "page");
  await ouvrirFiltres(page);
  await expect(page.getByLabel("Type de changement")).toBeVisible();
  for (const depot of depots) await expect(ligne(page, depot)).toHaveCount(0);
  if (info.project.name === "js") await expectNoAxeViolations(page);

  await page.goto("/tous-les-dossiers/changement-notable?query=abc");
  await expect(page).toHaveURL("/tous-les-dossiers/changements-notables?query=abc");
});

test("« Mes dossiers » de l'instructeur : les dossiers qui lui sont affectés", async ({
  page,
}, info) => {
  await signIn(page, DEMO.instructeur.email);
  await page.goto("/mes-dossiers");
  await expect(page).toHaveURL("/mes-dossiers/demande");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mes dossiers");
  await expect(page).toHaveTitle(/^Demandes d'agrément – Mes dossiers \| /);
  await expect(ligne(page, depots[0])).toHaveCount(1);
  await expect(ligne(page, depots[1])).toHaveCount(0);
  await expect(ligne(page, depots[2])).toHaveCount(0);
  if (info.project.name === "js") await expectNoAxeViolations(page);

  // The same instructeur sees his service's other files under "Tous les dossiers".
  await page.goto("/tous-les-dossiers/demande");
  await expect(ligne(page, depots[1])).toHaveCount(1);
});

test("« Mes dossiers » du superviseur : les dossiers de son périmètre qui l'attendent, pas tous", async ({
  page,
}, info) => {
  await signIn(page, DEMO.superviseur.email);
  await page.goto("/tous-les-dossiers/demande");
  await expect(ligne(page, depots[0])).toHaveCount(1);
  await expect(ligne(page, depots[1])).toHaveCount(1);

  // depots[1] waits to be assigned: his; depots[0] is with its instructeur (ADR 0015).
  await page.goto("/mes-dossiers/demande");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mes dossiers");
  await expect(ligne(page, depots[1])).toHaveCount(1);
  await expect(ligne(page, depots[0])).toHaveCount(0);
  if (info.project.name === "js") await expectNoAxeViolations(page);
});

test("un demandeur reçoit « Non Autorisé » (403) sur les listes, un crhh sur « Mes dossiers »", async ({
  page,
}) => {
  await signIn(page, DEMO.demandeur.email);
  for (const chemin of ["/tous-les-dossiers/demande", "/mes-dossiers/demande"]) {
    const reponse = await page.goto(chemin);
    expect(reponse?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Non Autorisé");
  }
  const csv = await page.request.get("/tous-les-dossiers/demande/export.csv");
  expect(csv.status()).toBe(403);

  await page.context().clearCookies();
  await signIn(page, DEMO.crhh.email);
  const reponse = await page.goto("/mes-dossiers/demande");
  expect(reponse?.status()).toBe(403);
  await page.goto("/tous-les-dossiers/demande");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tous les dossiers");
});
