import { expect, test, type Page } from "@playwright/test";
import { MOT_DE_PASSE_TEST, dernierCourriel, sirenUnique } from "./fixtures/demandeur.ts";
import { attendreHydratation, expectNoAxeViolations, submitCredentials } from "./support.ts";

// The spec's texts (§5, §8), literal: a change of wording must break these tests.
const MESSAGE_LIEN_INVALIDE =
  "Le lien qui vous a été envoyé n'est plus valable. Veuillez renouveler votre demande.";
const MESSAGES = {
  egalite: "Les valeurs ne sont pas égales",
  motDePasse:
    "Le mot de passe doit contenir au moins une majuscule, une minuscule, un chiffre et un caractère spécial.",
  siren:
    "Ce SIREN est invalide : il doit comporter 9 chiffres (espaces acceptés) et correspondre à un numéro SIREN existant.",
  cgu: "Vous devez accepter les conditions générales d'utilisation.",
} as const;

/** SIREN of the demo company (api/db/seed/demo.ts), which already has an account. */
const SIREN_DEMO = "832915474";

interface Saisie {
  prenom: string;
  nom: string;
  telephone: string;
  email: string;
  emailConfirmation: string;
  motDePasse: string;
  motDePasseConfirmation: string;
  siren: string;
  raisonSociale: string;
}

/** Valid values for a new company (unique SIREN, name and e-mail). */
function saisieValide(): Saisie {
  const siren = sirenUnique();
  const email = `creation-${siren}@exemple.fr`;
  return {
    prenom: "Léa",
    nom: "Durand",
    telephone: "06 12 34 56 78",
    email,
    emailConfirmation: email,
    motDePasse: MOT_DE_PASSE_TEST,
    motDePasseConfirmation: MOT_DE_PASSE_TEST,
    siren: siren.replace(/^(\d{3})(\d{3})(\d{3})$/, "$1 $2 $3"),
    raisonSociale: `Rénov Création ${siren}`,
  };
}

// Labels start with these texts (the hint is part of the label).
const LIBELLES: Record<keyof Saisie, RegExp> = {
  prenom: /^Prénom/,
  nom: /^Nom/,
  telephone: /^Téléphone/,
  email: /^Adresse électronique/,
  emailConfirmation: /^Confirmation de l'adresse électronique/,
  motDePasse: /^Mot de passe/,
  motDePasseConfirmation: /^Confirmation du mot de passe/,
  siren: /^SIREN/,
  raisonSociale: /^Raison sociale/,
};

/** Fills the whole form (one quality, both acceptances) without submitting. */
async function remplir(page: Page, saisie: Saisie) {
  for (const [champ, libelle] of Object.entries(LIBELLES)) {
    await page.getByLabel(libelle).fill(saisie[champ as keyof Saisie]);
  }
  for (const case_ of [
    "Espace Conseil France Rénov'",
    "J'accepte les conditions générales d'utilisation",
    "J'accepte la politique de protection des données personnelles",
  ]) {
    // A re-render of the form (the validation of the field just left) can
    // swallow a click on a slow machine: check again until it holds.
    await expect(async () => {
      await page.getByLabel(case_).check({ force: true });
      await expect(page.getByLabel(case_)).toBeChecked({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
  }
}

/** The DSFR group (label, control, message) of the field labelled `libelle`. */
function groupe(page: Page, libelle: RegExp) {
  return page.locator(".fr-input-group", { has: page.getByLabel(libelle) });
}

test("un nouveau demandeur crée son compte, l'active, se connecte et accepte les CGU", async ({
  page,
}, info) => {
  // A whole journey (account, mail, sign-in, three axe runs): about 20 s alone, 30 beside another worker.
  test.setTimeout(60_000);
  const js = info.project.name === "js";
  await page.goto("/mentions-legales");
  await page
    .getByRole("banner")
    .getByRole("link", { name: "Créer un compte" })
    .filter({ visible: true })
    .first()
    .click();
  await expect(page).toHaveURL("/creation-compte");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Créer un compte");
  await expect(
    page.getByText("Les champs marqués d'un astérisque * sont obligatoires"),
  ).toBeVisible();
  await expect(page.getByText("9 chiffres, espaces acceptés")).toBeVisible();
  await expect(
    page.getByText(
      "12 caractères minimum, une majuscule, une minuscule, un chiffre, un caractère spécial",
    ),
  ).toBeVisible();
  await expect(
    page.getByRole("link", { name: /Lire les conditions générales d'utilisation/ }),
  ).toHaveAttribute("href", "/conditions-generales-utilisation");
  await expect(
    page.getByRole("link", { name: /Lire la politique de protection des données/ }),
  ).toHaveAttribute("href", "/donnees-personnelles");
  if (js) await expectNoAxeViolations(page);

  const saisie = saisieValide();
  await remplir(page, saisie);
  await page.getByLabel(/^Opérateur d'une opération programmée/).check({ force: true });
  await page.getByRole("button", { name: "Créer mon compte" }).click();

  await expect(page).toHaveURL("/creation-compte/succes");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Demande de création de compte enregistrée",
  );
  await expect(page.getByText(/dans les 72 heures/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Recevoir un nouveau lien" })).toHaveAttribute(
    "href",
    "/creation-compte/nouveau-lien",
  );
  if (js) await expectNoAxeViolations(page);

  const { text } = await dernierCourriel(saisie.email);
  const lien = /https?:\/\/\S+\/creation-compte\/confirmation\?token=[\w%-]+/.exec(text)?.[0];
  expect(lien, text).toBeTruthy();
  await page.goto(lien!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Votre compte est activé");
  if (js) await expectNoAxeViolations(page);

  await page.getByRole("main").getByRole("link", { name: "Se connecter" }).click();
  await submitCredentials(page, saisie.email, saisie.motDePasse);

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Conditions générales d'utilisation",
  );
  if (js) await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Valider" }).click();
  // Under each box (the error summary at the top of the form repeats them).
  const messagesDesCases = page.locator(".fr-messages-group");
  await expect(messagesDesCases.getByText(MESSAGES.cgu)).toBeVisible();
  await expect(
    messagesDesCases.getByText(
      "Vous devez accepter de recevoir les notifications par lettre recommandée électronique.",
    ),
  ).toBeVisible();
  await page.getByLabel("J'accepte les conditions générales d'utilisation").check({ force: true });
  await page
    .getByLabel("J'accepte de recevoir les notifications par lettre recommandée électronique")
    .check({ force: true });
  await page.getByRole("button", { name: "Valider" }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Bonjour ${saisie.prenom}`);
  await expect(page.getByText("Conditions générales d'utilisation acceptées")).toBeVisible();
});

test("les erreurs de saisie s'affichent à côté des champs, sans rien perdre de la saisie", async ({
  page,
}, info) => {
  await page.goto("/creation-compte");
  const saisie: Saisie = {
    ...saisieValide(),
    siren: "832 915 475",
    motDePasse: "motdepassetropsimple1",
    motDePasseConfirmation: "Un-Autre-Mot-2026!",
  };
  if (info.project.name === "js") {
    // With JavaScript the message appears when the field is left.
    await attendreHydratation(page);
    await page.getByLabel(LIBELLES.siren).fill(saisie.siren);
    await page.getByLabel(LIBELLES.siren).blur();
    await expect(groupe(page, LIBELLES.siren)).toContainText(MESSAGES.siren);
  }
  await remplir(page, saisie);
  await page.getByRole("button", { name: "Créer mon compte" }).click();

  await expect(groupe(page, LIBELLES.siren)).toContainText(MESSAGES.siren);
  await expect(groupe(page, LIBELLES.motDePasse)).toContainText(MESSAGES.motDePasse);
  await expect(groupe(page, LIBELLES.motDePasseConfirmation)).toContainText(MESSAGES.egalite);
  await expect(page.getByLabel(LIBELLES.siren)).toHaveAttribute("aria-invalid", "true");
  await expect(groupe(page, LIBELLES.raisonSociale).locator(".fr-message--error")).toHaveCount(0);

  await expect(page).toHaveURL(/\/creation-compte/);
  for (const champ of ["prenom", "nom", "telephone", "email", "siren", "raisonSociale"] as const) {
    await expect(page.getByLabel(LIBELLES[champ])).toHaveValue(saisie[champ]);
  }
  await expect(page.getByLabel("Espace Conseil France Rénov'")).toBeChecked();
  await expect(page.getByLabel("J'accepte les conditions générales d'utilisation")).toBeChecked();
});

test("un SIREN déjà inscrit affiche « Un compte existe déjà » et garde la saisie", async ({
  page,
}, info) => {
  await page.goto("/creation-compte");
  const saisie = { ...saisieValide(), siren: SIREN_DEMO };
  await remplir(page, saisie);
  await page.getByRole("button", { name: "Créer mon compte" }).click();

  const section = page.getByRole("alert").filter({ hasText: "Un compte existe déjà" });
  await expect(section.getByRole("heading", { name: "Un compte existe déjà" })).toBeVisible();
  await expect(section.getByRole("link", { name: "Se connecter" })).toHaveAttribute(
    "href",
    "/account/login",
  );
  await expect(section.getByRole("link", { name: "Contacter le support" })).toHaveAttribute(
    "href",
    /^mailto:mar-agrement@anah\.gouv\.fr/,
  );
  await expect(groupe(page, LIBELLES.siren)).toContainText("Un compte existe déjà pour ce SIREN.");
  await expect(page.getByLabel(LIBELLES.raisonSociale)).toHaveValue(saisie.raisonSociale);
  await expect(page.getByLabel(LIBELLES.email)).toHaveValue(saisie.email);
  if (info.project.name === "js") {
    await expect(section).toBeFocused();
    await expectNoAxeViolations(page);
  }
});

test("une adresse déjà inscrite mène à la même page qu'un nouveau compte ; son titulaire est prévenu par courriel", async ({
  page,
}) => {
  // The page does not tell which addresses have an account
  // (here a staff member's); the owner of the address learns it by mail.
  const adresse = "instructeur@demo.anah.gouv.fr";
  await page.goto("/creation-compte");
  await remplir(page, { ...saisieValide(), email: adresse, emailConfirmation: adresse });
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page).toHaveURL("/creation-compte/succes");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Demande de création de compte enregistrée",
  );
  await expect
    .poll(async () => (await dernierCourriel(adresse)).subject, { timeout: 10_000 })
    .toBe("Vous avez déjà un compte Mon Accompagnateur Rénov'");
});

test("au-delà de 5 demandes de nouveau lien pour une adresse en une heure, la page répond 429 en français", async ({
  page,
}) => {
  const adresse = `limite-${sirenUnique()}@exemple.fr`;
  const demander = async () => {
    await page.goto("/creation-compte/nouveau-lien");
    await page.getByLabel(/^Adresse électronique du compte/).fill(adresse);
    const reponse = page.waitForResponse(
      (r) => r.request().method() === "POST" && r.url().includes("/creation-compte/nouveau-lien"),
    );
    await page.getByRole("button", { name: "Envoyer un nouveau lien" }).click();
    return (await reponse).status();
  };
  for (let i = 0; i < 5; i++) {
    // 302 to `?envoye=1` (a 204 redirect for Remix's own submission with JavaScript).
    expect(await demander()).toBeLessThan(400);
    await expect(page.getByText(/un nouveau lien vient d'être envoyé/)).toBeVisible();
  }
  expect(await demander()).toBe(429);
  await expect(page.getByRole("alert")).toContainText(
    /Trop de demandes ont été faites en peu de temps\. Veuillez réessayer dans \d+ minutes?\./,
  );
  await expect(page.getByLabel(/^Adresse électronique du compte/)).toHaveValue(adresse);
});

test("un lien d'activation invalide affiche le message du §8 et permet d'en demander un autre", async ({
  page,
}, info) => {
  const js = info.project.name === "js";
  await page.goto("/creation-compte/confirmation?token=lien-invalide-ou-expire");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Activation du compte impossible",
  );
  await expect(page.getByText(MESSAGE_LIEN_INVALIDE)).toBeVisible();
  if (js) await expectNoAxeViolations(page);

  await page.getByLabel(/^Adresse électronique du compte/).fill("inconnu@exemple.fr");
  await page.getByRole("button", { name: "Envoyer un nouveau lien" }).click();
  await expect(page).toHaveURL("/creation-compte/nouveau-lien?envoye=1");
  await expect(
    page.getByText(
      "Si un compte en attente correspond à cette adresse, un nouveau lien vient d'être envoyé.",
    ),
  ).toBeVisible();
  if (js) await expectNoAxeViolations(page);
});

test("un nouveau lien d'activation peut être demandé et active le compte", async ({
  page,
}, info) => {
  await page.goto("/creation-compte");
  const saisie = saisieValide();
  await remplir(page, saisie);
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page).toHaveURL("/creation-compte/succes");
  const premier = await dernierCourriel(saisie.email);

  await page.getByRole("link", { name: "Recevoir un nouveau lien" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Recevoir un nouveau lien d'activation",
  );
  if (info.project.name === "js") await expectNoAxeViolations(page);
  await page.getByLabel(/^Adresse électronique du compte/).fill(saisie.email);
  await page.getByRole("button", { name: "Envoyer un nouveau lien" }).click();
  await expect(page.getByText(/un nouveau lien vient d'être envoyé/)).toBeVisible();

  await expect
    .poll(async () => (await dernierCourriel(saisie.email)).text, { timeout: 10_000 })
    .not.toBe(premier.text);
  const { text } = await dernierCourriel(saisie.email);
  const lien = /https?:\/\/\S+\/creation-compte\/confirmation\?token=[\w%-]+/.exec(text)?.[0];
  await page.goto(lien!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Votre compte est activé");
});

test("ce qui est saisi avant l'arrivée des scripts est gardé, puis contrôlé à l'envoi", async ({
  page,
}, info) => {
  // The scripts start after the first paint (ADR 0008): hold them while the user types.
  let liberer = () => {};
  const scriptsRetenus = new Promise<void>((resolve) => (liberer = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await scriptsRetenus;
    await route.continue();
  });
  await page.goto("/creation-compte", { waitUntil: "domcontentloaded" });
  const saisie: Saisie = { ...saisieValide(), motDePasseConfirmation: "Un-Autre-Mot-2026!" };
  await remplir(page, saisie);
  liberer();
  if (info.project.name === "js") await attendreHydratation(page);

  for (const champ of Object.keys(LIBELLES) as (keyof Saisie)[])
    await expect(page.getByLabel(LIBELLES[champ])).toHaveValue(saisie[champ]);
  await expect(page.getByLabel("Espace Conseil France Rénov'")).toBeChecked();
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(groupe(page, LIBELLES.motDePasseConfirmation)).toContainText(MESSAGES.egalite);
  await expect(page.getByLabel(LIBELLES.raisonSociale)).toHaveValue(saisie.raisonSociale);
  await expect(page.getByLabel("J'accepte les conditions générales d'utilisation")).toBeChecked();
});
