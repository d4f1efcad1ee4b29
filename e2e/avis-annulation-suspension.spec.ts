/**
 * The cancellation and suspension notices in the browser (spec §9
 * "cancellation, tacit-rejection, suspension and withdrawal notices exist"),
 * JavaScript on and off: the applicant cancels his filed
 * request through the cancel page, then downloads the cancellation notice
 * from his card; a superviseur suspends an approval through the procedure
 * form and finds the suspension notice under "Décision" on the file page.
 * The texts are read back with pdftotext.
 */
import { readFile } from "node:fs/promises";
import {
  expect,
  test,
  type Download,
  type Locator,
  type Page,
  type TestInfo,
} from "@playwright/test";
import { creerDemandeDeposable, deposer } from "../tests/helpers/demande-api.ts";
import {
  contexteInstruction,
  dansNJours,
  nouvelleDemandeEnEtat,
} from "../tests/helpers/instruction-api.ts";
import { loginAs } from "../tests/helpers/oidc-login.ts";
import { pdfEnTexte } from "../tests/helpers/pdf.ts";
import { creerDemandeurConfirme, nouveauDemandeur } from "./fixtures/demandeur.ts";
import { DEMO, expectNoAxeViolations, signIn } from "./support.ts";

const CONFIRMATION = "Je confirme vouloir annuler définitivement ma demande";

const carteDemande = (page: Page) => page.getByRole("article", { name: /^Demande d'agrément/ });

/** The text of a downloaded PDF (pdftotext, blanks collapsed), after checking its bytes are a PDF. */
async function texteDuPdf(telechargement: Download): Promise<string> {
  const contenu = await readFile((await telechargement.path())!);
  expect(contenu.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  return (await pdfEnTexte(contenu)).replace(/\s+/g, " ");
}

/**
 * Screenshots of the current page at 1280 and 375 px, saved with the
 * test's output: the full page, or only `zone` when given (a long file page).
 */
async function capturer(page: Page, info: TestInfo, nom: string, zone?: Locator) {
  const taille = page.viewportSize();
  for (const largeur of [1280, 375]) {
    await page.setViewportSize({ width: largeur, height: 800 });
    const chemin = info.outputPath(`${nom}-${largeur}.png`);
    if (zone) await zone.screenshot({ path: chemin });
    else await page.screenshot({ path: chemin, fullPage: true });
  }
  if (taille) await page.setViewportSize(taille);
}

test("le demandeur annule sa demande déposée et télécharge l'avis d'annulation depuis sa carte", async ({
  page,
  baseURL,
}, info) => {
  const axe = info.project.name === "js" ? expectNoAxeViolations : async () => {};
  const demandeur = await nouveauDemandeur(page);
  const { accessToken } = await loginAs(baseURL!, demandeur.email, demandeur.motDePasse);
  const demande = await deposer(
    baseURL!,
    accessToken,
    (await creerDemandeDeposable(baseURL!, accessToken)).id,
  );

  await page.goto("/");
  await carteDemande(page).getByRole("link", { name: "Annuler la demande" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Annuler la demande d'agrément");
  await page.getByLabel(/^Motif de l'annulation/).fill("Notre structure renonce à l'agrément.");
  await page.getByText(CONFIRMATION).click();
  await page.getByRole("button", { name: "Annuler la demande" }).click();

  await expect(page).toHaveURL("/");
  await expect(page.getByText("La demande a bien été annulée.")).toBeVisible();
  const carte = carteDemande(page);
  await expect(carte.locator(".fr-badge", { hasText: "Annulée" })).toBeVisible();
  const lien = carte.getByRole("link", { name: /^Télécharger la décision/ });
  await expect(lien).toHaveAttribute("download", `avis-annulation-${demande.numeroDossier}.pdf`);
  await axe(page);
  await capturer(page, info, "accueil-annulee");

  const [telechargement] = await Promise.all([page.waitForEvent("download"), lien.click()]);
  expect(telechargement.suggestedFilename()).toBe(`avis-annulation-${demande.numeroDossier}.pdf`);
  const texte = await texteDuPdf(telechargement);
  expect(texte).toContain("Avis d'annulation de la demande d'agrément");
  expect(texte).toContain(`Dossier n° : ${demande.numeroDossier}`);
  expect(texte).toContain(`Annulée par : ${demandeur.prenom} ${demandeur.nom}, demandeur`);
  expect(texte).toContain("Notre structure renonce à l'agrément.");
  expect(texte).toContain(
    "L'annulation est définitive : votre demande ne sera pas instruite et ne peut pas être reprise.",
  );
});

test("le superviseur suspend un agrément et trouve l'avis de suspension sur la page du dossier", async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const axe = info.project.name === "js" ? expectNoAxeViolations : async () => {};
  const demandeur = await creerDemandeurConfirme(page);
  const { accessToken } = await loginAs(baseURL!, demandeur.email, demandeur.motDePasse);
  const ctx = await contexteInstruction(baseURL!, accessToken);
  const { id, agrement } = await nouvelleDemandeEnEtat(ctx, "agree");
  const urlDossier = `/dossier/demande/${id}`;

  await page.context().clearCookies();
  await signIn(page, DEMO.superviseur.email);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Bonjour");
  await page.goto(`${urlDossier}/action/CREER_PROCEDURE`);
  await page.getByLabel("Retrait avec suspension de l'agrément").check({ force: true });
  await page.getByLabel(/^Date de notification à la structure/).fill(dansNJours(-3));
  await page
    .getByLabel(/^Motifs de la procédure/)
    .fill("Absence répétée de visite du logement avant l'audit énergétique.");
  await page.getByRole("button", { name: "Ouvrir une procédure de retrait" }).click();
  await expect(page).toHaveURL(urlDossier);
  await expect(
    page.getByText("La procédure de retrait de l'agrément avec suspension a bien été ouverte.", {
      exact: true,
    }),
  ).toBeVisible();

  const section = page.locator("#pieces-jointes");
  await expect(section.getByRole("heading", { name: "Décision", exact: true })).toBeVisible();
  const nom = `avis-suspension-${agrement!.numeroAgrement}.pdf`;
  const lien = section.getByRole("link", { name: new RegExp(`^${nom}`) });
  await expect(lien).toBeVisible();
  await axe(page);
  await capturer(page, info, "dossier-suspendu", section);

  const [telechargement] = await Promise.all([page.waitForEvent("download"), lien.click()]);
  expect(telechargement.suggestedFilename()).toBe(nom);
  const texte = await texteDuPdf(telechargement);
  expect(texte).toContain("Avis de suspension de l'agrément");
  expect(texte).toContain(`Agrément n° : ${agrement!.numeroAgrement}`);
  expect(texte).toContain(
    "La suspension dure jusqu'à l'issue de la procédure, pour trois mois au plus",
  );
  expect(texte).toContain("Voies et délais de recours");
});
