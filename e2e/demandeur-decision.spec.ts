/**
 * The applicant's side of the decision (spec §2 "Application card", "Home
 * for applicants", /mon-agrement; §4 VISUALISER_RESULTAT, approval
 * status): a granted approval consulted from the card (the
 * certificate downloads and the request becomes agree), the approved
 * operator's home, menu and approval page; a refusal with its letter,
 * which states the two-month appeal.
 */
import { readFile } from "node:fs/promises";
import { expect, test, type Download, type Page } from "@playwright/test";
import type { Agrement } from "../contract/schemas/agrement.ts";
import { appelApi } from "../tests/helpers/demande-api.ts";
import {
  contexteInstruction,
  lireDemande,
  nouvelleDemandeEnEtat,
  type ContexteInstruction,
} from "../tests/helpers/instruction-api.ts";
import { loginAs } from "../tests/helpers/oidc-login.ts";
import { pdfEnTexte } from "../tests/helpers/pdf.ts";
import { nouveauDemandeur } from "./fixtures/demandeur.ts";
import { expectNoAxeViolations } from "./support.ts";

/** A fresh signed-in applicant and the demo instruction staff, driving through the API. */
async function demandeurEtEquipe(page: Page, baseURL: string): Promise<ContexteInstruction> {
  const demandeur = await nouveauDemandeur(page);
  const { accessToken } = await loginAs(baseURL, demandeur.email, demandeur.motDePasse);
  return contexteInstruction(baseURL, accessToken);
}

/** The text of a downloaded PDF (pdftotext), after checking its bytes are a PDF. */
async function texteDuPdf(telechargement: Download): Promise<string> {
  const contenu = await readFile((await telechargement.path())!);
  expect(contenu.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  return pdfEnTexte(contenu);
}

/** "2026-05-14" or an ISO instant → "14/05/2026" (Europe/Paris calendar date). */
const jjmmaaaa = (valeur: string) =>
  new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris" }).format(
    new Date(/^\d{4}-\d{2}-\d{2}$/.test(valeur) ? `${valeur}T12:00:00Z` : valeur),
  );

const carteDemande = (page: Page) => page.getByRole("article", { name: /^Demande d'agrément/ });
const menu = (page: Page) => page.getByRole("navigation", { name: "Menu principal" });

test("agrément accordé : « Consulter la décision » télécharge l'attestation, la demande devient agréée, l'accueil et le menu passent à l'opérateur agréé, /mon-agrement", async ({
  page,
  baseURL,
}, info) => {
  const axe = info.project.name === "js" ? expectNoAxeViolations : async () => {};
  const ctx = await demandeurEtEquipe(page, baseURL!);
  const demande = await nouvelleDemandeEnEtat(ctx, "agrement_en_attente");
  const agrement = await appelApi<Agrement>(
    baseURL!,
    ctx.demandeur,
    "GET",
    "/agrement/mon-agrement",
  );

  await page.goto("/");
  const carte = carteDemande(page);
  await expect(carte.locator(".fr-badge", { hasText: "Décision disponible" })).toBeVisible();
  await expect(
    carte.getByRole("heading", { name: "Votre demande a reçu une décision" }),
  ).toBeVisible();
  await axe(page);

  const [telechargement] = await Promise.all([
    page.waitForEvent("download"),
    carte.getByRole("button", { name: /^Consulter la décision/ }).click(),
  ]);
  expect(telechargement.suggestedFilename()).toBe(
    `attestation-agrement-${agrement.numeroAgrement}.pdf`,
  );
  expect(await texteDuPdf(telechargement)).toContain(agrement.numeroAgrement);
  // Viewing the certificate posted VISUALISER_RESULTAT.
  expect((await lireDemande(ctx, ctx.demandeur, demande.id)).etat).toBe("agree");

  // The approved operator's home: greeting, approval, quick access; no decision left to consult.
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Bonjour /);
  await expect(page.getByText(agrement.numeroAgrement)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Décision à consulter" })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Accès rapides" })).toBeVisible();
  await expect(menu(page).getByRole("link", { name: "Mon agrément" })).toHaveAttribute(
    "href",
    "/mon-agrement",
  );
  await axe(page);
  await page.getByRole("main").getByRole("link", { name: "Mon agrément" }).click();

  await expect(page).toHaveURL("/mon-agrement");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mon agrément");
  await expect(page).toHaveTitle(/^Mon agrément \| /);
  const filAriane = page.getByRole("navigation", { name: /vous êtes ici/i });
  await expect(filAriane.getByRole("link", { name: "Accueil" })).toBeVisible();
  await expect(filAriane.locator("[aria-current=page]")).toHaveText("Mon agrément");
  await expect(page.getByText(agrement.numeroAgrement)).toBeVisible();
  await expect(page.getByText("En cours de validité")).toBeVisible();
  await expect(page.getByText(jjmmaaaa(agrement.dateFin))).toBeVisible();
  // The granted perimeter: Île-de-France (step 2 of demande-api.ts).
  await expect(page.getByRole("heading", { name: "Régions" })).toBeVisible();
  await expect(page.getByText("Île-de-France")).toBeVisible();
  const attestation = page.getByRole("link", { name: /^Attestation d'agrément du / });
  await expect(attestation).toHaveCount(1);
  await expect(page.getByText("En vigueur")).toBeVisible();
  await axe(page);
  const [copie] = await Promise.all([page.waitForEvent("download"), attestation.click()]);
  expect(copie.suggestedFilename()).toBe(`attestation-agrement-${agrement.numeroAgrement}.pdf`);
});

test("refus : la carte donne la lettre de décision, qui mentionne le recours de deux mois ; pas d'agrément", async ({
  page,
  baseURL,
}, info) => {
  const ctx = await demandeurEtEquipe(page, baseURL!);
  const demande = await nouvelleDemandeEnEtat(ctx, "refusee");

  await page.goto("/");
  const carte = carteDemande(page);
  await expect(carte.locator(".fr-badge", { hasText: "Refusée" })).toHaveClass(/fr-badge--error/);
  await expect(
    carte.getByRole("heading", { name: "Votre demande d'agrément a été refusée" }),
  ).toBeVisible();
  await expect(carte.getByText(/délai de deux mois/)).toBeVisible();
  await expect(menu(page).getByRole("link", { name: "Mon agrément" })).toHaveCount(0);
  if (info.project.name === "js") await expectNoAxeViolations(page);

  const [lettre] = await Promise.all([
    page.waitForEvent("download"),
    carte.getByRole("link", { name: /^Télécharger la lettre de décision/ }).click(),
  ]);
  expect(lettre.suggestedFilename()).toBe(`decision-refus-${demande.numeroDossier}.pdf`);
  const texte = (await texteDuPdf(lettre)).replace(/\s+/g, " ");
  expect(texte).toContain("deux mois");
  expect(texte).toMatch(/recours gracieux/i);

  // No approval: /mon-agrement sends home and says why.
  await page.goto("/mon-agrement");
  await expect(page).toHaveURL("/");
  await expect(
    page.getByText("Votre structure ne détient pas d'agrément en cours de validité."),
  ).toBeVisible();
});
