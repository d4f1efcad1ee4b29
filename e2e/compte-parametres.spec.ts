/**
 * Account settings and the superviseur's blocking perimeter section (spec
 * §2 Modals and account settings, §5 Accounts,
 * §6, §8; ADR 0025), with JavaScript on and off.
 *
 * A superviseur whose perimeter is defined but empty cannot be made through
 * the portal (no screen creates staff accounts), and the demo accounts must
 * stay as they are: this file runs a portal of its own, built pages
 * included, on a free port with an in-memory database (PGlite), where it
 * writes its accounts; its mails go to that portal's outbox.
 */
import { randomUUID } from "node:crypto";
import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { hash } from "@node-rs/argon2";
import { expect, test, type Page } from "@playwright/test";
import { simpleParser } from "mailparser";
import type { Database } from "../api/db/client.ts";
import { eq } from "drizzle-orm";
import { serviceInstructeurDepartements, utilisateurs } from "../api/db/schema.ts";
import { demarrerPortailEnMemoire, type PortailEnMemoire } from "./fixtures/portail-en-memoire.ts";
import { expectNoAxeViolations, submitCredentials } from "./support.ts";

const MOT_DE_PASSE = "Compte-Parametres-2026!";
const NOUVEAU = "Nouveau-Parametres-2026?";

let base: string;
let dataDir: string;
let database: Database;
let instance: PortailEnMemoire;
let empreinte: string;

test.beforeAll(async () => {
  instance = await demarrerPortailEnMemoire("portail-compte-parametres");
  ({ base, dataDir, database } = instance);
  empreinte = await hash(MOT_DE_PASSE);
});

test.afterAll(async () => {
  await instance?.fermer();
});

/** A new staff account of `role` written in the portal's database; its address. */
async function compte(
  role: string,
  perimetre: { regions: string[]; departements: string[] } | null = null,
  serviceInstructeurId: number | null = null,
): Promise<string> {
  const marque = randomUUID().slice(0, 8);
  const email = `${role}-${marque}@exemple.fr`;
  await database.db.insert(utilisateurs).values({
    idIdp: `e2e-${role}-${marque}`,
    email,
    prenom: "Dominique",
    nom: `Essai ${marque}`,
    roles: [role],
    passwordHash: empreinte,
    perimetreSupervision: perimetre,
    serviceInstructeurId,
  });
  return email;
}

/** The demo delegation of Paris (région 11), which the demo accounts' seed creates. */
async function serviceDeParis(): Promise<number> {
  const [service] = await database.db
    .select({ id: serviceInstructeurDepartements.serviceInstructeurId })
    .from(serviceInstructeurDepartements)
    .where(eq(serviceInstructeurDepartements.codeDepartement, "75"));
  return service.id;
}

/** Signs `email` in from the portal's login link. */
async function connecter(page: Page, email: string, motDePasse = MOT_DE_PASSE) {
  await page.goto(`${base}/account/login`);
  await submitCredentials(page, email, motDePasse);
  await expect(page).toHaveURL(new RegExp(`^${base}/(?!realms)`));
}

/** The newest mail of the outbox to `email` with `sujet` (waits for it). */
/**
 * Subjects of the mails in the outbox to `email`, now. The portal writes a
 * mail before it answers the request that sends it: read after an answer,
 * an empty list means that request sent nothing.
 */
async function courrielsA(email: string): Promise<string[]> {
  const dossier = join(dataDir, "outbox");
  const sujets: string[] = [];
  for (const fichier of await readdir(dossier).catch(() => [] as string[])) {
    const mail = await simpleParser(await readFile(join(dossier, fichier)));
    const destinataires = [mail.to].flat().flatMap((adresse) => adresse?.value ?? []);
    if (destinataires.some((valeur) => valeur.address?.toLowerCase() === email.toLowerCase()))
      sujets.push(mail.subject ?? "");
  }
  return sujets;
}

async function courriel(email: string, sujet: string): Promise<string> {
  const dossier = join(dataDir, "outbox");
  let texte = "";
  await expect
    .poll(
      async () => {
        for (const fichier of (await readdir(dossier).catch(() => [] as string[]))
          .sort()
          .reverse()) {
          const mail = await simpleParser(await readFile(join(dossier, fichier)));
          const pour = [mail.to]
            .flat()
            .flatMap((adresse) => adresse?.value ?? [])
            .some((valeur) => valeur.address?.toLowerCase() === email.toLowerCase());
          if (pour && mail.subject === sujet) {
            texte = mail.text ?? "";
            return true;
          }
        }
        return false;
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return texte;
}

/** Full-page screenshots at 1280 and 375 px, kept with the test's output. */
async function captures(page: Page, nom: string, info: { outputPath: (nom: string) => string }) {
  for (const largeur of [1280, 375]) {
    await page.setViewportSize({ width: largeur, height: 800 });
    await page.screenshot({ path: info.outputPath(`${nom}-${largeur}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("un superviseur sans périmètre ne voit que son choix jusqu'à ce qu'il en enregistre un", async ({
  page,
}, info) => {
  const email = await compte(
    "superviseur",
    { regions: [], departements: [] },
    await serviceDeParis(),
  );
  await connecter(page, email);
  await page.goto(`${base}/tous-les-dossiers`);
  const titre = page.getByRole("heading", {
    level: 1,
    name: "Définir votre périmètre de supervision",
  });
  await expect(titre).toBeVisible();
  // Only the section: no breadcrumb, no list of files.
  await expect(page.getByRole("navigation", { name: /fil d'Ariane/i })).toHaveCount(0);
  if (info.project.name === "js") await expectNoAxeViolations(page);
  await captures(page, "perimetre-bloquant", info);

  // Nothing chosen: the spec's message, still blocked.
  await page.getByRole("button", { name: "Enregistrer mon périmètre" }).click();
  await expect(page.getByText("Le périmètre de supervision est requis").first()).toBeVisible();
  await expect(titre).toBeVisible();

  // Another page is blocked as well.
  await page.goto(`${base}/account/params`);
  await expect(titre).toBeVisible();

  // Only what the bound opens (ADR 0041): Île-de-France, the région of the service.
  await expect(page.getByLabel("Occitanie", { exact: true })).toHaveCount(0);
  await page.getByLabel("Île-de-France", { exact: true }).check({ force: true });
  // The current password confirms the change: a wrong one is refused, the box stays ticked.
  await page.getByLabel(/^Mot de passe actuel/).fill("Pas-le-bon-2026!");
  await page.getByRole("button", { name: "Enregistrer mon périmètre" }).click();
  await expect(page.getByText("Le mot de passe actuel est incorrect.").first()).toBeVisible();
  await expect(page.getByLabel("Île-de-France", { exact: true })).toBeChecked();
  await expect(page.getByLabel(/^Mot de passe actuel/)).toHaveValue("");
  await page.getByLabel(/^Mot de passe actuel/).fill(MOT_DE_PASSE);
  await page.getByRole("button", { name: "Enregistrer mon périmètre" }).click();
  await expect(page.getByText("Le périmètre a bien été mis à jour.")).toBeVisible();
  await expect(page).toHaveURL(`${base}/account/params`);
  await expect(page.getByRole("heading", { level: 1, name: "Paramètres du compte" })).toBeVisible();
  await page.goto(`${base}/tous-les-dossiers`);
  await expect(titre).toHaveCount(0);

  // The settings keep the choice and change it (spec §8 "périmètre mis à jour").
  await page.goto(`${base}/account/params`);
  await expect(page.getByLabel("Île-de-France", { exact: true })).toBeChecked();
  await captures(page, "parametres-superviseur", info);
  if (info.project.name === "js") await expectNoAxeViolations(page);
});

test("l'administration fonctionnelle ouvre une région à un superviseur, avec son mot de passe, et lit l'historique", async ({
  page,
}, info) => {
  const superviseur = await compte(
    "superviseur",
    { regions: ["11"], departements: [] },
    await serviceDeParis(),
  );
  const admin = await compte("admin_fonctionnel");
  await connecter(page, admin);
  await page.goto(`${base}/`);
  await page.getByRole("link", { name: "Superviseurs", includeHidden: true }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Superviseurs");
  const ligne = page.getByRole("row").filter({ hasText: superviseur });
  await expect(ligne).toContainText("Île-de-France (régions de son service)");
  if (info.project.name === "js") await expectNoAxeViolations(page);
  await ligne.getByRole("link").click();

  const peutChoisir = page.locator("dt", { hasText: "Peut choisir" }).locator("+ dd");
  await expect(peutChoisir).toHaveText("Île-de-France (régions de son service)");
  await expect(page.getByLabel("Île-de-France", { exact: true })).toBeChecked();
  const provence = page.getByLabel(/^Provence-Alpes-Côte d.Azur$/);
  await provence.check({ force: true });
  // Without the administrator's password: refused, the boxes as ticked.
  await page.getByRole("button", { name: "Enregistrer la borne" }).click();
  await expect(page.getByLabel(/^Mot de passe actuel/)).toHaveAccessibleDescription(
    /Ce champ est requis/,
  );
  await expect(provence).toBeChecked();
  await page.getByLabel(/^Mot de passe actuel/).fill(MOT_DE_PASSE);
  await page.getByRole("button", { name: "Enregistrer la borne" }).click();
  await expect(page.getByText("La borne du superviseur a bien été enregistrée.")).toBeVisible();
  await expect(peutChoisir).toHaveText("Île-de-France ; Provence-Alpes-Côte d'Azur");
  const historique = page.getByRole("region", {
    name: "Changements de son périmètre et de sa borne",
  });
  await expect(historique.getByRole("row").nth(1)).toContainText("BorneDominique Essai");
  await expect(historique.getByRole("row").nth(1)).toContainText("(Administrateur fonctionnel)");
  await expect(historique.getByRole("row").nth(1)).toContainText(
    "Régions de son serviceÎle-de-France ; Provence-Alpes-Côte d'Azur",
  );
  if (info.project.name === "js") await expectNoAxeViolations(page);
});

test("changement de mot de passe : mot de passe actuel faux, puis accepté", async ({
  page,
}, info) => {
  const email = await compte("instructeur");
  await connecter(page, email);
  await page.goto(`${base}/account/params`);
  const formulaire = page.locator("#changement-mot-de-passe");
  await formulaire.getByLabel(/^Mot de passe actuel/).fill("Pas-Le-Bon-2026!");
  await formulaire.getByLabel(/^Nouveau mot de passe/).fill(NOUVEAU);
  await formulaire.getByLabel(/^Confirmation du nouveau mot de passe/).fill(NOUVEAU);
  await formulaire.getByRole("button", { name: "Changer mon mot de passe" }).click();
  await expect(
    page
      .locator("#changement-mot-de-passe")
      .getByText("Le mot de passe actuel est incorrect.")
      .first(),
  ).toBeVisible();
  if (info.project.name === "js") await expectNoAxeViolations(page);

  // The same password as the old one: its own message.
  await formulaire.getByLabel(/^Mot de passe actuel/).fill(MOT_DE_PASSE);
  await formulaire.getByLabel(/^Nouveau mot de passe/).fill(MOT_DE_PASSE);
  await formulaire.getByLabel(/^Confirmation du nouveau mot de passe/).fill(MOT_DE_PASSE);
  await formulaire.getByRole("button", { name: "Changer mon mot de passe" }).click();
  await expect(
    formulaire.getByText("Le nouveau mot de passe doit être différent de l'ancien.").first(),
  ).toBeVisible();

  await formulaire.getByLabel(/^Mot de passe actuel/).fill(MOT_DE_PASSE);
  await formulaire.getByLabel(/^Nouveau mot de passe/).fill(NOUVEAU);
  await formulaire.getByLabel(/^Confirmation du nouveau mot de passe/).fill(NOUVEAU);
  await formulaire.getByRole("button", { name: "Changer mon mot de passe" }).click();
  await expect(
    page.getByText(
      "Votre mot de passe a bien été modifié. Vos autres sessions ouvertes ont été fermées.",
    ),
  ).toBeVisible();
  // This session goes on.
  await page.goto(`${base}/account/params`);
  await expect(page.getByRole("heading", { level: 1, name: "Paramètres du compte" })).toBeVisible();

  // Another browser signs in with the new password only.
  const autre = await page.context().browser()!.newContext({ locale: "fr-FR" });
  const second = await autre.newPage();
  await second.goto(`${base}/account/login`);
  await submitCredentials(second, email, MOT_DE_PASSE);
  await expect(second.getByText("Adresse électronique ou mot de passe incorrect.")).toBeVisible();
  await connecter(second, email, NOUVEAU);
  await autre.close();
});

test("changement d'adresse électronique jusqu'au lien, puis lien déjà utilisé", async ({
  page,
}, info) => {
  const email = await compte("crhh");
  const prise = await compte("instructeur");
  await connecter(page, email);
  await page.goto(`${base}/account/params`);
  const formulaire = page.locator("#changement-email");
  await captures(page, "parametres-compte", info);

  const adresse = formulaire.getByLabel(/^Nouvelle adresse électronique/);
  const motDePasse = formulaire.getByLabel(/^Mot de passe actuel/);
  const envoyer = formulaire.getByRole("button", { name: "Recevoir le lien de confirmation" });
  const nouvelle = `nouvelle-${randomUUID().slice(0, 8)}@exemple.fr`;
  const annonce = (cible: string) =>
    page.getByText(
      `Un courriel a été envoyé à ${cible} : si cette adresse n'est pas déjà celle d'un autre compte, il contient un lien de confirmation.`,
      { exact: false },
    );

  // A wrong current password: refused on its field, the address kept, nothing sent.
  await adresse.fill(nouvelle);
  await motDePasse.fill("Pas-Le-Bon-2026!");
  await envoyer.click();
  await expect(page.getByText("Le mot de passe actuel est incorrect.").first()).toBeVisible();
  await expect(adresse).toHaveValue(nouvelle);
  // The answer never carries the password back (with JavaScript the browser keeps what was typed).
  if (info.project.name === "sans-js") await expect(motDePasse).toHaveValue("");
  expect(await courrielsA(nouvelle)).toEqual([]);

  // An address already used: the same answer as for a free one; its owner is told.
  await adresse.fill(prise);
  await motDePasse.fill(MOT_DE_PASSE);
  await envoyer.click();
  await expect(annonce(prise)).toBeVisible();
  await courriel(prise, "Votre adresse électronique a été proposée pour un autre compte");
  await courriel(email, "Demande de changement de votre adresse électronique");

  await adresse.fill(nouvelle);
  await motDePasse.fill(MOT_DE_PASSE);
  await envoyer.click();
  await expect(annonce(nouvelle)).toBeVisible();
  await courriel(email, "Demande de changement de votre adresse électronique");
  const texte = await courriel(nouvelle, "Confirmez votre nouvelle adresse électronique");
  const lien = /http:\/\/\S+\/account\/confirmation-email\?token=[\w-]+/.exec(texte)?.[0];
  expect(lien).toBeDefined();

  await page.goto(lien!);
  await expect(page.getByText(nouvelle)).toBeVisible();
  if (info.project.name === "js") await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Confirmer ma nouvelle adresse" }).click();
  await expect(page.getByRole("heading", { name: "Adresse électronique modifiée" })).toBeVisible();
  await captures(page, "confirmation-email", info);

  // The link works once.
  await page.goto(lien!);
  await expect(
    page.getByText(
      "Le lien qui vous a été envoyé n'est plus valable. Veuillez renouveler votre demande.",
    ),
  ).toBeVisible();
  if (info.project.name === "js") await expectNoAxeViolations(page);

  // The new address is the login now.
  await connecter(page, nouvelle);
  await page.goto(`${base}/account/params`);
  await expect(page.getByText(nouvelle).first()).toBeVisible();
});
