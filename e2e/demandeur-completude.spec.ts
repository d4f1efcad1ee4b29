/**
 * The applicant's answers during instruction (spec §2 "Application card",
 * /demande/demande/completude/{id}, /demande/{type}/confirmation/{id};
 * §4 effects; DESIGN §3 DONNER_COMPLEMENT, RETOURNER_EN_EDITION /
 * DEPOSER_EN_EDITION): a completeness request seen on the card, answered
 * with a real PDF after two refused attempts; a request returned for
 * edition, modified and deposited again; the page of a request that awaits
 * nothing, and of another company's.
 */
import { expect, test, type Page } from "@playwright/test";
import { MESSAGES_INSTRUCTION } from "../contract/schemas/instruction.ts";
import { creerDemandeDeposable } from "../tests/helpers/demande-api.ts";
import {
  contexteInstruction,
  lireDemande,
  nouvelleDemandeEnEtat,
  type ContexteInstruction,
} from "../tests/helpers/instruction-api.ts";
import { loginAs } from "../tests/helpers/oidc-login.ts";
import { creerDemandeurConfirme, nouveauDemandeur } from "./fixtures/demandeur.ts";
import { fauxPdf, vraiPdf } from "./fixtures/fichiers.ts";
import { expectNoAxeViolations } from "./support.ts";

/** A fresh signed-in applicant and the demo instruction staff, driving through the API. */
async function demandeurEtEquipe(page: Page, baseURL: string): Promise<ContexteInstruction> {
  const demandeur = await nouveauDemandeur(page);
  const { accessToken } = await loginAs(baseURL, demandeur.email, demandeur.motDePasse);
  return contexteInstruction(baseURL, accessToken);
}

/** "2026-05-14" → "14/05/2026", as the spec shows dates. */
const jjmmaaaa = (iso: string) => iso.split("-").reverse().join("/");

const carteDemande = (page: Page) => page.getByRole("article", { name: /^Demande d'agrément/ });

test("une demande incomplète : alerte sur la carte, refus sans fichier et d'un faux PDF, puis réponse avec un vrai PDF", async ({
  page,
  baseURL,
}, info) => {
  const axe = info.project.name === "js" ? expectNoAxeViolations : async () => {};
  const ctx = await demandeurEtEquipe(page, baseURL!);
  const demande = await nouvelleDemandeEnEtat(ctx, "incomplete");
  expect(demande.dateEcheance).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  const echeance = jjmmaaaa(demande.dateEcheance!);

  await page.goto("/");
  const carte = carteDemande(page);
  await expect(carte.locator(".fr-badge", { hasText: "Incomplète" })).toBeVisible();
  await expect(carte.getByRole("heading", { name: "Votre demande est incomplète" })).toBeVisible();
  await expect(
    carte.getByText(`Des pièces complémentaires sont attendues avant le ${echeance}.`),
  ).toBeVisible();
  await axe(page);
  await carte.getByRole("link", { name: "Compléter ma demande" }).click();

  await expect(page).toHaveURL(`/demande/demande/completude/${demande.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Compléter ma demande d'agrément",
  );
  await expect(page).toHaveTitle(/^Compléter ma demande d'agrément \| /);
  const filAriane = page.getByRole("navigation", { name: /vous êtes ici/i });
  await expect(filAriane.locator("[aria-current=page]")).toHaveText("Compléter ma demande");
  // What the instructor asked (instruction-api.ts default), and by when.
  await expect(
    page.getByText("Veuillez joindre l'attestation d'assurance professionnelle."),
  ).toBeVisible();
  await expect(page.getByText(`À transmettre avant le ${echeance}`)).toBeVisible();
  await expect(page.getByText("Délai dépassé")).toHaveCount(0);
  const fichiers = page.getByLabel(/^Pièces complémentaires/);
  await expect(fichiers).toHaveAttribute("multiple", "");
  await expect(
    page.getByText(/Taille maximale : 10 Mo par fichier\. Formats acceptés : PDF, PNG, JPG, ZIP\./),
  ).toBeVisible();
  await axe(page);

  const commentaire = page.getByLabel(/^Commentaire \(facultatif\)/);
  const transmettre = page.getByRole("button", { name: "Transmettre les compléments" });

  // No file: the browser's script (JS) or the API (without JS) refuses, in French.
  await commentaire.fill("Voici l'attestation demandée.");
  await transmettre.click();
  await expect(page.locator(`#${await fichiers.getAttribute("id")}-error`)).toHaveText(
    MESSAGES_INSTRUCTION.fichierRequis,
  );
  await expect(commentaire).toHaveValue("Voici l'attestation demandée.");
  await expect(page).toHaveURL(`/demande/demande/completude/${demande.id}`);
  await axe(page);

  // A text file named ".pdf": only the API, reading its bytes, can tell.
  await fichiers.setInputFiles(fauxPdf("attestation.pdf"));
  await transmettre.click();
  await expect(page.locator(`#${await fichiers.getAttribute("id")}-error`)).toHaveText(
    /^Le type de fichier n'est pas autorisé/,
  );
  await expect(commentaire).toHaveValue("Voici l'attestation demandée.");
  expect((await lireDemande(ctx, ctx.demandeur, demande.id)).etat).toBe("incomplete");

  await fichiers.setInputFiles(await vraiPdf("attestation-assurance.pdf"));
  await transmettre.click();
  await expect(page).toHaveURL(
    `/demande/demande/confirmation/${demande.id}?actionType=DONNER_COMPLEMENT`,
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Vos compléments ont bien été transmis",
  );
  await expect(page.getByText("Les compléments ont bien été transmis.")).toBeVisible();
  await expect(
    page.getByText(/reprend l'examen de votre dossier avec les pièces transmises/),
  ).toBeVisible();
  await axe(page);

  const apres = await lireDemande(ctx, ctx.demandeur, demande.id);
  expect(apres.etat).toBe("affectee");
  expect(apres.pjAdditionnelles[0]?.piecesJointes.map((piece) => piece.nom)).toEqual([
    "attestation-assurance.pdf",
  ]);

  await page.getByRole("link", { name: "Retour à l'accueil" }).click();
  await expect(
    carteDemande(page).locator(".fr-badge", { hasText: "En cours d'instruction" }),
  ).toBeVisible();
  await expect(carteDemande(page).getByRole("link", { name: "Compléter ma demande" })).toHaveCount(
    0,
  );

  // Nothing is awaited any more: the page says so and leads home.
  await page.goto(`/demande/demande/completude/${demande.id}`);
  await expect(
    page.getByRole("heading", { name: "Aucun complément n'est attendu pour cette demande" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Transmettre les compléments" })).toHaveCount(0);
  await page.getByRole("link", { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL("/");
});

test("la page de complétude d'une demande d'une autre structure répond 404", async ({
  page,
  baseURL,
}) => {
  const autre = await creerDemandeurConfirme(page);
  const { accessToken } = await loginAs(baseURL!, autre.email, autre.motDePasse);
  const etrangere = await creerDemandeDeposable(baseURL!, accessToken);
  await nouveauDemandeur(page);
  const reponse = await page.goto(`/demande/demande/completude/${etrangere.id}`);
  expect(reponse?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page non trouvée");
});

test("une demande retournée en édition : commentaire de l'instructeur, modification puis nouveau dépôt", async ({
  page,
  baseURL,
}, info) => {
  const axe = info.project.name === "js" ? expectNoAxeViolations : async () => {};
  const ctx = await demandeurEtEquipe(page, baseURL!);
  const demande = await nouvelleDemandeEnEtat(ctx, "en_edition");

  await page.goto("/");
  const carte = carteDemande(page);
  await expect(
    carte.getByRole("heading", { name: "Votre demande vous a été retournée pour modification" }),
  ).toBeVisible();
  // The instructor's comment (instruction-api.ts default).
  await expect(carte.getByText("Veuillez corriger l'adresse du siège.")).toBeVisible();
  await axe(page);
  await carte.getByRole("link", { name: "Modifier ma demande" }).click();

  // Every step is complete: the form opens on its summary.
  await expect(page).toHaveURL(`/demande/formulaire?id=${demande.id}&etape=4`);
  await expect(page.getByText("Veuillez corriger l'adresse du siège.")).toBeVisible();
  await axe(page);
  await page
    .getByRole("link", { name: "Modifier l'étape « Informations sur la structure »" })
    .click();
  await expect(page).toHaveURL(`/demande/formulaire?id=${demande.id}&etape=1`);
  await page.getByRole("textbox", { name: "Adresse", exact: true }).fill("14 rue de la Roquette");
  await page.getByRole("button", { name: "Suivant" }).click();
  await expect(page).toHaveURL(`/demande/formulaire?id=${demande.id}&etape=2`);
  await page.getByRole("button", { name: "Suivant" }).click();
  await expect(page).toHaveURL(`/demande/formulaire?id=${demande.id}&etape=3`);
  await page.getByRole("button", { name: "Suivant" }).click();
  await expect(page).toHaveURL(`/demande/formulaire?id=${demande.id}&etape=4`);
  await expect(page.getByText("14 rue de la Roquette")).toBeVisible();
  await expect(page.getByRole("button", { name: "Soumettre" })).toHaveCount(0);
  await page.getByRole("button", { name: "Déposer la demande modifiée" }).click();

  await expect(page).toHaveURL(
    `/demande/demande/confirmation/${demande.id}?actionType=DEPOSER_EN_EDITION`,
  );
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Votre demande d'agrément modifiée a bien été déposée",
  );
  await expect(page.getByText("La demande modifiée a bien été déposée.")).toBeVisible();
  const apres = await lireDemande(ctx, ctx.demandeur, demande.id);
  expect(apres.etat).toBe("affectee");
  expect(apres.etape1?.adresse).toBe("14 rue de la Roquette");

  // Deposited again: the form is closed and sends to the recap.
  await page.goto(`/demande/formulaire?id=${demande.id}`);
  await expect(page).toHaveURL(`/demande/demande/recapitulatif/${demande.id}`);
});
