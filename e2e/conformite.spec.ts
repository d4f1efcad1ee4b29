/**
 * Effects of actions the spec states and no other browser test asserted:
 * "Return to edition: go to the all-files list
 * (approvals or notable changes)" (spec §4 Effects of actions), through the
 * page, with JavaScript (project "js") and without ("sans-js").
 */
import { expect, test } from "@playwright/test";
import {
  affecter,
  contexteInstruction,
  deposerNouvelleDemande,
} from "../tests/helpers/instruction-api.ts";
import { loginAs } from "../tests/helpers/oidc-login.ts";
import { creerDemandeurConfirme } from "./fixtures/demandeur.ts";
import { DEMO, expectNoAxeViolations, signIn } from "./support.ts";

test("l'instructeur qui retourne une demande en édition arrive sur la liste de tous les dossiers", async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  const demandeur = await creerDemandeurConfirme(page);
  const { accessToken } = await loginAs(baseURL!, demandeur.email, demandeur.motDePasse);
  const ctx = await contexteInstruction(baseURL!, accessToken);
  const demande = await deposerNouvelleDemande(ctx);
  await affecter(ctx, demande.id);

  await page.context().clearCookies();
  await signIn(page, DEMO.instructeur.email);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Bonjour");
  await page.goto(`/dossier/demande/${demande.id}/action/RETOURNER_EN_EDITION`);
  await page
    .getByLabel(/^Ce que le demandeur doit modifier/)
    .fill("Le périmètre ne correspond pas aux statuts.");
  await page.getByRole("button", { name: "Retourner la demande en édition" }).click();

  await expect(page).toHaveURL("/tous-les-dossiers/demande");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tous les dossiers");
  await expect(
    page.getByText("La demande a bien été retournée en édition au demandeur.", { exact: true }),
  ).toBeVisible();
  if (info.project.name === "js") await expectNoAxeViolations(page);
});
