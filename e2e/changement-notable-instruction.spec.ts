/**
 * Instruction of a perimeter extension in the browser (ADR 0021), with
 * JavaScript on and off: the superviseur takes the
 * decision EXTENSION_PERIMETRE_VALIDE on the file page (only the
 * extension's decisions offered), the operator then sees the new
 * perimeter and the modified certificate on /mon-agrement; the superviseur
 * annuls a tacit acceptance (grounds required) and the establishment
 * outside the restored perimeter is dereferenced.
 *
 * The extensions are written in the database (the applicant's form is
 * another lot's), so this file runs a portal of its own, built pages
 * included, on a free port with an in-memory database (PGlite).
 */
import { randomUUID } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hash } from "@node-rs/argon2";
import { expect, test, type Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import type { Database } from "../api/db/client.ts";
import { agrements, etablissements, societes, utilisateurs } from "../api/db/schema.ts";
import { CGU_VERSION } from "../contract/cgu.ts";
import { accorderExtensionsTacitement } from "../api/domain/changements-notables/accord-tacite.ts";
import { horlogeSysteme } from "../api/domain/horloge.ts";
import type { ApiConfig } from "../api/config.ts";
import type { Config } from "../server/config.ts";
import { createLogger } from "../server/logger.ts";
import { appelApi } from "../tests/helpers/demande-api.ts";
import {
  conduireExtensionJusquADecision,
  extensionEnBase,
  lireExtension,
} from "../tests/helpers/extension-en-base.ts";
import {
  connecterEquipeDemo,
  dansNJours,
  idUtilisateur,
  nouvelleDemandeEnEtat,
  type EquipeInstruction,
} from "../tests/helpers/instruction-api.ts";
import { loginAs } from "../tests/helpers/oidc-login.ts";
import { pdfEnTexte } from "../tests/helpers/pdf.ts";
import { demarrerPortailEnMemoire, type PortailEnMemoire } from "./fixtures/portail-en-memoire.ts";
import { DEMO, expectNoAxeViolations, submitCredentials } from "./support.ts";

const MOT_DE_PASSE = "Extension-Perimetre-2026!";
const CAPTURES = join(tmpdir(), "a2-captures");

let base: string;
let config: Config;
let database: Database;
let instance: PortailEnMemoire;
let empreinte: string;
let equipe: EquipeInstruction;
let instructeurId: string;

test.beforeAll(async () => {
  instance = await demarrerPortailEnMemoire("portail-extension");
  ({ base, database, config } = instance);
  empreinte = await hash(MOT_DE_PASSE);
  equipe = await connecterEquipeDemo(base);
  instructeurId = await idUtilisateur({ baseUrl: base }, equipe.instructeur);
  await mkdir(CAPTURES, { recursive: true });
});

test.afterAll(async () => {
  await instance?.fermer();
});

/** A new approved operator (Île-de-France): e-mail, token and approval id. */
async function operateurAgree(): Promise<{ email: string; token: string; agrementId: string }> {
  const marque = randomUUID().slice(0, 8);
  const [societe] = await database.db
    .insert(societes)
    .values({
      siren: `8${String(Date.now()).slice(-8)}`,
      raisonSociale: `Rénov Extension ${marque}`,
      qualites: ["qualityOp"],
    })
    .returning();
  const email = `extension-${marque}@exemple.fr`;
  await database.db.insert(utilisateurs).values({
    idIdp: `e2e-extension-${marque}`,
    email,
    prenom: "Jeanne",
    nom: `Extension ${marque}`,
    roles: ["demandeur"],
    passwordHash: empreinte,
    societeId: societe.id,
    cguVersionAcceptee: CGU_VERSION,
  });
  const { accessToken } = await loginAs(base, email, MOT_DE_PASSE);
  const demande = await nouvelleDemandeEnEtat(
    { baseUrl: base, demandeur: accessToken, equipe },
    "agree",
  );
  const [agrement] = await database.db
    .select({ id: agrements.id })
    .from(agrements)
    .where(eq(agrements.demandeId, demande.id));
  return { email, token: accessToken, agrementId: agrement.id };
}

/** Signs `email` in on this portal, after signing out whoever was. */
async function connecter(page: Page, email: string, motDePasse: string) {
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

/** The header's state badge. */
const badgeEtat = (page: Page) => page.locator("header .fr-badges-group .fr-badge").first();

test("the superviseur validates an extension; the operator sees the new perimeter and the modified certificate", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  // axe runs on the hydrated page: with JavaScript only (the markup is the same without).
  const axe = testInfo.project.name === "js" ? expectNoAxeViolations : async (_page: Page) => {};
  const operateur = await operateurAgree();
  const { id } = await extensionEnBase(database, operateur.agrementId, {
    dateLimiteInstruction: dansNJours(60),
  });
  await conduireExtensionJusquADecision(base, equipe, id, instructeurId);
  const urlDossier = `${base}/dossier/changement-notable/${id}`;

  await connecter(page, DEMO.superviseur.email, "Anah-Demo-2026!");
  await page.goto(urlDossier);
  await expect(badgeEtat(page)).toBeVisible();
  await expect(
    page.getByRole("heading", { name: "Effectifs sur le nouveau périmètre" }),
  ).toBeVisible();
  await axe(page);
  await capturer(page, "dossier-extension", testInfo.project.name);

  await page.getByRole("link", { name: "Prendre la décision" }).click();
  await expect(page).toHaveURL(`${urlDossier}/action/EXPRIMER_AVIS_DECIDEUR`);
  await expect(page.getByText("attestation modificative d'agrément")).toBeVisible();
  // Only the extension's decisions: never "Agrément validé".
  await expect(page.getByLabel("Extension du périmètre validée")).toHaveCount(1);
  await expect(page.getByLabel("Extension du périmètre refusée")).toHaveCount(1);
  await expect(page.getByLabel("Agrément validé")).toHaveCount(0);
  await axe(page);
  await capturer(page, "decision-extension", testInfo.project.name);

  await page.getByLabel("Extension du périmètre validée").check({ force: true });
  await page.getByLabel(/^Commentaire/).fill("Extension accordée au Rhône.");
  await page.getByRole("button", { name: "Prendre la décision" }).click();
  await expect(page).toHaveURL(urlDossier);
  await expect(
    page.getByText("La décision sur la demande de changement notable a bien été enregistrée.", {
      exact: true,
    }),
  ).toBeVisible();
  await expect(badgeEtat(page)).toHaveText("Décision disponible");
  await axe(page);

  // The operator: the new perimeter and the modified certificate, in force.
  await connecter(page, operateur.email, MOT_DE_PASSE);
  await page.goto(`${base}/mon-agrement`);
  await expect(page.getByText(/Rhône/).first()).toBeVisible();
  const attestations = page.getByRole("region", { name: "Attestations" }).getByRole("listitem");
  await expect(attestations).toHaveCount(2);
  await expect(attestations.first().getByText("En vigueur")).toBeVisible();
  const lien = attestations
    .first()
    .getByRole("link", { name: /^Attestation modificative d'agrément du/ });
  await expect(lien).toHaveAttribute("download", /^attestation-modificative-agrement-/);
  await axe(page);
  await capturer(page, "mon-agrement-etendu", testInfo.project.name);
  const vue = await lireExtension(base, operateur.token, id);
  const response = await fetch(`${base}/api/piece-jointe/${vue.decision!.id}`, {
    headers: { Authorization: `Bearer ${operateur.token}` },
  });
  const texte = (await pdfEnTexte(Buffer.from(await response.arrayBuffer()))).replace(/\s+/g, " ");
  expect(texte).toContain("Attestation modificative");
  expect(texte).toContain("Rhône (69)");
});

test("the superviseur annuls a tacit acceptance, and the establishment outside the perimeter is dereferenced", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  // axe runs on the hydrated page: with JavaScript only (the markup is the same without).
  const axe = testInfo.project.name === "js" ? expectNoAxeViolations : async (_page: Page) => {};
  const operateur = await operateurAgree();
  const { id } = await extensionEnBase(database, operateur.agrementId, {
    dateDepot: new Date(Date.now() - 90 * 86_400_000),
    dateLimiteInstruction: dansNJours(-20),
  });
  const mailer = { envoyer: async () => {}, close: async () => {} };
  await accorderExtensionsTacitement({
    config: config as ApiConfig,
    database,
    horloge: horlogeSysteme,
    logger: createLogger("silent"),
    mailer,
  });
  expect((await lireExtension(base, equipe.superviseur, id)).etat).toBe("accordee_tacitement");
  const [agrement] = await database.db
    .select()
    .from(agrements)
    .where(eq(agrements.id, operateur.agrementId));
  const vide = { regions: [], departements: [], epcis: [], communes: [] };
  const [rhone] = await database.db
    .insert(etablissements)
    .values({
      agrementId: agrement.id,
      societeId: agrement.societeId,
      reference: `ETB-R-${randomUUID().slice(0, 6)}`,
      raisonSociale: agrement.raisonSociale,
      nom: "Antenne de Lyon",
      siret: "12345678900012",
      adresse1: "1 rue de la République",
      codePostal: "69001",
      ville: "Lyon",
      perimetre: { ...vide, departements: ["69"] },
    })
    .returning();
  const urlDossier = `${base}/dossier/changement-notable/${id}`;

  await connecter(page, DEMO.superviseur.email, "Anah-Demo-2026!");
  await page.goto(urlDossier);
  await expect(badgeEtat(page)).toHaveText("Accordée tacitement");
  await page.getByRole("link", { name: "Annuler l'accord tacite" }).click();
  await expect(page).toHaveURL(
    `${urlDossier}/action/DEPOSER_PROCEDURE_ANNULATION_EXTENSION_PERIMETRE`,
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Annuler l'accord tacite");
  await axe(page);

  // No grounds: the error in place, on the same page.
  await page.getByRole("button", { name: "Annuler l'accord tacite" }).click();
  const motifs = page.getByLabel(/^Motifs de l'annulation/);
  await expect(page.locator(`#${await motifs.getAttribute("id")}-error`)).toBeVisible();
  await axe(page);
  await capturer(page, "annulation-accord-tacite", testInfo.project.name);

  await motifs.fill("Moyens sur le Rhône non démontrés.");
  await page.getByRole("button", { name: "Annuler l'accord tacite" }).click();
  await expect(page).toHaveURL(urlDossier);
  await expect(
    page.getByText(
      "La procédure d'annulation de l'extension de périmètre accordée tacitement a bien été déposée.",
      { exact: true },
    ),
  ).toBeVisible();
  await expect(badgeEtat(page)).toHaveText("Annulée");
  const [apres] = await database.db
    .select({ referencee: etablissements.referencee })
    .from(etablissements)
    .where(eq(etablissements.id, rhone.id));
  expect(apres.referencee).toBe(false);
  const agrementApres = await appelApi<{ perimetre: { departements: unknown[] } }>(
    base,
    operateur.token,
    "GET",
    "/agrement/mon-agrement",
  );
  expect(agrementApres.perimetre.departements).toEqual([]);
});
