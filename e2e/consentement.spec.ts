/**
 * Cookie consent and audience measurement (spec §1, §9; ADR 0023), with
 * JavaScript and without.
 *
 * On the run's portal (Matomo off, the embedded default): the DSFR banner
 * on every page until a choice, its buttons set `gdpr-cookies-consent` for
 * 365 days (SameSite=Lax; not Secure on this http portal, like the session
 * cookie) and come back to the same page, "Personnaliser" and the footer's
 * "Gestion des cookies" reopen the choice, axe finds nothing.
 *
 * On a second portal whose MATOMO_URL is a local recorder
 * (fixtures/matomo-enregistreur.ts): nothing reaches it before consent or
 * after a refusal; after acceptance one page view per page, with the page's
 * title, none for the four excluded pages, and for a signed-in user only
 * the salted SHA-256 of his identifier, never the identifier or his e-mail.
 */
import { createHash } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { baseURL } from "../playwright.config.ts";
import { loginAs } from "../tests/helpers/oidc-login.ts";
import {
  demarrerEnregistreurMatomo,
  type EnregistreurMatomo,
} from "./fixtures/matomo-enregistreur.ts";
import {
  SEL_MATOMO_DE_TEST,
  SITE_MATOMO_DE_TEST,
  demarrerPortailMesure,
  type PortailMesure,
} from "./fixtures/portail-mesure.ts";
import { DEMO, DEMO_PASSWORD, expectNoAxeViolations, signIn } from "./support.ts";

const COOKIE = "gdpr-cookies-consent";

// Every other spec starts with the choice made (playwright.config.ts); these
// start as a first visit.
test.use({ storageState: { cookies: [], origins: [] } });
const TITRE_BANDEAU = "Cookies et mesure d'audience";

/** The consent banner of the page. */
const bandeau = (page: Page) => page.getByRole("region", { name: TITRE_BANDEAU });

/** Screenshots at 1280 and 375 px for the reviewer (not compared). */
async function capturer(page: Page, info: TestInfo, nom: string) {
  const dossier = info.outputPath("captures");
  await mkdir(dossier, { recursive: true });
  for (const largeur of [1280, 375]) {
    await page.setViewportSize({ width: largeur, height: 812 });
    // The banner sits in the page's flow: the title stays on the first screen, even on a phone.
    await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
    await page.screenshot({ path: `${dossier}/${nom}-${largeur}.png`, fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.describe("bandeau de consentement (mesure coupée)", () => {
  test("le bandeau s'affiche sur chaque page tant qu'aucun choix n'est fait ; « Tout refuser » revient à la même page", async ({
    page,
    context,
  }, info) => {
    await page.goto("/plan-de-site?origine=test");
    await expect(bandeau(page)).toBeVisible();
    await expect(bandeau(page).getByRole("button", { name: "Tout accepter" })).toBeVisible();
    await expect(bandeau(page).getByRole("button", { name: "Tout refuser" })).toBeVisible();
    await expect(bandeau(page).getByRole("link", { name: "Personnaliser" })).toBeVisible();
    if (info.project.name === "js") await expectNoAxeViolations(page);
    await capturer(page, info, "bandeau-consentement");
    await page.goto("/mentions-legales");
    await expect(bandeau(page)).toBeVisible();

    await page.goto("/plan-de-site?origine=test");
    await bandeau(page).getByRole("button", { name: "Tout refuser" }).click();
    await expect(page).toHaveURL("/plan-de-site?origine=test");
    await expect(
      page.getByText("Votre choix a bien été enregistré : la mesure d'audience est désactivée."),
    ).toBeVisible();
    await expect(bandeau(page)).toHaveCount(0);
    const cookie = (await context.cookies()).find((c) => c.name === COOKIE);
    expect(cookie?.value).toBe("all=false");
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie?.path).toBe("/");
    // http://localhost: not Secure, as the session cookie (https portals get Secure).
    expect(cookie?.secure).toBe(false);
    const jours = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(jours).toBeGreaterThan(364.9);
    expect(jours).toBeLessThan(365.1);
    await page.goto("/mentions-legales");
    await expect(bandeau(page)).toHaveCount(0);
  });

  test("« Personnaliser » ouvre la gestion des cookies, le choix revient à la page de départ ; le lien du pied de page rouvre le choix", async ({
    page,
    context,
  }, info) => {
    await page.goto("/plan-de-site");
    await bandeau(page).getByRole("link", { name: "Personnaliser" }).click();
    await expect(page).toHaveURL("/gestion-des-cookies?redirectTo=%2Fplan-de-site");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gestion des cookies");
    // The page holds the choice itself: no banner over it.
    await expect(bandeau(page)).toHaveCount(0);
    if (info.project.name === "js") await expectNoAxeViolations(page);
    await capturer(page, info, "gestion-des-cookies");
    // DSFR draws the radio under its label: the label is what a user clicks.
    await page.getByText("Accepter", { exact: true }).click();
    await page.getByRole("button", { name: "Confirmer mes choix" }).click();
    await expect(page).toHaveURL("/plan-de-site");
    expect((await context.cookies()).find((c) => c.name === COOKIE)?.value).toBe("all=true");

    await page.getByRole("contentinfo").getByRole("link", { name: "Gestion des cookies" }).click();
    await expect(page).toHaveURL("/gestion-des-cookies");
    await expect(page.getByText("Vous avez accepté la mesure d'audience.")).toBeVisible();
    await expect(page.getByRole("radio", { name: "Accepter" })).toBeChecked();
    await page.getByRole("button", { name: "Tout refuser" }).click();
    await expect(page.getByText("Vous avez refusé la mesure d'audience.")).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === COOKIE)?.value).toBe("all=false");
  });

  test("le retour après le choix ne quitte jamais le portail", async ({ request }) => {
    for (const redirectTo of [
      "//exemple.com",
      "/\\exemple.com",
      "https://exemple.com/",
      "/%2e%2e//exemple.com",
    ]) {
      const reponse = await request.post("/gestion-des-cookies", {
        form: { consentement: "accepter", redirectTo },
        headers: { origin: new URL(baseURL).origin },
        maxRedirects: 0,
      });
      expect(reponse.status(), redirectTo).toBe(302);
      expect(reponse.headers().location, redirectTo).toBe("/gestion-des-cookies");
    }
  });
});

test.describe("mesure d'audience (Matomo sur un enregistreur local)", () => {
  let matomo: EnregistreurMatomo;
  let portail: PortailMesure;

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    matomo = await demarrerEnregistreurMatomo();
    portail = await demarrerPortailMesure(matomo.url);
  });

  test.afterAll(async () => {
    await portail?.close();
    await matomo?.close();
  });

  /** Loads `chemin` of the measured portal and waits until nothing is in flight. */
  async function visiter(page: Page, chemin: string) {
    await page.goto(`${portail.baseUrl}${chemin}`);
    await page.waitForLoadState("networkidle");
  }

  test("rien ne part avant le consentement ni après un refus", async ({ page }) => {
    matomo.requetes.length = 0;
    await visiter(page, "/plan-de-site");
    await expect(page.locator(`script[src$="matomo.js"]`)).toHaveCount(0);
    await bandeau(page).getByRole("button", { name: "Tout refuser" }).click();
    await expect(page).toHaveURL(`${portail.baseUrl}/plan-de-site`);
    await page.waitForLoadState("networkidle");
    for (const chemin of ["/mentions-legales", "/plan-de-site", "/gestion-des-cookies"])
      await visiter(page, chemin);
    expect(matomo.requetes).toEqual([]);
    // The CSP names Matomo's origin (MATOMO_URL set), the page just never calls it.
    const reponse = await page.request.get(`${portail.baseUrl}/plan-de-site`);
    expect(reponse.headers()["content-security-policy"]).toContain(new URL(matomo.url).origin);
  });

  test("après « Tout accepter » : une vue par page avec son titre, aucune pour les pages exclues", async ({
    page,
  }) => {
    matomo.requetes.length = 0;
    await visiter(page, "/plan-de-site");
    await bandeau(page).getByRole("button", { name: "Tout accepter" }).click();
    await expect(page).toHaveURL(`${portail.baseUrl}/plan-de-site`);
    await expect.poll(() => matomo.vues().length).toBe(1);
    expect(matomo.vues()[0].parametres).toMatchObject({
      idsite: SITE_MATOMO_DE_TEST,
      rec: "1",
      action_name: "Plan du site | Mon Accompagnateur Rénov' – Agréments",
      url: `${portail.baseUrl}/plan-de-site`,
    });
    expect(matomo.vues()[0].parametres.uid).toBeUndefined();

    // The four pages the spec excludes: nothing while on them.
    for (const chemin of [
      "/mentions-legales",
      "/accessibilite",
      "/donnees-personnelles",
      "/demande/formulaire",
    ]) {
      await visiter(page, chemin);
      expect(matomo.vues(), chemin).toHaveLength(1);
    }
    await visiter(page, "/gestion-des-cookies");
    await expect.poll(() => matomo.vues().length).toBe(2);
    expect(matomo.vues()[1].parametres.action_name).toBe(
      "Gestion des cookies | Mon Accompagnateur Rénov' – Agréments",
    );
    for (const vue of matomo.vues()) {
      expect(vue.brut).not.toMatch(
        /Mentions légales|accessibilit|Données personnelles|Demande d'agrément|formulaire/i,
      );
    }
  });

  test("un utilisateur connecté n'est envoyé que sous l'empreinte salée de son identifiant", async ({
    page,
  }) => {
    matomo.requetes.length = 0;
    await signIn(page, DEMO.instructeur.email, `${portail.baseUrl}/account/login`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      `Bonjour ${DEMO.instructeur.prenom}`,
    );
    await bandeau(page).getByRole("button", { name: "Tout accepter" }).click();
    await expect.poll(() => matomo.vues().length).toBe(1);
    await visiter(page, "/tous-les-dossiers");
    await expect.poll(() => matomo.vues().length).toBe(2);

    const { accessToken } = await loginAs(portail.baseUrl, DEMO.instructeur.email, DEMO_PASSWORD);
    const compte = (await (
      await fetch(`${portail.baseUrl}/api/user/account`, {
        headers: { Authorization: `Bearer ${accessToken}` },
      })
    ).json()) as { idIDP: string; id: string; email: string };
    const attendu = createHash("sha256")
      .update(`${SEL_MATOMO_DE_TEST}:${compte.idIDP}`)
      .digest("hex");
    for (const vue of matomo.vues()) {
      expect(vue.parametres.uid).toBe(attendu);
      for (const enClair of [compte.idIDP, compte.id, compte.email, DEMO.instructeur.email])
        expect(vue.brut).not.toContain(enClair);
    }
  });
});
