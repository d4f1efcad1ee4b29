/**
 * The functional administrator's settings, with
 * JavaScript and without: he schedules a banner (Paris times), sees the
 * 422 of an end before the start with what he typed kept, removes it; a
 * banner in force shows at once on his pages (the BFF's banner cache is
 * emptied after a change); he switches the flag creation_extension_perimetre
 * off and back on (other specs need it on: restored in `finally` through
 * the API whatever happens). axe finds nothing; screenshots at 1280 and 375 px.
 */
import { mkdir } from "node:fs/promises";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { baseURL } from "../playwright.config.ts";
import { loginAs } from "../tests/helpers/oidc-login.ts";
import { DEMO, DEMO_PASSWORD, expectNoAxeViolations, signIn } from "./support.ts";

/** Screenshots at 1280 and 375 px for the reviewer (not compared). */
async function capturer(page: Page, info: TestInfo, nom: string) {
  const dossier = info.outputPath("captures");
  await mkdir(dossier, { recursive: true });
  for (const largeur of [1280, 375]) {
    await page.setViewportSize({ width: largeur, height: 812 });
    await page.screenshot({ path: `${dossier}/${nom}-${largeur}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Sets a flag through the API as the admin (the safety net of the flag test). */
async function reglerDrapeau(nom: string, active: boolean) {
  const { accessToken } = await loginAs(baseURL, DEMO.admin_fonctionnel.email, DEMO_PASSWORD);
  const reponse = await fetch(`${baseURL}/api/administration/fonctionnalites/${nom}`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${accessToken}`, "Content-Type": "application/json" },
    body: JSON.stringify({ active: String(active) }),
  });
  expect(reponse.status).toBe(200);
}

/** The row of the banners' table holding `texte`. */
const ligne = (page: Page, texte: string) => page.getByRole("row").filter({ hasText: texte });

test("l'admin programme un bandeau, voit l'erreur de dates, le retire ; un bandeau en cours s'affiche aussitôt", async ({
  page,
}, info) => {
  const marque = `${info.project.name}-${Date.now()}`;
  await signIn(page, DEMO.admin_fonctionnel.email);
  const menu = page.getByRole("navigation", { name: "Menu principal" });
  await expect(menu.getByRole("link", { name: "Bandeaux", includeHidden: true })).toHaveAttribute(
    "href",
    "/administration/bandeaux",
  );
  await page.goto("/administration/bandeaux");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bandeaux d'information");
  if (info.project.name === "js") await expectNoAxeViolations(page);

  // An end before the start: the spec's message on the field, nothing lost.
  const message = `Maintenance programmée ${marque}`;
  await page.getByLabel("Message").fill(message);
  await page.getByLabel("Début de l'affichage").fill("2099-01-01T08:00");
  await page.getByLabel("Fin de l'affichage").fill("2098-12-31T08:00");
  await page.getByRole("button", { name: "Enregistrer le bandeau" }).click();
  await expect(
    page.getByText("La date de fin doit être postérieure à la date de début.").first(),
  ).toBeVisible();
  await expect(page.getByLabel("Message")).toHaveValue(message);
  await expect(page.getByLabel("Début de l'affichage")).toHaveValue("2099-01-01T08:00");
  if (info.project.name === "js") await expectNoAxeViolations(page);

  await page.getByLabel("Fin de l'affichage").fill("2099-01-02T18:30");
  await page.getByRole("button", { name: "Enregistrer le bandeau" }).click();
  await expect(page.getByText("Le bandeau a été enregistré.")).toBeVisible();
  const programme = ligne(page, message);
  await expect(programme).toContainText("Programmé");
  await expect(programme).toContainText("01/01/2099 à 08:00");
  await expect(programme).toContainText("02/01/2099 à 18:30");
  // Not in force yet: not shown.
  await expect(page.locator(".fr-notice").filter({ hasText: message })).toHaveCount(0);
  await capturer(page, info, "administration-bandeaux");

  // A banner in force now: the admin sees it on his next page, then removes it.
  const enCours = `Bandeau en cours ${marque}`;
  try {
    await page.getByLabel("Message").fill(enCours);
    await page.getByRole("button", { name: "Enregistrer le bandeau" }).click();
    await expect(page.getByText("Le bandeau a été enregistré.")).toBeVisible();
    await expect(ligne(page, enCours)).toContainText("En cours");
    await page.goto("/gestion-des-comptes");
    await expect(page.locator(".fr-notice").filter({ hasText: enCours })).toHaveCount(1);
  } finally {
    await page.goto("/administration/bandeaux");
    await ligne(page, enCours)
      .getByRole("button", { name: /Retirer/ })
      .click();
  }
  await expect(page.getByText("Le bandeau a été retiré.")).toBeVisible();
  await expect(ligne(page, enCours)).toContainText("Retiré");
  await expect(page.locator(".fr-notice").filter({ hasText: enCours })).toHaveCount(0);

  await ligne(page, message)
    .getByRole("button", { name: /Retirer/ })
    .click();
  await expect(ligne(page, message)).toContainText("Retiré");
});

test("l'admin coupe puis rétablit la création des extensions de périmètre", async ({
  page,
}, info) => {
  await signIn(page, DEMO.admin_fonctionnel.email);
  await page.goto("/administration/fonctionnalites");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fonctionnalités");
  if (info.project.name === "js") await expectNoAxeViolations(page);
  await capturer(page, info, "administration-fonctionnalites");
  const carte = page
    .locator(".fr-card")
    .filter({ hasText: "Création d'une demande d'extension de périmètre" });
  await expect(carte).toContainText("Activée");
  try {
    await carte.getByRole("button", { name: /Désactiver/ }).click();
    await expect(
      page.getByText("Création d'une demande d'extension de périmètre : désactivée."),
    ).toBeVisible();
    await expect(carte).toContainText("Désactivée");
    const liste = await (await fetch(`${baseURL}/api/feature-flipping/list`)).json();
    expect(liste).toMatchObject({ creation_extension_perimetre: false, creation_demande: true });
    await carte.getByRole("button", { name: /Activer/ }).click();
    await expect(
      page.getByText("Création d'une demande d'extension de périmètre : activée."),
    ).toBeVisible();
    await expect(carte.locator(".fr-badge")).toHaveText("Activée");
  } finally {
    await reglerDrapeau("creation_extension_perimetre", true);
  }
});

test("un autre rôle n'atteint pas les pages d'administration (403)", async ({ page }) => {
  await signIn(page, DEMO.instructeur.email);
  for (const chemin of ["/administration/bandeaux", "/administration/fonctionnalites"]) {
    const reponse = await page.goto(chemin);
    expect(reponse?.status()).toBe(403);
  }
});
