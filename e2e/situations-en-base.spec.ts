/**
 * Situations seen from the applicant's browser that the interface cannot
 * create, written in the database of a portal of this file's own:
 * - ADR 0018: the home card of a draft started under a superseded arrêté
 *   (`arrete_perime`) offers "Mettre à jour selon l'arrêté en vigueur", a
 *   plain POST form; the draft becomes a draft again under the arrêté in
 *   force, with the success notification, and the card offers "Continuer";
 * - the menu of an approved operator has "Mes demandes de changement
 *   notable" (spec §2 "Home for applicants" quick accesses);
 * - spec §4: the change requests of a withdrawn approval are still loaded
 *   on the home page (its cards, under the requests);
 * - spec §2 Modals: an applicant who accepted an older version of the terms
 *   gets the terms-update wording, and gets through once he accepts;
 * - spec §8: referencing one establishment of a company that has others
 *   left in the registry says "L'établissement a bien été référencé.";
 * - spec §4, §8: a superviseur rejects tacitly a file whose instruction
 *   deadline is over, with the success text of REJETER_TACITEMENT_DOSSIER.
 *
 * The `arrete_perime` state is only ever written by the system (the portal
 * knows a single arrêté in force), as are an older terms version, the
 * registry's establishments and a deadline in the past, so this file runs a portal of its own, built
 * pages included, on a free port with an in-memory database (PGlite). Each
 * test runs with JavaScript (project "js") and without ("sans-js"); axe
 * runs with JavaScript; screenshots at 1280 and 375 px go to the system's
 * temporary folder (brouillon-arrete-captures).
 */

import { randomUUID } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hash } from "@node-rs/argon2";
import { expect, test, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import type { Database } from "../api/db/client.ts";
import {
  agrements,
  arretes,
  demandes,
  registreEtablissements,
  societes,
  utilisateurs,
} from "../api/db/schema.ts";
import { CGU_VERSION } from "../contract/cgu.ts";
import { avecCleLuhn } from "../contract/validation.ts";
import { appelApi, creerDemandeDeposable } from "../tests/helpers/demande-api.ts";
import { extensionEnBase } from "../tests/helpers/extension-en-base.ts";
import {
  connecterEquipeDemo,
  creerProcedure,
  dansNJours,
  nouvelleDemandeEnEtat,
  terminerProcedure,
} from "../tests/helpers/instruction-api.ts";
import { loginAs } from "../tests/helpers/oidc-login.ts";
import { demarrerPortailEnMemoire, type PortailEnMemoire } from "./fixtures/portail-en-memoire.ts";
import { DEMO_PASSWORD, expectNoAxeViolations, submitCredentials } from "./support.ts";

const MOT_DE_PASSE = "Brouillon-Arrete-2026!";
const CAPTURES = join(tmpdir(), "brouillon-arrete-captures");

let base: string;
let database: Database;
let instance: PortailEnMemoire;
let empreinte: string;

test.beforeAll(async () => {
  // An in-memory PGlite, its migrations and the demo data: about a minute on a busy machine.
  test.setTimeout(240_000);
  instance = await demarrerPortailEnMemoire("portail-arrete");
  ({ base, database } = instance);
  empreinte = await hash(MOT_DE_PASSE);
  await mkdir(CAPTURES, { recursive: true });
});

test.afterAll(async () => {
  await instance?.fermer();
});

/**
 * A new applicant (own company, terms of version `cguVersionAcceptee`
 * accepted, the current one by default): e-mail, access token and SIREN.
 */
async function nouveauDemandeur(
  cguVersionAcceptee: string = CGU_VERSION,
): Promise<{ email: string; token: string; siren: string }> {
  const marque = randomUUID().slice(0, 8);
  const siren = `7${String(Date.now()).slice(-8)}`;
  const [societe] = await database.db
    .insert(societes)
    .values({
      siren,
      raisonSociale: `Rénov Arrêté ${marque}`,
      qualites: ["qualityOp"],
    })
    .returning();
  const email = `arrete-${marque}@exemple.fr`;
  await database.db.insert(utilisateurs).values({
    idIdp: `e2e-arrete-${marque}`,
    email,
    prenom: "Jeanne",
    nom: `Arrêté ${marque}`,
    roles: ["demandeur"],
    passwordHash: empreinte,
    societeId: societe.id,
    cguVersionAcceptee,
  });
  return { email, token: (await loginAs(base, email, MOT_DE_PASSE)).accessToken, siren };
}

/** A new applicant and the context of the API helpers: him and the demo instruction team. */
async function demandeurEtEquipe() {
  const demandeur = await nouveauDemandeur();
  const ctx = {
    baseUrl: base,
    demandeur: demandeur.token,
    equipe: await connecterEquipeDemo(base),
  };
  return { demandeur, ctx };
}

/** Signs `email` in on this portal (with `motDePasse`, this file's by default), after signing out whoever was. */
async function connecter(page: Page, email: string, motDePasse = MOT_DE_PASSE) {
  await page.context().clearCookies();
  await page.goto(`${base}/account/login`);
  await submitCredentials(page, email, motDePasse);
  await expect(page).toHaveURL(new RegExp(`^${base}/(?!realms)`));
}

/** Full-page screenshots of the current page at 1280 and 375 px. */
async function capturer(page: Page, nom: string, projet: string) {
  for (const largeur of [1280, 375]) {
    await page.setViewportSize({ width: largeur, height: 900 });
    await page.screenshot({
      path: join(CAPTURES, `${nom}-${projet}-${largeur}.png`),
      fullPage: true,
      animations: "disabled",
    });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

const carte = (page: Page) => page.getByRole("article", { name: /^Demande d'agrément/ });

test("le brouillon d'un arrêté remplacé se met à jour selon l'arrêté en vigueur depuis sa carte", async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const axe = info.project.name === "js" ? expectNoAxeViolations : async (_page: Page) => {};
  const demandeur = await nouveauDemandeur();
  const { id } = await creerDemandeDeposable(base, demandeur.token);
  // As the scale dataset writes it (ADR 0009): the system marked the draft.
  const [ancien] = await database.db
    .select({ id: arretes.id })
    .from(arretes)
    .where(eq(arretes.code, "arrete-2022-12-21"));
  await database.db
    .update(demandes)
    .set({ etat: "arrete_perime", arreteId: ancien.id })
    .where(eq(demandes.id, id));

  await connecter(page, demandeur.email);
  await page.goto(`${base}/`);
  await expect(
    carte(page).getByText(
      "Votre brouillon a été commencé sous un arrêté qui n'est plus en vigueur : mettez-le à jour selon l'arrêté en vigueur, puis reprenez-le pour le déposer.",
    ),
  ).toBeVisible();
  // The draft steps are closed in arrete_perime: the update replaces "Continuer".
  await expect(carte(page).getByRole("link", { name: "Continuer" })).toHaveCount(0);
  const bouton = carte(page).getByRole("button", {
    name: "Mettre à jour selon l'arrêté en vigueur",
  });
  await expect(bouton).toBeVisible();
  await axe(page);
  await capturer(page, "carte-arrete-perime", info.project.name);

  await bouton.click();
  await expect(page).toHaveURL(`${base}/`);
  await expect(
    page.getByText("La demande a bien été mise à jour selon l'arrêté en vigueur.", { exact: true }),
  ).toBeVisible();
  await expect(carte(page).getByRole("link", { name: "Continuer" })).toBeVisible();
  await expect(
    carte(page).getByRole("button", { name: "Mettre à jour selon l'arrêté en vigueur" }),
  ).toHaveCount(0);
  await axe(page);
  await capturer(page, "carte-arrete-applique", info.project.name);

  const apres = await appelApi<{ etat: string }>(base, demandeur.token, "GET", `/demande/${id}`);
  expect(apres.etat).toBe("brouillon");
  const [lie] = await database.db
    .select({ code: arretes.code })
    .from(demandes)
    .innerJoin(arretes, eq(arretes.id, demandes.arreteId))
    .where(eq(demandes.id, id));
  expect(lie.code).toBe("arrete-2022-12-21-modifie-2024-04-01");
});

test("le menu de l'opérateur agréé mène à ses demandes de changement notable", async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  const js = info.project.name === "js";
  const demandeur = await nouveauDemandeur();
  await nouvelleDemandeEnEtat(
    { baseUrl: base, demandeur: demandeur.token, equipe: await connecterEquipeDemo(base) },
    "agree",
  );
  await connecter(page, demandeur.email);
  await page.goto(`${base}/`);
  const menu = page.getByRole("navigation", { name: "Menu principal" });
  await expect(menu.getByRole("link")).toHaveText([
    "Accueil",
    "Mon agrément",
    "Établissements référencés",
    "Mes demandes de changement notable",
    "Rapport annuel d'activité",
  ]);
  if (js) await expectNoAxeViolations(page);
  await capturer(page, "menu-operateur", info.project.name);
  await menu.getByRole("link", { name: "Mes demandes de changement notable" }).click();
  await expect(page).toHaveURL(`${base}/mes-demandes-changement-notable`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Mes demandes de changement notable",
  );
  await expect(
    menu.getByRole("link", { name: "Mes demandes de changement notable" }),
  ).toHaveAttribute("aria-current", "page");
});

test("après le retrait de l'agrément, l'accueil montre encore ses demandes de changement notable", async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  const js = info.project.name === "js";
  const { demandeur, ctx } = await demandeurEtEquipe();
  const agreee = await nouvelleDemandeEnEtat(ctx, "agree");
  const [agrement] = await database.db
    .select({ id: agrements.id })
    .from(agrements)
    .where(eq(agrements.demandeId, agreee.id));
  const extension = await extensionEnBase(database, agrement.id, {
    etat: "refusee",
    dateLimiteInstruction: "2026-02-01",
  });
  await creerProcedure(ctx, agreee.id, {
    type: "retrait_sans_suspension",
    dateNotification: dansNJours(-20),
  });
  await terminerProcedure(ctx, agreee.id, "agrement_retire");

  await connecter(page, demandeur.email);
  await page.goto(`${base}/`);
  await expect(
    page.getByRole("article", { name: `Demande d'agrément n° ${agreee.numeroDossier}` }),
  ).toContainText("Votre agrément a été retiré");
  await expect(
    page.getByRole("heading", { level: 2, name: "Mes demandes de changement notable" }),
  ).toBeVisible();
  const carte = page.getByRole("article", {
    name: `Extension du périmètre d'intervention n° ${extension.numeroDossier}`,
  });
  await expect(carte.locator(".fr-badge")).toHaveText("Refusée");
  await expect(
    carte.getByRole("heading", { level: 4, name: "Votre demande d'extension a été refusée" }),
  ).toBeVisible();
  if (js) await expectNoAxeViolations(page);
  await capturer(page, "accueil-agrement-retire", info.project.name);
});

test("qui a accepté une version ancienne des CGU voit qu'elles ont évolué, les accepte et continue", async ({
  page,
}, info) => {
  const demandeur = await nouveauDemandeur("2023-01");
  await page.context().clearCookies();
  await page.goto(`${base}/account/login`);
  await submitCredentials(page, demandeur.email, MOT_DE_PASSE);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Conditions générales d'utilisation",
  );
  await expect(
    page.getByRole("heading", { name: "Les conditions générales d'utilisation ont évolué" }),
  ).toBeVisible();
  await expect(
    page.getByText(
      "Une nouvelle version (version 2024-04) est en vigueur. Pour continuer à utiliser le portail, prenez-en connaissance et acceptez-la, ou déconnectez-vous.",
    ),
  ).toBeVisible();
  // Not the first-time wording.
  await expect(
    page.getByText("Avant d'utiliser le portail, prenez connaissance des conditions"),
  ).toHaveCount(0);
  if (info.project.name === "js") await expectNoAxeViolations(page);
  await capturer(page, "cgu-mise-a-jour", info.project.name);

  await page.getByLabel("J'accepte les conditions générales d'utilisation").check({ force: true });
  await page
    .getByLabel("J'accepte de recevoir les notifications par lettre recommandée électronique")
    .check({ force: true });
  await page.getByRole("button", { name: "Valider" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bonjour Jeanne");
  const [compte] = await database.db
    .select({ version: utilisateurs.cguVersionAcceptee })
    .from(utilisateurs)
    .where(eq(utilisateurs.email, demandeur.email));
  expect(compte.version).toBe("2024-04");
});

test("référencer un établissement quand d'autres restent au registre dit « L'établissement a bien été référencé. »", async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  const { demandeur, ctx } = await demandeurEtEquipe();
  await nouvelleDemandeEnEtat(ctx, "agree");
  // The registry knows two establishments of the company: its head office and an agency.
  const commun = { siren: demandeur.siren, actif: true, codePostal: "75011", ville: "Paris" };
  await database.db.insert(registreEtablissements).values([
    {
      ...commun,
      siret: avecCleLuhn(`${demandeur.siren}0001`),
      nomInsee: "RENOV REGISTRE SIEGE",
      siege: true,
      adresse1: "12 rue de la Roquette",
      codeCommune: "75056",
    },
    {
      ...commun,
      siret: avecCleLuhn(`${demandeur.siren}0002`),
      nomInsee: "RENOV REGISTRE AGENCE",
      siege: false,
      adresse1: "30 rue de Charonne",
      codeCommune: "75056",
    },
  ]);

  await connecter(page, demandeur.email);
  await page.goto(`${base}/referencement/nouveau`);
  // Two establishments to choose from: none is chosen for the applicant.
  await expect(page.getByRole("radio", { name: /\(siège\)/ })).not.toBeChecked();
  await page.getByRole("radio", { name: /\(siège\)/ }).check({ force: true });
  await page.getByRole("textbox", { name: "Adresse", exact: true }).fill("12 rue de la Roquette");
  await page.getByLabel(/^Nom de l'établissement/).fill("Rénov Registre Siège");
  await page.locator("#referencement-tel").fill("01 84 60 27 15");
  await page.locator("#referencement-email").fill("siege@renov.example");
  await page.getByLabel(/^Effectif de l'établissement/).fill("2");
  await page.getByRole("radio", { name: "Madame" }).check({ force: true });
  await page.getByLabel(/^Nom du référent/).fill("Durand");
  await page.getByLabel(/^Prénom du référent/).fill("Léa");
  await page.getByLabel(/^Adresse électronique du référent/).fill("lea.durand@renov.example");
  await page.getByLabel(/^Téléphone du référent/).fill("06 12 34 56 78");
  await page.getByLabel(/^Code postal/).fill("75011");
  await page.getByRole("button", { name: "Rechercher les communes" }).click();
  await expect(page.getByRole("combobox", { name: /^Commune/ })).toHaveValue("75056");
  await page.getByRole("checkbox", { name: /^Île-de-France/ }).check({ force: true });
  await page.getByRole("button", { name: "Référencer l'établissement" }).click();

  await expect(page).toHaveURL(`${base}/referencement`);
  await expect(page.getByText("L'établissement a bien été référencé.")).toBeVisible();
  await expect(page.getByText("Tous les établissements ont bien été référencés.")).toHaveCount(0);
  // The agency is still to reference.
  await expect(page.getByRole("link", { name: "Référencer un établissement" })).toBeVisible();
  if (info.project.name === "js") await expectNoAxeViolations(page);
});

test("le superviseur rejette tacitement un dossier dont le délai d'instruction est expiré", async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  const { ctx } = await demandeurEtEquipe();
  const deposee = await nouvelleDemandeEnEtat(ctx, "deposee");
  // Three months of instruction are over (spec §4 reputeRejete).
  await database.db
    .update(demandes)
    .set({ dateLimiteInstruction: "2026-01-15" })
    .where(eq(demandes.id, deposee.id));

  await connecter(page, "superviseur@demo.anah.gouv.fr", DEMO_PASSWORD);
  await page.goto(`${base}/dossier/demande/${deposee.id}`);
  await page.getByRole("link", { name: "Rejeter tacitement le dossier" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rejeter tacitement le dossier");
  await expect(
    page.getByText(
      "Le délai d'instruction est expiré : le dossier sera rejeté tacitement. Cette action est définitive.",
    ),
  ).toBeVisible();
  if (info.project.name === "js") await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Rejeter tacitement le dossier" }).click();
  await expect(page.getByText("Le rejet tacite du dossier a bien été enregistré.")).toBeVisible();
  await expect(page).toHaveURL(`${base}/dossier/demande/${deposee.id}`);
  await expect(page.getByText("Rejetée tacitement").first()).toBeVisible();
});
