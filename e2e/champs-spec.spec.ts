/**
 * Spec §3 fields on the screens, JavaScript on and off:
 * an approval suspended by a withdrawal procedure shows its grant and
 * suspension dates in the staff file header, the suspension date on the
 * applicant's home page, and the request with its state in the functional
 * administrator's account list. The request reaches its state through the API.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import {
  contexteInstruction,
  creerProcedure,
  dansNJours,
  nouvelleDemandeEnEtat,
  terminerProcedure,
} from "../tests/helpers/instruction-api.ts";
import { loginAs } from "../tests/helpers/oidc-login.ts";
import { connecterDemandeur, creerDemandeurConfirme } from "./fixtures/demandeur.ts";
import { DEMO, expectNoAxeViolations, signIn } from "./support.ts";

/** Full-page screenshots of the current page at 1280 and 375 px, saved with the test's output. */
async function capturer(page: Page, info: TestInfo, nom: string) {
  const taille = page.viewportSize();
  for (const largeur of [1280, 375]) {
    await page.setViewportSize({ width: largeur, height: 800 });
    await page.screenshot({
      path: info.outputPath(`champs-spec-${nom}-${largeur}.png`),
      fullPage: true,
    });
  }
  if (taille) await page.setViewportSize(taille);
}

/** "AAAA-MM-JJ" → "jj/mm/aaaa", as the pages print dates. */
const enFrancais = (jour: string) => jour.split("-").reverse().join("/");

/** The value shown under `libelle` in the file header's list of facts. */
const faitEnTete = (page: Page, libelle: string) =>
  page.locator("header dl > div").filter({ has: page.getByText(libelle, { exact: true }) });

test("suspension : dates d'octroi et de notification pour le personnel et le demandeur, demande listée sur le compte", async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const axe = info.project.name === "js" ? expectNoAxeViolations : async () => {};
  const demandeur = await creerDemandeurConfirme(page);
  const { accessToken } = await loginAs(baseURL!, demandeur.email, demandeur.motDePasse);
  const ctx = await contexteInstruction(baseURL!, accessToken);
  const agree = await nouvelleDemandeEnEtat(ctx, "agree");
  const notification = dansNJours(-3);
  const suspendue = await creerProcedure(ctx, agree.id, {
    type: "retrait_avec_suspension",
    dateNotification: notification,
  });
  const octroi = enFrancais(
    new Intl.DateTimeFormat("fr-CA", { timeZone: "Europe/Paris" }).format(
      new Date(suspendue.dateOctroi!),
    ),
  );

  // Staff: the file header.
  await signIn(page, DEMO.superviseur.email);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Bonjour");
  await page.goto(`/dossier/demande/${agree.id}`);
  await expect(faitEnTete(page, "Date d'octroi de l'agrément").locator("dd")).toHaveText(octroi);
  await expect(faitEnTete(page, "Notification de la suspension").locator("dd")).toHaveText(
    enFrancais(notification),
  );
  await expect(faitEnTete(page, "Décision de retrait")).toHaveCount(0);
  await axe(page);
  await capturer(page, info, `dossier-${info.project.name}`);

  // The applicant: his request's card.
  await page.context().clearCookies();
  await connecterDemandeur(page, demandeur);
  await expect(
    page.getByText(
      `Votre agrément est suspendu depuis le ${enFrancais(notification)}, date de notification de la procédure de retrait.`,
      { exact: true },
    ),
  ).toBeVisible();
  await axe(page);
  await capturer(page, info, `demandeur-${info.project.name}`);

  // The functional administrator: the account's requests.
  await page.context().clearCookies();
  await signIn(page, DEMO.admin_fonctionnel.email);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Bonjour");
  await page.goto(`/gestion-des-comptes?query=${encodeURIComponent(demandeur.siren)}`);
  const ligne = page.getByRole("row").filter({ hasText: demandeur.email });
  await expect(ligne.getByRole("cell").nth(5)).toHaveText(
    `1 demandeDemande d'agrément n° ${suspendue.numeroDossier} : Procédure de retrait en cours (agrément suspendu)`,
  );
  await axe(page);
  await capturer(page, info, `comptes-${info.project.name}`);
});

test("retrait : date de décision du retrait sur l'en-tête du dossier et sur la carte du demandeur", async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const axe = info.project.name === "js" ? expectNoAxeViolations : async () => {};
  const demandeur = await creerDemandeurConfirme(page);
  const { accessToken } = await loginAs(baseURL!, demandeur.email, demandeur.motDePasse);
  const ctx = await contexteInstruction(baseURL!, accessToken);
  const { id } = await nouvelleDemandeEnEtat(ctx, "agree");
  await creerProcedure(ctx, id, {
    type: "retrait_sans_suspension",
    dateNotification: dansNJours(-20),
  });
  const retiree = await terminerProcedure(ctx, id, "agrement_retire");
  expect(retiree.dateDecisionRetrait).not.toBeNull();
  const decision = enFrancais(retiree.dateDecisionRetrait!);

  await signIn(page, DEMO.superviseur.email);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Bonjour");
  await page.goto(`/dossier/demande/${id}`);
  await expect(faitEnTete(page, "Décision de retrait").locator("dd")).toHaveText(decision);
  await expect(faitEnTete(page, "Notification de la suspension")).toHaveCount(0);
  await axe(page);

  await page.context().clearCookies();
  await connecterDemandeur(page, demandeur);
  const carte = page.getByRole("article", { name: /^Demande d'agrément/ });
  await expect(carte.getByText(`Agrément retiré le ${decision}`, { exact: true })).toBeVisible();
  await axe(page);
  await capturer(page, info, `retrait-demandeur-${info.project.name}`);
});
