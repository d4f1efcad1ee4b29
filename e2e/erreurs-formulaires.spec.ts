/**
 * Form errors as the DSFR and RGAA want them, with
 * and without JavaScript: each step of the request form has its own page
 * title; after a refused submission the title starts with "Erreur : ", an
 * error summary right after the page title lists each error as a link to
 * its field and, with JavaScript, receives the focus; each field keeps its
 * own message, tied to it by `aria-describedby`.
 */
import { expect, test, type Page } from "@playwright/test";
import { MESSAGES } from "../contract/validation.ts";
import { creerDemandeDeposable } from "../tests/helpers/demande-api.ts";
import { loginAs } from "../tests/helpers/oidc-login.ts";
import { MOT_DE_PASSE_TEST, nouveauDemandeur, sirenUnique } from "./fixtures/demandeur.ts";
import { attendreHydratation, expectNoAxeViolations } from "./support.ts";

const PORTAIL = " | Mon Accompagnateur Rénov' – Agréments";

const resume = (page: Page) =>
  page.getByRole("region", { name: "Le formulaire contient des erreurs" });

test("chaque étape du formulaire de demande a son titre ; une étape refusée commence par « Erreur : »", async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(60_000);
  const demandeur = await nouveauDemandeur(page);
  const { accessToken } = await loginAs(baseURL!, demandeur.email, demandeur.motDePasse);
  const brouillon = await creerDemandeDeposable(baseURL!, accessToken);
  const titres = [
    "Étape 1 sur 4 – Informations sur la structure – Demande d'agrément",
    "Étape 2 sur 4 – Activités de la structure – Demande d'agrément",
    "Étape 3 sur 4 – Pièces justificatives – Demande d'agrément",
    "Étape 4 sur 4 – Récapitulatif – Demande d'agrément",
  ];
  for (const [index, titre] of titres.entries()) {
    await page.goto(`/demande/formulaire?id=${brouillon.id}&etape=${index + 1}`);
    await expect(page).toHaveTitle(`${titre}${PORTAIL}`);
  }

  // Step 1 refused: the same title after "Erreur : ", the summary links to the two fields.
  await page.goto(`/demande/formulaire?id=${brouillon.id}&etape=1`);
  if (info.project.name === "js") await attendreHydratation(page);
  await page.getByLabel(/^Date de création de la structure/).fill("2099-01-01");
  await page.getByLabel(/^Téléphone/).fill("12345");
  await page.getByRole("button", { name: "Suivant" }).click();
  await expect(page).toHaveTitle(`Erreur : ${titres[0]}${PORTAIL}`);
  const liens = resume(page).getByRole("link");
  await expect(liens).toHaveText([MESSAGES.dateAvantAujourdhui, MESSAGES.telephone("12345")]);
  await expect(liens.nth(0)).toHaveAttribute("href", "#demande-etape-1-dateCreationStructure");
  await expect(liens.nth(1)).toHaveAttribute("href", "#demande-etape-1-telephone");
  // First in the form, before its fields.
  await expect(page.locator("#demande-etape-1 > *").first()).toHaveAttribute(
    "id",
    "demande-etape-1-error",
  );
  if (info.project.name === "js") await expect(resume(page)).toBeFocused();
});

test("un formulaire refusé pour deux erreurs : récapitulatif en tête, liens vers les champs, titre « Erreur : »", async ({
  page,
}, info) => {
  const js = info.project.name === "js";
  await page.goto("/creation-compte");
  if (js) await attendreHydratation(page);
  const siren = sirenUnique();
  const email = `erreurs-${siren}@exemple.fr`;
  // Everything right but the first name (left empty) and the phone number.
  await page.getByLabel(/^Nom/).fill("Durand");
  await page.getByLabel(/^Téléphone/).fill("12345");
  await page.getByLabel(/^Adresse électronique/).fill(email);
  await page.getByLabel(/^Confirmation de l'adresse électronique/).fill(email);
  await page.getByLabel(/^Mot de passe/).fill(MOT_DE_PASSE_TEST);
  await page.getByLabel(/^Confirmation du mot de passe/).fill(MOT_DE_PASSE_TEST);
  await page.getByLabel(/^SIREN/).fill(siren);
  await page.getByLabel(/^Raison sociale/).fill(`Rénov Erreurs ${siren}`);
  await page.getByLabel("Espace Conseil France Rénov'").check({ force: true });
  await page.getByLabel("J'accepte les conditions générales d'utilisation").check({ force: true });
  await page
    .getByLabel("J'accepte la politique de protection des données personnelles")
    .check({ force: true });
  await page.getByRole("button", { name: "Créer mon compte" }).click();

  await expect(page).toHaveTitle(`Erreur : Créer un compte${PORTAIL}`);
  const liens = resume(page).getByRole("link");
  await expect(liens).toHaveText([MESSAGES.requis, MESSAGES.telephone("12345")]);
  await expect(liens.nth(0)).toHaveAttribute("href", "#creation-compte-prenom");
  await expect(liens.nth(1)).toHaveAttribute("href", "#creation-compte-telephone");
  // Right after the page title, before the fields.
  await expect(page.locator("h1 + *")).toHaveAttribute("id", "creation-compte-error");
  // Each field keeps its own message, which describes it.
  const telephone = page.getByLabel(/^Téléphone/);
  await expect(telephone).toHaveAttribute("aria-invalid", "true");
  await expect(telephone).toHaveAccessibleDescription(
    /Le numéro de téléphone saisi : 12345 ne correspond pas au format demandé/,
  );
  await expect(page.getByLabel(/^Prénom/)).toHaveAccessibleDescription(/Ce champ est requis/);

  if (js) {
    await expect(resume(page)).toBeFocused();
    await expectNoAxeViolations(page);
  }
  // A link of the summary leads to its field.
  await liens.nth(1).click();
  if (js) await expect(telephone).toBeFocused();
  else await expect(page).toHaveURL(/#creation-compte-telephone$/);
});

test("à la sortie d'un champ, le focus va au champ suivant ; pas de récapitulatif avant l'envoi", async ({
  page,
}, info) => {
  const js = info.project.name === "js";
  await page.goto("/creation-compte");
  if (js) await attendreHydratation(page);
  await page.getByLabel(/^Téléphone/).fill("12345");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel(/^Adresse électronique/)).toBeFocused();
  // With JavaScript the phone's own message shows on leaving it; without, after the post.
  if (js)
    await expect(page.getByLabel(/^Téléphone/)).toHaveAccessibleDescription(
      /Le numéro de téléphone saisi : 12345 ne correspond pas au format demandé/,
    );
  await page.keyboard.type("pas-une-adresse");
  await page.keyboard.press("Tab");
  if (js)
    await expect(page.getByLabel(/^Adresse électronique/)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel(/^Confirmation de l'adresse électronique/)).toBeFocused();
  await expect(resume(page)).toHaveCount(0);
  await expect(page).toHaveTitle(`Créer un compte${PORTAIL}`);
});
