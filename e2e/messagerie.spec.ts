/**
 * Messaging of a request for its applicant (spec §2 /messagerie/{demandeType},
 * "Application card" new-message badge; §3 Messaging; §4 "The new-message
 * badge is cleared by opening the messaging link").
 */
import { expect, test, type Page } from "@playwright/test";
import type { DemandeDetail } from "../contract/schemas/demande.ts";
import { MESSAGES } from "../contract/validation.ts";
import { annuler, appelApi, creerDemandeDeposable, deposer } from "../tests/helpers/demande-api.ts";
import { loginAs } from "../tests/helpers/oidc-login.ts";
import { nouveauDemandeur } from "./fixtures/demandeur.ts";
import { DEMO, DEMO_PASSWORD, expectNoAxeViolations } from "./support.ts";

/**
 * A fresh signed-in applicant with a request deposited through the API
 * (head office in Paris: the demo instructeur's service), and his token.
 */
async function demandeDeposee(
  page: Page,
  baseURL: string,
): Promise<{ demande: DemandeDetail; token: string }> {
  const demandeur = await nouveauDemandeur(page);
  const { accessToken } = await loginAs(baseURL, demandeur.email, demandeur.motDePasse);
  const brouillon = await creerDemandeDeposable(baseURL, accessToken);
  return { demande: await deposer(baseURL, accessToken, brouillon.id), token: accessToken };
}

const carteDemande = (page: Page) => page.getByRole("article", { name: /^Demande d'agrément/ });
const DATE_HEURE = /^\d{2}\/\d{2}\/\d{4} à \d{2}:\d{2}$/;

test("le demandeur écrit au service instructeur et voit son message dans le fil", async ({
  page,
  baseURL,
}, info) => {
  const { demande } = await demandeDeposee(page, baseURL!);
  await page.goto("/");
  const tuile = carteDemande(page).getByRole("link", { name: /Messagerie/ });
  await expect(carteDemande(page).getByText("Nouveau message")).toHaveCount(0);
  await tuile.click();

  await expect(page).toHaveURL(`/messagerie/demande?id=${demande.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Messagerie");
  await expect(page.getByText(`Demande d'agrément n° ${demande.numeroDossier}`)).toBeVisible();
  const filAriane = page.getByRole("navigation", { name: /vous êtes ici/i });
  await expect(filAriane.locator("[aria-current=page]")).toHaveText("Messagerie");
  await expect(page.getByText("Aucun message pour le moment.")).toBeVisible();
  if (info.project.name === "js") await expectNoAxeViolations(page);

  const saisie = page.getByLabel(/^Votre message/);
  const envoyer = page.getByRole("button", { name: "Envoyer" });
  // A blank message passes the browser's check; conform or the server refuses it.
  await saisie.fill("   ");
  await envoyer.click();
  await expect(page.locator(`#${await saisie.getAttribute("id")}-error`)).toHaveText(
    MESSAGES.requis,
  );

  await saisie.fill("Bonjour,\nPouvez-vous me confirmer la bonne réception de notre dossier ?");
  await envoyer.click();
  await expect(page.getByText("Votre message a bien été envoyé.")).toBeVisible();
  await expect(page).toHaveURL(`/messagerie/demande?id=${demande.id}`);
  const message = page.getByRole("listitem").filter({ hasText: "bonne réception" });
  await expect(message.getByRole("heading", { level: 3 })).toHaveText("Vous");
  await expect(message.locator("time")).toHaveText(DATE_HEURE);
  await expect(saisie).toHaveValue("");
  if (info.project.name === "js") await expectNoAxeViolations(page);
});

test("un message de l'instructeur affiche « Nouveau message » sur l'accueil jusqu'à l'ouverture de la messagerie", async ({
  page,
  baseURL,
}) => {
  const { demande } = await demandeDeposee(page, baseURL!);
  const instructeur = await loginAs(baseURL!, DEMO.instructeur.email, DEMO_PASSWORD);
  await appelApi(baseURL!, instructeur.accessToken, "POST", `/demande/${demande.id}/message`, {
    message: "Bonjour, votre dossier est bien reçu ; il sera examiné sous quinze jours.",
  });

  await page.goto("/");
  const carte = carteDemande(page);
  await expect(carte.getByText("Nouveau message")).toBeVisible();
  await carte.getByRole("link", { name: /Messagerie/ }).click();
  const message = page.getByRole("listitem").filter({ hasText: "bien reçu" });
  await expect(message.getByRole("heading", { level: 3 })).toHaveText("Service instructeur");
  await expect(message.locator("time")).toHaveText(DATE_HEURE);

  await page.goto("/");
  await expect(carteDemande(page).getByRole("link", { name: /Messagerie/ })).toBeVisible();
  await expect(carteDemande(page).getByText("Nouveau message")).toHaveCount(0);
});

test("une messagerie fermée se lit sans formulaire ; un type inconnu répond 404", async ({
  page,
  baseURL,
}, info) => {
  const { demande, token } = await demandeDeposee(page, baseURL!);
  await appelApi(baseURL!, token, "POST", `/demande/${demande.id}/message`, {
    message: "Message écrit avant l'annulation.",
  });
  await annuler(baseURL!, token, demande.id);

  await page.goto(`/messagerie/demande?id=${demande.id}`);
  await expect(page.getByText("La messagerie de ce dossier est fermée.")).toBeVisible();
  await expect(page.getByText("Message écrit avant l'annulation.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Envoyer" })).toHaveCount(0);
  await expect(page.getByLabel(/^Votre message/)).toHaveCount(0);
  if (info.project.name === "js") await expectNoAxeViolations(page);

  const inconnu = await page.goto(`/messagerie/autre?id=${demande.id}`);
  expect(inconnu?.status()).toBe(404);
  const sansId = await page.goto("/messagerie/demande");
  expect(sansId?.status()).toBe(404);
});
