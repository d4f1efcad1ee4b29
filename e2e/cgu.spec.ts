import { expect, test, type Page } from "@playwright/test";
import { CGU_VERSION } from "../contract/cgu.ts";
import { creerDemandeurConfirme, type DemandeurTest } from "./fixtures/demandeur.ts";
import { DEMO, expectNoAxeViolations, signIn, submitCredentials } from "./support.ts";

const TITRE_CGU = "Conditions générales d'utilisation";

/** A new applicant, signed in, in front of the blocking terms form (not accepted). */
async function demandeurSansCgu(page: Page): Promise<DemandeurTest> {
  const demandeur = await creerDemandeurConfirme(page);
  await page.goto("/account/login");
  await submitCredentials(page, demandeur.email, demandeur.motDePasse);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITRE_CGU);
  return demandeur;
}

test("tant que les CGU ne sont pas acceptées, chaque page est remplacée par le formulaire", async ({
  page,
}, info) => {
  const js = info.project.name === "js";
  await demandeurSansCgu(page);
  const main = page.getByRole("main");
  await expect(main.getByRole("button", { name: "Valider" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Se déconnecter" })).toHaveAttribute(
    "href",
    "/account/logout",
  );
  if (js) await expectNoAxeViolations(page);

  // Any page of the portal: only the terms section.
  await page.goto("/account/params");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITRE_CGU);
  await expect(page.getByRole("heading", { name: "Paramètres du compte" })).toHaveCount(0);

  // The full text and the legal pages stay readable.
  await page.goto("/conditions-generales-utilisation");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITRE_CGU);
  await expect(page.getByText(`Version ${CGU_VERSION}`)).toBeVisible();
  await expect(
    page.getByRole("heading", { name: /lettre recommandée électronique/ }),
  ).toBeVisible();
  await expect(
    main.getByRole("link", { name: "données personnelles", exact: true }),
  ).toHaveAttribute("href", "/donnees-personnelles");
  if (js) await expectNoAxeViolations(page);
  await page.goto("/mentions-legales");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mentions légales");

  // Accepting brings the user back to the page that was blocked.
  await page.goto("/account/params");
  await page.getByLabel("J'accepte les conditions générales d'utilisation").check({ force: true });
  await page
    .getByLabel("J'accepte de recevoir les notifications par lettre recommandée électronique")
    .check({ force: true });
  await page.getByRole("button", { name: "Valider" }).click();
  await expect(page).toHaveURL("/account/params");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Paramètres du compte");
  await expect(page.getByText("Conditions générales d'utilisation acceptées")).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Bonjour");
});

test("une seule case cochée ne suffit pas : le message s'affiche à côté de l'autre", async ({
  page,
}) => {
  await demandeurSansCgu(page);
  await page.getByLabel("J'accepte les conditions générales d'utilisation").check({ force: true });
  await page.getByRole("button", { name: "Valider" }).click();
  const caseLre = page.locator(".fr-checkbox-group", {
    has: page.getByLabel(
      "J'accepte de recevoir les notifications par lettre recommandée électronique",
    ),
  });
  await expect(caseLre).toContainText(
    "Vous devez accepter de recevoir les notifications par lettre recommandée électronique.",
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(TITRE_CGU);
  await expect(page.getByLabel("J'accepte les conditions générales d'utilisation")).toBeChecked();
});

test("le formulaire des CGU permet de se déconnecter", async ({ page }) => {
  await demandeurSansCgu(page);
  await page.getByRole("main").getByRole("link", { name: "Se déconnecter" }).click();
  // /account/logout signs out only through its form's button.
  await expect(page).toHaveURL("/account/logout");
  await page.getByRole("main").getByRole("button", { name: "Se déconnecter" }).click();
  // One step: the provider asks nothing more.
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Connexion");
  await page.goto("/account/params");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Connexion");
});

test("un demandeur qui a accepté les CGU et les agents ne voient pas le formulaire", async ({
  page,
}) => {
  for (const role of ["demandeur", "instructeur"] as const) {
    await page.context().clearCookies();
    await signIn(page, DEMO[role].email);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      `Bonjour ${DEMO[role].prenom}`,
    );
    await page.goto("/cgu");
    await expect(page).toHaveURL("/");
  }
});

test("un visiteur connecté n'a plus accès à la création de compte", async ({ page }) => {
  await signIn(page, DEMO.demandeur.email);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Bonjour");
  await expect(page.getByRole("banner").getByRole("link", { name: "Créer un compte" })).toHaveCount(
    0,
  );
  await page.goto("/creation-compte");
  await expect(page).toHaveURL("/");
});
