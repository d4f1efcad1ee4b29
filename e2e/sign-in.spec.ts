import { expect, test } from "@playwright/test";
import { DEMO, signIn, submitCredentials } from "./support";

/** What each role must find on its home page (spec §2 "Home for staff", §6). */
const HOMES = [
  {
    role: "mar_admin",
    voit: ["Tous les dossiers", "Référentiel des établissements"],
    nevoitpas: ["Mes dossiers", "Gestion des comptes", "Liste des établissements"],
  },
  {
    role: "anah_centrale",
    voit: ["Tous les dossiers", "Référentiel des établissements"],
    nevoitpas: ["Mes dossiers", "Gestion des comptes", "Liste des établissements"],
  },
  {
    role: "crhh",
    voit: ["Tous les dossiers"],
    nevoitpas: [
      "Mes dossiers",
      "Gestion des comptes",
      "Référentiel des établissements",
      "Liste des établissements",
    ],
  },
  {
    role: "instructeur",
    voit: ["Mes dossiers", "Tous les dossiers", "Liste des établissements"],
    nevoitpas: ["Gestion des comptes", "Référentiel des établissements"],
  },
  {
    role: "superviseur",
    voit: ["Mes dossiers", "Tous les dossiers", "Liste des établissements"],
    nevoitpas: ["Gestion des comptes", "Référentiel des établissements"],
  },
  {
    role: "admin_fonctionnel",
    voit: ["Gestion des comptes"],
    nevoitpas: [
      "Mes dossiers",
      "Tous les dossiers",
      "Référentiel des établissements",
      "Liste des établissements",
    ],
  },
] as const;

for (const home of HOMES) {
  test(`${home.role} se connecte et voit ses tuiles`, async ({ page }) => {
    const account = DEMO[home.role];
    await signIn(page, account.email);
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Bonjour ${account.prenom}`);
    await expect(page).toHaveTitle(/^Accueil \| /);
    const main = page.locator("main");
    for (const titre of home.voit) {
      await expect(main.getByRole("link", { name: titre, exact: true })).toBeVisible();
    }
    for (const titre of home.nevoitpas) {
      await expect(main.getByRole("link", { name: titre, exact: true })).toHaveCount(0);
    }
    // The card with service and role links to the account settings (spec §2 Home for staff).
    await expect(main.locator('a[href="/account/params"]')).toBeVisible();
    // Every tile and every entry of the role's menu opens a page of the portal.
    const liens = await page
      .locator("main .fr-tile a[href], #navigation a[href]")
      .evaluateAll((ancres) => ancres.map((ancre) => ancre.getAttribute("href")!));
    for (const href of new Set(liens)) {
      const reponse = await page.request.get(href);
      expect(reponse.status(), href).toBe(200);
    }
  });
}

test("le demandeur se connecte et peut commencer une demande", async ({ page }) => {
  await signIn(page, DEMO.demandeur.email);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bonjour Camille");
  await expect(page.getByText("Aucune demande en cours")).toBeVisible();
  await expect(page.getByRole("link", { name: "Déposer une demande d'agrément" })).toHaveAttribute(
    "href",
    "/demande/formulaire",
  );
});

test("un mauvais mot de passe est refusé en français", async ({ page }) => {
  await page.goto("/account/login");
  await submitCredentials(page, DEMO.instructeur.email, "Mauvais-mot-de-passe-1");
  await expect(page.getByText("Adresse électronique ou mot de passe incorrect.")).toBeVisible();
  await expect(page.getByLabel("Adresse électronique")).toHaveValue(DEMO.instructeur.email);
});

test("après connexion, l'utilisateur revient à la page demandée (redirectUrl)", async ({
  page,
}) => {
  await page.goto("/account/params");
  await submitCredentials(page, DEMO.superviseur.email);
  await expect(page).toHaveURL("/account/params");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paramètres du compte");
  // Shown in the account's information and again in the e-mail change section.
  await expect(page.getByText(DEMO.superviseur.email, { exact: true })).toHaveCount(2);
});

for (const offSite of ["https://exemple.com/piege", "//exemple.com", "/\\exemple.com"]) {
  test(`un redirectUrl hors du portail (${offSite}) mène à l'accueil`, async ({ page }) => {
    await page.goto(`/account/login?redirectUrl=${encodeURIComponent(offSite)}`);
    await submitCredentials(page, DEMO.crhh.email);
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bonjour Sophie");
  });
}

test("un utilisateur sans rôle métier est envoyé vers /unauthorised", async ({ page }) => {
  await signIn(page, DEMO.sansRole.email);
  await expect(page).toHaveURL("/unauthorised");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accès non autorisé");
  await page.goto("/account/params");
  await expect(page).toHaveURL("/unauthorised");
});

test("la déconnexion ramène à la page de connexion", async ({ page }) => {
  await signIn(page, DEMO.instructeur.email);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bonjour Thomas");
  // A form's button (e2e/deconnexion.spec.ts).
  await page
    .getByRole("banner")
    .locator(".fr-header__tools-links")
    .getByRole("button", { name: "Se déconnecter" })
    .click();
  // One step: the provider asks nothing more, with or without JavaScript.
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Connexion");
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Connexion");
});

test("un cookie de session falsifié renvoie vers la connexion, sans erreur", async ({
  page,
  context,
  baseURL,
}) => {
  await context.addCookies([{ name: "__session", value: "falsifie.abc", url: baseURL! }]);
  const response = await page.goto("/");
  expect(response?.status()).toBeLessThan(500);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Connexion");
});
