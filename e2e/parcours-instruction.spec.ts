/**
 * The main job end to end through the pages, JavaScript on and off (DESIGN
 * §3): a deposited request is assigned by the superviseur,
 * the instructeur requests completeness, the applicant answers with a PDF
 * on /demande/demande/completude/{id}, the instructeur confirms with the
 * CRHH, the crhh, instructeur and superviseur give their opinions, the
 * superviseur grants the approval; the applicant consults the decision
 * (the certificate downloads, its text checked) and opens /mon-agrement.
 * Then the refusal: the decision AGREMENT_REFUSE taken on its page gives
 * the applicant a letter stating the two-month appeal.
 *
 * The deposit itself goes through the API: its four form steps have their
 * own spec (demande-formulaire.spec.ts).
 */
import { readFile } from "node:fs/promises";
import { expect, test, type Download, type Page } from "@playwright/test";
import type { Agrement } from "../contract/schemas/agrement.ts";
import { appelApi } from "../tests/helpers/demande-api.ts";
import {
  contexteInstruction,
  deposerNouvelleDemande,
  lireDemande,
  nouvelleDemandeEnEtat,
} from "../tests/helpers/instruction-api.ts";
import { loginAs } from "../tests/helpers/oidc-login.ts";
import { pdfEnTexte } from "../tests/helpers/pdf.ts";
import { nouveauDemandeur, type DemandeurTest } from "./fixtures/demandeur.ts";
import { vraiPdf } from "./fixtures/fichiers.ts";
import { DEMO, signIn, submitCredentials } from "./support.ts";

/** Signs out whoever was signed in, then signs `email` in with the demo password. */
async function connecterAgent(page: Page, email: string) {
  await page.context().clearCookies();
  await signIn(page, email);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Bonjour");
}

/** Signs the applicant back in (his terms are already accepted). */
async function connecterDemandeur(page: Page, demandeur: DemandeurTest) {
  await page.context().clearCookies();
  await page.goto("/account/login");
  await submitCredentials(page, demandeur.email, demandeur.motDePasse);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(
    `Bonjour ${demandeur.prenom}`,
  );
}

/**
 * On the file's page, opens the action's page from its link, lets `remplir`
 * fill the form, submits it and expects the success notification of spec §8.
 */
async function agir(
  page: Page,
  id: string,
  libelle: string,
  remplir: () => Promise<void>,
  succes: string,
) {
  await page.goto(`/dossier/demande/${id}`);
  await page.getByRole("link", { name: libelle, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(libelle);
  await remplir();
  await page.getByRole("button", { name: libelle, exact: true }).click();
  await expect(page).toHaveURL(`/dossier/demande/${id}`);
  await expect(page.getByText(succes, { exact: true })).toBeVisible();
}

/** Chooses an opinion value (DSFR radio, drawn on its label) and writes the comment. */
function donnerAvis(page: Page, valeur: string, commentaire: string) {
  return async () => {
    await page.getByLabel(valeur, { exact: true }).check({ force: true });
    await page.getByLabel(/^Commentaire/).fill(commentaire);
  };
}

/** The text of a downloaded PDF, after checking its bytes are a PDF. */
async function texteDuPdf(telechargement: Download): Promise<string> {
  const contenu = await readFile((await telechargement.path())!);
  expect(contenu.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  return (await pdfEnTexte(contenu)).replace(/\s+/g, " ");
}

const carteDemande = (page: Page) => page.getByRole("article", { name: /^Demande d'agrément/ });

test("du dépôt à l'agrément : affectation, complétude, avis, décision, attestation et /mon-agrement", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const demandeur = await nouveauDemandeur(page);
  const { accessToken } = await loginAs(baseURL!, demandeur.email, demandeur.motDePasse);
  const ctx = await contexteInstruction(baseURL!, accessToken);
  const demande = await deposerNouvelleDemande(ctx);

  await connecterAgent(page, DEMO.superviseur.email);
  await agir(
    page,
    demande.id,
    "Affecter le dossier",
    async () => {
      await page.getByLabel(/^Instructeur/).selectOption({ label: "Thomas Leroy" });
    },
    "Le dossier a bien été affecté.",
  );

  await connecterAgent(page, DEMO.instructeur.email);
  const attendu = "Merci de joindre l'attestation d'assurance professionnelle en cours.";
  await agir(
    page,
    demande.id,
    "Demander un complément pour complétude",
    () => page.getByLabel(/^Pièces ou informations attendues/).fill(attendu),
    "La demande de complément pour complétude a bien été envoyée au demandeur.",
  );

  await connecterDemandeur(page, demandeur);
  await carteDemande(page).getByRole("link", { name: "Compléter ma demande" }).click();
  await expect(page.getByText(attendu)).toBeVisible();
  await page
    .getByLabel(/^Pièces complémentaires/)
    .setInputFiles(await vraiPdf("attestation-assurance.pdf"));
  await page.getByRole("button", { name: "Transmettre les compléments" }).click();
  await expect(page.getByText("Les compléments ont bien été transmis.")).toBeVisible();

  await connecterAgent(page, DEMO.instructeur.email);
  await agir(
    page,
    demande.id,
    "Confirmer la complétude",
    () => page.getByLabel("Oui, consulter le CRHH").check({ force: true }),
    "La complétude du dossier a bien été confirmée.",
  );

  await connecterAgent(page, DEMO.crhh.email);
  await agir(
    page,
    demande.id,
    "Donner l'avis du CRHH",
    donnerAvis(page, "Favorable", "Structure bien implantée en Île-de-France."),
    "L'avis du CRHH a bien été enregistré.",
  );

  await connecterAgent(page, DEMO.instructeur.email);
  await agir(
    page,
    demande.id,
    "Donner l'avis de l'instructeur",
    donnerAvis(page, "Favorable", "Pièces complètes, compétences démontrées."),
    "L'avis de l'instructeur a bien été enregistré.",
  );

  await connecterAgent(page, DEMO.superviseur.email);
  await agir(
    page,
    demande.id,
    "Donner l'avis du superviseur",
    donnerAvis(page, "Favorable", "Avis conforme à celui de l'instructeur."),
    "L'avis du superviseur a bien été enregistré.",
  );
  await agir(
    page,
    demande.id,
    "Prendre la décision",
    donnerAvis(page, "Agrément validé", "Agrément accordé pour cinq ans."),
    "La décision a bien été enregistrée.",
  );
  // Every opinion is on the file, with its value.
  const avis = page.getByRole("region", { name: "Avis" });
  for (const titre of [
    "Avis du CRHH : Favorable",
    "Avis de l'instructeur : Favorable",
    "Avis du superviseur : Favorable",
    "Décision : Agrément validé",
  ])
    await expect(avis.getByRole("heading", { name: titre })).toBeVisible();

  await connecterDemandeur(page, demandeur);
  const agrement = await appelApi<Agrement>(
    baseURL!,
    ctx.demandeur,
    "GET",
    "/agrement/mon-agrement",
  );
  const [attestation] = await Promise.all([
    page.waitForEvent("download"),
    carteDemande(page)
      .getByRole("button", { name: /^Consulter la décision/ })
      .click(),
  ]);
  const texte = await texteDuPdf(attestation);
  expect(texte).toContain(agrement.numeroAgrement);
  expect(texte).toContain(demandeur.raisonSociale);
  expect((await lireDemande(ctx, ctx.demandeur, demande.id)).etat).toBe("agree");

  await page.goto("/");
  await page
    .getByRole("navigation", { name: "Menu principal" })
    .getByRole("link", { name: "Mon agrément" })
    .click();
  await expect(page).toHaveURL("/mon-agrement");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mon agrément");
  await expect(page.getByText(agrement.numeroAgrement)).toBeVisible();
  await expect(page.getByText("Île-de-France")).toBeVisible();
});

test("refus : la décision prise sur sa page donne au demandeur une lettre mentionnant le recours de deux mois", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const demandeur = await nouveauDemandeur(page);
  const { accessToken } = await loginAs(baseURL!, demandeur.email, demandeur.motDePasse);
  const ctx = await contexteInstruction(baseURL!, accessToken);
  const demande = await nouvelleDemandeEnEtat(ctx, "instruite_superviseur");
  const motifs = "Les références d'accompagnement fournies ne couvrent pas le périmètre demandé.";

  await connecterAgent(page, DEMO.superviseur.email);
  await agir(
    page,
    demande.id,
    "Prendre la décision",
    donnerAvis(page, "Agrément refusé", motifs),
    "La décision a bien été enregistrée.",
  );

  await connecterDemandeur(page, demandeur);
  const [lettre] = await Promise.all([
    page.waitForEvent("download"),
    carteDemande(page)
      .getByRole("link", { name: /^Télécharger la lettre de décision/ })
      .click(),
  ]);
  const texte = await texteDuPdf(lettre);
  expect(texte).toContain(demande.numeroDossier!);
  expect(texte).toContain(motifs);
  expect(texte).toContain("deux mois");
  expect(texte).toMatch(/recours gracieux/i);
});
