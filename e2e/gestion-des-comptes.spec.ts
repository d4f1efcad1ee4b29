import { expect, test } from "@playwright/test";
import { DEMO, expectNoAxeViolations, signIn } from "./support";

test("un demandeur reçoit « Non Autorisé » (403) sur la gestion des comptes", async ({ page }) => {
  await signIn(page, DEMO.demandeur.email);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bonjour Camille");
  const response = await page.goto("/gestion-des-comptes");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Non Autorisé");
});

test("l'administrateur fonctionnel cherche un compte par SIREN", async ({ page }, info) => {
  await signIn(page, DEMO.admin_fonctionnel.email);
  await page.getByRole("main").getByRole("link", { name: "Gestion des comptes" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gestion des comptes");
  await page.getByLabel(/Rechercher un compte/).fill("832915474");
  await page.getByRole("button", { name: "Rechercher" }).click();
  await expect(page).toHaveURL(/query=832915474/);
  await expect(page.getByRole("status")).toHaveText("1 compte");
  const row = page.getByRole("row", { name: /Rénov'Conseil Île-de-France/ });
  await expect(row).toContainText("demandeur@demo.anah.gouv.fr");
  if (info.project.name === "js") await expectNoAxeViolations(page);
});
