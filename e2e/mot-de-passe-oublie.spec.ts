import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import { dataDir } from "../playwright.config.ts";
import { creerDemandeurConfirme } from "./fixtures/demandeur";
import { expectNoAxeViolations, submitCredentials } from "./support";

/**
 * The sign-in pages belong to the portal (its header and
 * footer), "Mot de passe oublié ?" resets a password with a single-use
 * link mailed to the account (read here from the portal's local outbox,
 * DATA_DIR/outbox), and the password field shows « Afficher » with
 * JavaScript. Both projects run it: with and without JavaScript.
 */

const OUTBOX = join(import.meta.dirname, "..", dataDir, "outbox");
const NOUVEAU = "Nouveau-Secret-2026?";
const LIEN_PLUS_VALABLE =
  "Le lien qui vous a été envoyé n'est plus valable. Veuillez renouveler votre demande.";

/** Every mail the outbox holds for `email`, oldest first: its subject and text. */
async function courrielsPour(email: string): Promise<{ sujet: string; texte: string }[]> {
  const fichiers = (await readdir(OUTBOX).catch(() => [] as string[])).sort();
  const courriels: { sujet: string; texte: string }[] = [];
  for (const fichier of fichiers) {
    const mail = await simpleParser(await readFile(join(OUTBOX, fichier)));
    const pour = [mail.to]
      .flat()
      .flatMap((adresse) => adresse?.value ?? [])
      .some((valeur) => valeur.address?.toLowerCase() === email.toLowerCase());
    if (pour) courriels.push({ sujet: mail.subject ?? "", texte: mail.text ?? "" });
  }
  return courriels;
}

/** The reset mails the outbox holds for `email`, oldest first. */
async function courrielsReinitialisation(email: string): Promise<string[]> {
  return (await courrielsPour(email))
    .filter((mail) => mail.sujet.startsWith("Réinitialisation de votre mot de passe"))
    .map((mail) => mail.texte);
}

/** The address of the link of the reset mail to `email` (the mail leaves after the answer). */
async function lienDuCourriel(email: string): Promise<string> {
  await expect
    .poll(async () => (await courrielsReinitialisation(email)).length, { timeout: 10_000 })
    .toBe(1);
  const [texte] = await courrielsReinitialisation(email);
  const lien = /https?:\/\/\S+\/mot-de-passe-oublie\/nouveau\?token=\S+/.exec(texte)?.[0];
  expect(lien, texte).toBeTruthy();
  return lien!;
}

/** The portal's header and footer, with the mandatory links, on a provider's page. */
async function gabaritDuPortail(page: Page) {
  const banner = page.getByRole("banner");
  await expect(banner.getByText("Mon Accompagnateur Rénov'", { exact: true })).toBeVisible();
  await expect(banner.getByText("Agrément des opérateurs – Anah")).toBeVisible();
  const footer = page.getByRole("contentinfo");
  for (const [nom, href] of [
    ["Accessibilité : non conforme", "/accessibilite"],
    ["Mentions légales", "/mentions-legales"],
    ["Données personnelles", "/donnees-personnelles"],
    ["Gestion des cookies", "/gestion-des-cookies"],
    ["Plan du site", "/plan-de-site"],
  ])
    await expect(footer.getByRole("link", { name: nom, exact: true })).toHaveAttribute(
      "href",
      href,
    );
}

/** From the portal's sign-in page to the request form, then asks a link for `email`. */
async function demanderLien(page: Page, email: string, js: boolean) {
  await page.goto("/account/login");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Connexion");
  await gabaritDuPortail(page);
  if (js) await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Mot de passe oublié ?" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mot de passe oublié");
  await expect(page).toHaveTitle("Mot de passe oublié | Mon Accompagnateur Rénov'");
  await gabaritDuPortail(page);
  if (js) await expectNoAxeViolations(page);
  await page.getByLabel("Adresse électronique").fill(email);
  await page.getByRole("button", { name: "Recevoir un lien" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Demande envoyée");
  await expect(page.getByText("Si un compte correspond à l'adresse saisie")).toBeVisible();
  if (js) await expectNoAxeViolations(page);
}

test("mot de passe oublié : du lien reçu par courriel à la connexion avec le nouveau mot de passe", async ({
  page,
}, info) => {
  // A whole journey (account, mail, sign-in, three axe runs): about 20 s alone, 30 beside another worker.
  test.setTimeout(60_000);
  const js = info.project.name === "js";
  const demandeur = await creerDemandeurConfirme(page);
  await demanderLien(page, demandeur.email, js);
  const lien = await lienDuCourriel(demandeur.email);

  await page.goto(lien);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Choisir un nouveau mot de passe",
  );
  await gabaritDuPortail(page);
  if (js) await expectNoAxeViolations(page);

  // Every broken rule is listed in the summary, which takes the focus.
  await page.getByLabel("Nouveau mot de passe").fill("court");
  await page.getByLabel("Confirmation du mot de passe").fill("autre");
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page).toHaveTitle(/^Erreur : Nouveau mot de passe/);
  const resume = page.locator("#resume-erreurs");
  await expect(resume.getByRole("heading")).toHaveText("Le formulaire contient 3 erreurs");
  await expect(resume.getByRole("link")).toHaveText([
    "Nouveau mot de passe : Ce champ doit contenir au moins 12 caractères.",
    "Nouveau mot de passe : Le mot de passe doit contenir au moins une majuscule, une minuscule, un chiffre et un caractère spécial.",
    "Confirmation du mot de passe : Les valeurs ne sont pas égales",
  ]);
  await expect(resume).toBeFocused();
  if (js) await expectNoAxeViolations(page);

  // The old password is refused as the new one.
  await page.getByLabel("Nouveau mot de passe").fill(demandeur.motDePasse);
  await page.getByLabel("Confirmation du mot de passe").fill(demandeur.motDePasse);
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(resume.getByRole("link")).toHaveText([
    "Nouveau mot de passe : Le nouveau mot de passe doit être différent de l'ancien.",
  ]);

  await page.getByLabel("Nouveau mot de passe").fill(NOUVEAU);
  await page.getByLabel("Confirmation du mot de passe").fill(NOUVEAU);
  await page.getByRole("button", { name: "Enregistrer le mot de passe" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mot de passe modifié");
  if (js) await expectNoAxeViolations(page);
  await page.getByRole("main").getByRole("link", { name: "Se connecter" }).click();
  await submitCredentials(page, demandeur.email, NOUVEAU);
  // Signed in: a new applicant's first page is the terms of use to accept.
  await expect(
    page.getByRole("heading", { name: "Conditions générales d'utilisation", level: 1 }),
  ).toBeVisible();

  // The link served once.
  await page.goto(lien);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lien expiré");
  await expect(page.getByText(LIEN_PLUS_VALABLE)).toBeVisible();
  if (js) await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Faire une nouvelle demande" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mot de passe oublié");
});

test("une adresse sans compte reçoit la même réponse, et aucun courriel", async ({
  page,
}, info) => {
  const connu = await creerDemandeurConfirme(page);
  const inconnue = `personne-${Date.now()}-${info.project.name}@exemple.fr`;
  await demanderLien(page, inconnue, info.project.name === "js");
  // Then a link for an account: the unknown address's lookup ran while the
  // browser went through the pages again, so once this mail is in the
  // outbox, one to the unknown address would be there too. The pages were
  // checked with axe just above.
  await demanderLien(page, connu.email, false);
  await lienDuCourriel(connu.email);
  expect(await courrielsPour(inconnue)).toEqual([]);
});

test("un lien inconnu ou déjà utilisé dit qu'il n'est plus valable", async ({ page }) => {
  await page.goto("/realms/mar_users/mot-de-passe-oublie/nouveau?token=inconnu");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lien expiré");
  await expect(page.getByText(LIEN_PLUS_VALABLE)).toBeVisible();
});

test("le champ mot de passe de la connexion : « Afficher » avec JavaScript, champ simple sans", async ({
  page,
}, info) => {
  await page.goto("/account/login");
  const champ = page.getByLabel("Mot de passe");
  await champ.fill("Secret-2026!");
  const afficher = page.getByRole("checkbox", { name: "Afficher" });
  if (info.project.name === "js") {
    await afficher.check({ force: true });
    await expect(champ).toHaveAttribute("type", "text");
    await afficher.uncheck({ force: true });
    await expect(champ).toHaveAttribute("type", "password");
  } else {
    await expect(afficher).toBeHidden();
    await expect(champ).toHaveAttribute("type", "password");
  }
});
