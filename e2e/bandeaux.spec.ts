/**
 * Information banners (spec §2 Layout "general information banner", §3
 * Information banner, §7 GET /api/bandeaux-informatifs) and the success
 * notifications of spec §8 "messages refreshed" and "file added or
 * removed". The banners are the demo seed's
 * (api/db/seed/demo.ts): a general one and an `info` one of `demande`.
 */
import { mkdir } from "node:fs/promises";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { creerDemandeDeposable, deposer } from "../tests/helpers/demande-api.ts";
import { loginAs } from "../tests/helpers/oidc-login.ts";
import { nouveauDemandeur } from "./fixtures/demandeur.ts";
import { vraiPdf } from "./fixtures/fichiers.ts";
import { DEMO, expectNoAxeViolations, signIn } from "./support.ts";

const MESSAGE_GENERAL =
  "Pour toute question sur le portail ou sur votre demande d'agrément, écrivez à mar-agrement@anah.gouv.fr.";
const TITRE_INFO_DEMANDE = "Préparez les pièces de votre demande d'agrément";

/** The general banner: a DSFR notice, title then message. */
const bandeauGeneral = (page: Page) =>
  page.locator(".fr-notice").filter({ hasText: MESSAGE_GENERAL });

/** The success notification (toast) with `texte`. */
const notification = (page: Page, texte: string) =>
  page.locator(".portail-notification").filter({ hasText: texte });

/** Screenshots of the page at 1280 and 375 px, for the reviewer (not compared). */
async function capturer(page: Page, info: TestInfo, nom: string) {
  const dossier = info.outputPath("captures");
  await mkdir(dossier, { recursive: true });
  for (const largeur of [1280, 375]) {
    await page.setViewportSize({ width: largeur, height: 812 });
    // The banner must not push the page's title out of the first screen, even on a phone.
    await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
    await page.screenshot({ path: `${dossier}/${nom}-${largeur}.png`, fullPage: false });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("le bandeau général s'affiche sous l'en-tête de chaque page d'un agent", async ({
  page,
}, info) => {
  const js = info.project.name === "js";
  await signIn(page, DEMO.instructeur.email);
  for (const chemin of ["/mes-dossiers/demande", "/account/params"]) {
    await page.goto(chemin);
    const bandeau = bandeauGeneral(page);
    await expect(bandeau).toHaveCount(1);
    await expect(bandeau.locator(".fr-notice__title")).toHaveText("Information");
    await expect(bandeau.locator(".fr-notice__desc")).toHaveText(MESSAGE_GENERAL);
    // Under the header, before the page's content.
    await expect(page.locator("header + div .fr-notice")).toHaveCount(1);
    await expect(page.locator("#contenu .fr-notice")).toHaveCount(0);
    // Only the applicant's request pages show the info banners.
    await expect(page.getByText(TITRE_INFO_DEMANDE)).toHaveCount(0);
    if (js) await expectNoAxeViolations(page);
    await capturer(page, info, chemin.slice(1).replaceAll("/", "-"));
  }
});

test("le demandeur voit le bandeau général une fois sur son accueil, et le bandeau de la demande sur le formulaire", async ({
  page,
}, info) => {
  const js = info.project.name === "js";
  await nouveauDemandeur(page);
  await expect(page).toHaveURL("/");
  await expect(page.getByText(MESSAGE_GENERAL)).toHaveCount(1);
  await expect(page.getByText(TITRE_INFO_DEMANDE)).toHaveCount(1);
  if (js) await expectNoAxeViolations(page);
  await capturer(page, info, "accueil-demandeur");

  await page.getByRole("link", { name: "Déposer une demande d'agrément" }).click();
  await expect(page).toHaveURL("/demande/formulaire");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Demande d'agrément");
  await expect(page.getByText(MESSAGE_GENERAL)).toHaveCount(1);
  const info_ = page.locator("#contenu .fr-alert--info").filter({ hasText: TITRE_INFO_DEMANDE });
  await expect(info_).toHaveCount(1);
  // Its message opens from its title (a native disclosure), with or without JavaScript.
  const detail = info_.getByText(/Vous pouvez enregistrer votre demande en brouillon/);
  await expect(detail).toBeHidden();
  await info_.getByText(TITRE_INFO_DEMANDE).click();
  await expect(detail).toBeVisible();
  await info_.getByText(TITRE_INFO_DEMANDE).click();
  if (js) await expectNoAxeViolations(page);
  await capturer(page, info, "formulaire");

  await page.goto("/account/params");
  await expect(page.getByText(MESSAGE_GENERAL)).toHaveCount(1);
  await expect(page.getByText(TITRE_INFO_DEMANDE)).toHaveCount(0);
});

test("« Actualiser les messages » relit le fil et affiche « Les messages ont bien été actualisés. »", async ({
  page,
  baseURL,
}, info) => {
  const demandeur = await nouveauDemandeur(page);
  const { accessToken } = await loginAs(baseURL!, demandeur.email, demandeur.motDePasse);
  const demande = await deposer(
    baseURL!,
    accessToken,
    (await creerDemandeDeposable(baseURL!, accessToken)).id,
  );
  await page.goto(`/messagerie/demande?id=${demande.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Messagerie");
  await page.getByRole("button", { name: "Actualiser les messages" }).click();
  await expect(notification(page, "Les messages ont bien été actualisés.")).toBeVisible();
  await expect(notification(page, "Succès")).toBeVisible();
  await expect(page).toHaveURL(`/messagerie/demande?id=${demande.id}`);
  await expect(page.getByText("Aucun message pour le moment.")).toBeVisible();
  if (info.project.name === "js") await expectNoAxeViolations(page);
  await capturer(page, info, "messagerie");
});

test("ajouter puis supprimer une pièce justificative affiche « Le fichier a bien été ajouté. » puis « Le fichier a bien été supprimé. »", async ({
  page,
  baseURL,
}) => {
  const demandeur = await nouveauDemandeur(page);
  const { accessToken } = await loginAs(baseURL!, demandeur.email, demandeur.motDePasse);
  const brouillon = await creerDemandeDeposable(baseURL!, accessToken, { rubriques: [] });
  await page.goto(`/demande/formulaire?id=${brouillon.id}&etape=3`);
  const rubrique = page.getByRole("region", { name: /^Informations générales sur la structure/ });
  await expect(rubrique.getByText("Aucun fichier déposé.")).toBeVisible();

  await rubrique.getByLabel(/^Ajouter des fichiers/).setInputFiles(await vraiPdf("kbis.pdf"));
  await rubrique.getByRole("button", { name: /^Ajouter à la rubrique/ }).click();
  // Without JavaScript the page comes back with the toast; with it, the upload's own message.
  await expect(page.getByText("Le fichier a bien été ajouté.").first()).toBeVisible();
  await expect(rubrique.getByRole("link", { name: "kbis.pdf" })).toBeVisible();

  await rubrique.getByRole("button", { name: "Supprimer le fichier kbis.pdf" }).click();
  await expect(notification(page, "Le fichier a bien été supprimé.")).toBeVisible();
  await expect(rubrique.getByText("Aucun fichier déposé.")).toBeVisible();
});
