import { expect, test, type Page } from "@playwright/test";
import { DEMO, expectNoAxeViolations, signIn } from "./support";

/**
 * Signing out takes a POST from a page of the portal (the
 * header's button, a real form that works without JavaScript). A GET of
 * /account/logout, from a link, a redirect or an image of another site,
 * only shows the page with the button; the session stays.
 */

/** Another site, served by the browser itself: whatever `html` says. */
const AUTRE_SITE = "http://site-malveillant.example";

async function servirAutreSite(page: Page, html: string) {
  await page.route(`${AUTRE_SITE}/**`, (route) =>
    route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
  );
}

async function connecte(page: Page) {
  await signIn(page, DEMO.instructeur.email);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bonjour Thomas");
}

/** Still signed in: the home page greets the user. */
async function toujoursConnecte(page: Page) {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bonjour Thomas");
}

/**
 * Clicks "Se déconnecter" within `zone` and expects to land on the sign-in
 * page through /account/login (spec §2) in one step: the identity provider
 * ends its session on the server and shows no page of its own, with or
 * without JavaScript.
 */
async function seDeconnecterDepuis(page: Page, zone: ReturnType<Page["locator"]>) {
  const chemins: string[] = [];
  const reponses: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest()) chemins.push(new URL(request.url()).pathname);
  });
  page.on("response", (response) => {
    const chemin = new URL(response.url()).pathname;
    if (chemin.endsWith("/protocol/openid-connect/logout"))
      reponses.push(`${response.status()} ${chemin}`);
  });
  await zone.getByRole("button", { name: "Se déconnecter" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Connexion");
  expect(chemins).toContain("/account/logout");
  expect(chemins).toContain("/account/login");
  // The provider's end-session answered a redirect, not a "Déconnexion" page.
  expect(reponses).toEqual(["303 /realms/mar_users/protocol/openid-connect/logout"]);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Connexion");
}

test("un GET de /account/logout venu d'un autre site ne déconnecte pas", async ({
  page,
  baseURL,
}) => {
  await connecte(page);
  const logout = `${baseURL}/account/logout`;
  // An image, then a redirect of the whole page (no script needed).
  await servirAutreSite(
    page,
    `<!doctype html><title>Autre site</title><img src="${logout}" alt="">` +
      `<meta http-equiv="refresh" content="0;url=${logout}">`,
  );
  await page.goto(`${AUTRE_SITE}/piege`);
  await expect(page).toHaveURL("/account/logout");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Se déconnecter");
  await toujoursConnecte(page);

  // A sign-out posted by another site is refused (origin checked).
  const refus = await page.request.post("/account/logout", {
    headers: { origin: AUTRE_SITE },
    form: {},
    maxRedirects: 0,
  });
  expect(refus.status()).toBe(403);
  await toujoursConnecte(page);
});

test("la page /account/logout propose le bouton, qui déconnecte", async ({ page }, info) => {
  await connecte(page);
  const reponse = await page.goto("/account/logout");
  expect(reponse?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Se déconnecter");
  if (info.project.name === "js") await expectNoAxeViolations(page);
  await seDeconnecterDepuis(page, page.getByRole("main"));
});

test("le bouton « Se déconnecter » de l'en-tête déconnecte et ramène à /account/login", async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await connecte(page);
  const bouton = page.getByRole("banner").getByRole("button", { name: "Se déconnecter" });
  await expect(bouton.filter({ visible: true })).toHaveCount(1);
  // For a look at the button among DSFR's header tools (the test's output folder).
  await page.getByRole("banner").screenshot({ path: info.outputPath("entete-1280.png") });
  await seDeconnecterDepuis(page, page.getByRole("banner").locator(".fr-header__tools-links"));
});

test("sur un petit écran, le menu de l'en-tête donne le bouton « Se déconnecter »", async ({
  page,
}, info) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await connecte(page);
  if (info.project.name === "js")
    await page.locator('html[data-fr-js="true"]').waitFor({ state: "attached" });
  const banner = page.getByRole("banner");
  // Without JS the DSFR button is hidden by CSS and a link opens the menu; choosing
  // by project (not by visibility) avoids racing the stylesheet's arrival.
  const ouvrir =
    info.project.name === "js"
      ? banner.getByRole("button", { name: "Menu" })
      : banner.getByRole("link", { name: "Menu" });
  // The control is the DSFR 40 px square beside the logo, never over it (at 375 px
  // without JS the link once shrank to 16 px and its icon sat on the Marianne).
  const boite = await ouvrir.boundingBox();
  const logo = await banner.locator(".fr-header__logo").boundingBox();
  expect(boite && Math.round(boite.width)).toBe(40);
  expect(boite && Math.round(boite.height)).toBe(40);
  expect(boite && logo && boite.x >= logo.x + logo.width).toBe(true);
  await ouvrir.click();
  const menu = page.locator("#header-menu");
  await expect(menu.getByRole("button", { name: "Se déconnecter" })).toBeVisible();
  await page.screenshot({ path: info.outputPath("menu-375.png") });
  await seDeconnecterDepuis(page, menu);
});
