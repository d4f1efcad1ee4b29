import { expect, test } from "@playwright/test";
import packageJson from "../package.json" with { type: "json" };
import { DEMO, expectNoAxeViolations, signIn } from "./support";

const PUBLIC_PAGES = [
  { path: "/accessibilite", h1: /accessibilité/i },
  { path: "/mentions-legales", h1: /mentions légales/i },
  { path: "/donnees-personnelles", h1: /données personnelles/i },
  { path: "/plan-de-site", h1: /plan du site/i },
  { path: "/gestion-des-cookies", h1: /cookies/i },
];

for (const { path, h1 } of PUBLIC_PAGES) {
  test(`${path} s'affiche avec son titre, son fil d'Ariane et sans défaut axe`, async ({
    page,
  }, info) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(h1);
    await expect(page).toHaveTitle(/ \| /);
    const breadcrumb = page.getByRole("navigation", { name: /vous êtes ici/i });
    await expect(breadcrumb.getByRole("link", { name: "Accueil" })).toHaveAttribute("href", "/");
    await expect(breadcrumb.locator("[aria-current=page]")).toHaveCount(1);
    await expect(page.getByText(/lorem ipsum/i)).toHaveCount(0);
    if (info.project.name === "js") await expectNoAxeViolations(page);
  });
}

test("le pied de page donne la version du portail, coupée à « @ » (spec §9)", async ({
  page,
  request,
}) => {
  const { version } = (await (await request.get("/api/version")).json()) as { version: string };
  expect(version.startsWith(`${packageJson.version}`)).toBe(true);
  await page.goto("/mentions-legales");
  const pied = page.getByRole("contentinfo");
  await expect(pied.getByText(`Version ${packageJson.version}`, { exact: true })).toBeVisible();
  await expect(pied).not.toContainText("@");
});

test("une adresse inconnue affiche la page 404", async ({ page }, info) => {
  const response = await page.goto("/cette-page-n-existe-pas");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page non trouvée");
  await expect(page.getByRole("link", { name: /accueil/i }).first()).toBeVisible();
  await expect(page.locator("a[href^='mailto:']").first()).toBeVisible();
  if (info.project.name === "js") await expectNoAxeViolations(page);
});

test("la page de connexion est accessible", async ({ page }, info) => {
  await page.goto("/account/login");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Connexion");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  if (info.project.name === "js") await expectNoAxeViolations(page);
});

// One test per account: each signs in and runs axe twice (about 12 s each beside another worker).
for (const role of ["instructeur", "demandeur"] as const) {
  test(`l'accueil et les paramètres du compte sont accessibles (${role})`, async ({
    page,
  }, info) => {
    // axe needs JavaScript; without it the same pages are still walked through.
    const axe = info.project.name === "js" ? expectNoAxeViolations : async () => {};
    await signIn(page, DEMO[role].email);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Bonjour");
    await axe(page);
    await page.goto("/account/params");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paramètres du compte");
    await axe(page);
  });
}

test("un compte sans rôle arrive sur /unauthorised, accessible", async ({ page }, info) => {
  await signIn(page, DEMO.sansRole.email);
  await expect(page).toHaveURL("/unauthorised");
  await expect(page.getByRole("link", { name: /contact|mar-agrement/i }).first()).toBeVisible();
  if (info.project.name === "js") await expectNoAxeViolations(page);
});

test("le menu est joignable sans JavaScript sur un petit écran", async ({ page }, info) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, DEMO.superviseur.email);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bonjour Nathalie");
  // With JavaScript, DSFR's menu button works once DSFR has started.
  if (info.project.name === "js")
    await page.locator('html[data-fr-js="true"]').waitFor({ state: "attached" });
  const banner = page.getByRole("banner");
  // Chosen by project, not by visibility, so as not to race the stylesheet's arrival.
  await (
    info.project.name === "js"
      ? banner.getByRole("button", { name: "Menu" })
      : banner.getByRole("link", { name: "Menu" })
  ).click();
  const nav = page.getByRole("navigation", { name: "Menu principal" });
  await expect(nav.getByRole("link", { name: "Tous les dossiers" })).toBeVisible();
});

test("le titre de page suit le modèle « page | titre du portail »", async ({ page }) => {
  await page.goto("/mentions-legales");
  const title = await page.title();
  expect(title.split(" | ")).toHaveLength(2);
  expect(title.split(" | ")[0]).toMatch(/mentions légales/i);
});

test("un POST venant d'un autre site est refusé", async ({ request }) => {
  const response = await request.post("/gestion-des-cookies", {
    headers: { origin: "https://exemple.com" },
    form: { consentement: "accepter" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  expect(await response.text()).toContain("ne provient pas du portail");
});

test("un retour de connexion rejoué affiche la page 401", async ({ page }, info) => {
  const response = await page.goto("/account/callback?code=rejoue&state=inconnu");
  expect(response?.status()).toBe(401);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accès non autorisé");
  await expect(page.getByText("Cette page n'est pas accessible au public")).toBeVisible();
  if (info.project.name === "js") await expectNoAxeViolations(page);
});
