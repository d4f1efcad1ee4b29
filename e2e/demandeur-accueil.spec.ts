/**
 * The applicant's home around a request (spec §2 "Home for applicants",
 * "Application card", Modals "Cancel"; §4 badge colours and effects of
 * cancel; §5 Cancel): empty home, card of a deposited request with its
 * details toggle and recap, confirmation page, cancellation.
 */
import { expect, test, type Page } from "@playwright/test";
import type { DemandeDetail } from "../contract/schemas/demande.ts";
import { MESSAGES } from "../contract/validation.ts";
import { annuler, creerDemandeDeposable, deposer } from "../tests/helpers/demande-api.ts";
import { loginAs } from "../tests/helpers/oidc-login.ts";
import { nouveauDemandeur, type DemandeurTest } from "./fixtures/demandeur.ts";
import { expectNoAxeViolations } from "./support.ts";

/** A fresh signed-in applicant whose request was deposited through the API. */
async function demandeurAvecDemandeDeposee(
  page: Page,
  baseURL: string,
): Promise<{ demandeur: DemandeurTest; demande: DemandeDetail }> {
  const demandeur = await nouveauDemandeur(page);
  const { accessToken } = await loginAs(baseURL, demandeur.email, demandeur.motDePasse);
  const brouillon = await creerDemandeDeposable(baseURL, accessToken);
  const demande = await deposer(baseURL, accessToken, brouillon.id);
  return { demandeur, demande };
}

const CONFIRMATION = "Je confirme vouloir annuler définitivement ma demande";

/**
 * Ticks the cancel confirmation as a user does, on its label: the DSFR
 * draws the box over the (visually hidden) input.
 */
async function cocherConfirmation(page: Page) {
  if (!(await page.getByLabel(CONFIRMATION).isChecked()))
    await page.getByText(CONFIRMATION).click();
}

const carteDemande = (page: Page) => page.getByRole("article", { name: /^Demande d'agrément/ });

test("sans demande, l'accueil dit « Aucune demande en cours » et propose d'en déposer une", async ({
  page,
}, info) => {
  await nouveauDemandeur(page);
  await expect(page.getByRole("heading", { name: "Mes demandes d'agrément" })).toBeVisible();
  await expect(page.getByText("Aucune demande en cours")).toBeVisible();
  await expect(page.getByRole("link", { name: "Déposer une demande d'agrément" })).toHaveAttribute(
    "href",
    "/demande/formulaire",
  );
  await expect(carteDemande(page)).toHaveCount(0);
  if (info.project.name === "js") await expectNoAxeViolations(page);
});

test("une demande déposée a sa carte « En cours d'instruction », son détail, son récapitulatif et sa confirmation", async ({
  page,
  baseURL,
}, info) => {
  const axe = info.project.name === "js" ? expectNoAxeViolations : async () => {};
  const { demande } = await demandeurAvecDemandeDeposee(page, baseURL!);
  expect(demande.numeroDossier).toBeTruthy();

  await page.goto("/");
  const carte = carteDemande(page);
  await expect(carte).toHaveCount(1);
  await expect(carte.getByRole("heading", { level: 3 })).toHaveText(
    `Demande d'agrément n° ${demande.numeroDossier}`,
  );
  await expect(carte.locator(".fr-badge", { hasText: "En cours d'instruction" })).toHaveClass(
    /fr-badge--yellow-tournesol/,
  );
  await expect(carte.getByText(/^Déposée le \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  // One active request at a time: no new-request button while this one is examined.
  await expect(page.getByRole("link", { name: "Déposer une demande d'agrément" })).toHaveCount(0);
  await expect(page.getByText("Aucune demande en cours")).toHaveCount(0);

  // The details toggle is a <details>: it opens with or without JavaScript.
  const numero = carte.getByRole("definition").filter({ hasText: demande.numeroDossier! });
  await expect(numero).toBeHidden();
  await carte.getByText("Détails de la demande").click();
  await expect(numero).toBeVisible();
  await expect(carte.getByText("Date de dépôt")).toBeVisible();
  await axe(page);

  await carte.getByRole("link", { name: /Récapitulatif de la demande/ }).click();
  await expect(page).toHaveURL(`/demande/demande/recapitulatif/${demande.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Récapitulatif de la demande");
  await expect(page.getByText(`Demande d'agrément n° ${demande.numeroDossier}`)).toBeVisible();
  const filAriane = page.getByRole("navigation", { name: /vous êtes ici/i });
  await expect(filAriane.locator("[aria-current=page]")).toHaveText("Récapitulatif de la demande");
  await expect(page.getByRole("heading", { name: "Pièces justificatives" })).toBeVisible();
  // Spec §3: the recap and the synthesis the portal filed at deposit.
  for (const lien of [
    "Télécharger le récapitulatif de la demande",
    "Télécharger la synthèse de la demande",
  ])
    await expect(page.getByRole("link", { name: new RegExp(`^${lien} PDF`) })).toBeVisible();
  await axe(page);

  await page.goto(`/demande/demande/confirmation/${demande.id}?actionType=DEPOSER`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Votre demande d'agrément a bien été déposée",
  );
  await expect(page.getByText(demande.numeroDossier!)).toBeVisible();
  await expect(page.getByText(/délégation locale de l'Anah/)).toBeVisible();
  await axe(page);
  await page.getByRole("link", { name: "Voir le récapitulatif de la demande" }).click();
  await expect(page).toHaveURL(`/demande/demande/recapitulatif/${demande.id}`);

  await page.goto(`/demande/demande/confirmation/${demande.id}?actionType=INCONNUE`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Votre demande d'agrément a bien été enregistrée",
  );
  await page.getByRole("link", { name: "Retour à l'accueil" }).click();
  await expect(page).toHaveURL("/");

  const inconnu = await page.goto(`/demande/autre/confirmation/${demande.id}`);
  expect(inconnu?.status()).toBe(404);
});

test("annuler une demande : motif et confirmation exigés, puis carte « Annulée » avec le motif", async ({
  page,
  baseURL,
}, info) => {
  await demandeurAvecDemandeDeposee(page, baseURL!);
  await page.goto("/");
  await carteDemande(page).getByRole("link", { name: "Annuler la demande" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Annuler la demande d'agrément");
  await expect(page.getByText("L'annulation est définitive")).toBeVisible();
  if (info.project.name === "js") await expectNoAxeViolations(page);

  const motif = page.getByLabel(/^Motif de l'annulation/);
  const confirmation = page.getByLabel(CONFIRMATION);
  const valider = page.getByRole("button", { name: "Annuler la demande" });

  if (info.project.name === "js") {
    // With JavaScript, conform checks both fields before anything is posted.
    await valider.click();
    await expect(page.locator(`#${await motif.getAttribute("id")}-error`)).toHaveText(
      MESSAGES.requis,
    );
    // Under the box (the error summary at the top of the form repeats it).
    await expect(
      page
        .locator(".fr-messages-group")
        .getByText("Veuillez confirmer l'annulation définitive de la demande."),
    ).toBeVisible();
  }
  // Blank text passes the browser's own check; conform (with JavaScript) or the server
  // (without) refuses it, and the ticked box stays ticked.
  await motif.fill("   ");
  await cocherConfirmation(page);
  await valider.click();
  await expect(page.locator(`#${await motif.getAttribute("id")}-error`)).toHaveText(
    MESSAGES.requis,
  );
  await expect(confirmation).toBeChecked();
  await expect(page).toHaveURL(/\/demande\/demande\/annulation\//);

  await motif.fill("Notre structure renonce à l'agrément cette année.");
  await cocherConfirmation(page);
  await valider.click();

  await expect(page).toHaveURL("/");
  await expect(page.getByText("La demande a bien été annulée.")).toBeVisible();
  const carte = carteDemande(page);
  await expect(carte.locator(".fr-badge", { hasText: "Annulée" })).toHaveClass(/fr-badge--warning/);
  await expect(carte.getByText("Notre structure renonce à l'agrément cette année.")).toBeVisible();
  await expect(carte.getByRole("link", { name: "Annuler la demande" })).toHaveCount(0);
  await expect(carte.getByRole("link", { name: /Messagerie/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Déposer une demande d'agrément" })).toBeVisible();
  if (info.project.name === "js") await expectNoAxeViolations(page);
});

test("annuler une demande modifiée entre-temps recharge la page avec le message du conflit", async ({
  page,
  baseURL,
}) => {
  const demandeur = await nouveauDemandeur(page);
  const { accessToken } = await loginAs(baseURL!, demandeur.email, demandeur.motDePasse);
  const brouillon = await creerDemandeDeposable(baseURL!, accessToken);
  const demande = await deposer(baseURL!, accessToken, brouillon.id);

  await page.goto(`/demande/demande/annulation/${demande.id}`);
  // Meanwhile, the same request is cancelled elsewhere: the page's version is stale.
  await annuler(baseURL!, accessToken, demande.id, "Annulée depuis un autre onglet.");
  await page.getByLabel(/^Motif de l'annulation/).fill("Motif saisi trop tard.");
  await cocherConfirmation(page);
  await page.getByRole("button", { name: "Annuler la demande" }).click();

  await expect(page).toHaveURL(`/demande/demande/annulation/${demande.id}`);
  await expect(page.getByText(/^Ce dossier a été modifié entre-temps/)).toBeVisible();
  await expect(page.getByText("Cette demande ne peut pas être annulée")).toBeVisible();
  await expect(page.getByRole("button", { name: "Annuler la demande" })).toHaveCount(0);
});

test("un brouillon montre ses dates et « Continuer », sans récapitulatif ni messagerie", async ({
  page,
  baseURL,
}, info) => {
  const demandeur = await nouveauDemandeur(page);
  const { accessToken } = await loginAs(baseURL!, demandeur.email, demandeur.motDePasse);
  const brouillon = await creerDemandeDeposable(baseURL!, accessToken);

  await page.goto("/");
  const carte = carteDemande(page);
  await expect(carte.getByRole("heading", { level: 3 })).toHaveText("Demande d'agrément");
  await expect(carte.locator(".fr-badge", { hasText: "Brouillon" })).toHaveClass(/fr-badge--info/);
  await expect(carte.getByText(/^Créée le \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  await expect(carte.getByText(/^Modifiée le \d{2}\/\d{2}\/\d{4}$/)).toBeVisible();
  // Steps 1 to 3 are complete: the form resumes at its summary.
  await expect(carte.getByRole("link", { name: "Continuer" })).toHaveAttribute(
    "href",
    `/demande/formulaire?id=${brouillon.id}&etape=4`,
  );
  await expect(carte.getByRole("link", { name: /Récapitulatif de la demande/ })).toHaveCount(0);
  await expect(carte.getByRole("link", { name: /Messagerie/ })).toHaveCount(0);
  // A draft is deleted, not cancelled, with its own confirmation.
  await expect(carte.getByRole("link", { name: "Annuler la demande" })).toHaveCount(0);
  await expect(carte.getByRole("link", { name: "Supprimer le brouillon" })).toHaveAttribute(
    "href",
    `/demande/demande/annulation/${brouillon.id}`,
  );
  if (info.project.name === "js") await expectNoAxeViolations(page);
  await carte.getByRole("link", { name: "Supprimer le brouillon" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Supprimer le brouillon");
  await expect(page).toHaveTitle(/^Supprimer le brouillon/);
  await expect(
    page.getByLabel("Je confirme vouloir supprimer définitivement mon brouillon"),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Supprimer le brouillon" })).toBeVisible();
  await page.goto("/");

  await page.goto(`/messagerie/demande?id=${brouillon.id}`);
  await expect(page).toHaveURL("/");
  await expect(
    page.getByText("La messagerie n'est pas disponible pour une demande en brouillon."),
  ).toBeVisible();
});
