/**
 * The staff file page and its action forms (spec §2 "file detail", §4
 * actions, §8 success notifications): the superviseur assigns a fresh
 * deposited request to the demo
 * instructeur through the form; the instructeur requests completeness (a
 * blank comment first: field error, nothing sent), the applicant answers
 * through the API, the instructeur confirms completeness with the CRHH and
 * writes an internal note with a PDF, which the superviseur then sees as
 * unread once. Then: a form loaded before someone else changed the file
 * ends on the file with the API's 409 message; an action the file does not
 * offer sends back to the file with the 403 message; a field error keeps
 * what was typed; unknown files and applicants get the error pages.
 */
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import type { DemandeDetail } from "../contract/schemas/demande.ts";
import { MESSAGES } from "../contract/validation.ts";
import { appelApi } from "../tests/helpers/demande-api.ts";
import {
  affecter,
  contexteInstruction,
  deposerNouvelleDemande,
  donnerComplement,
  nouvelleDemandeEnEtat,
  retournerEnEdition,
  type ContexteInstruction,
} from "../tests/helpers/instruction-api.ts";
import { loginAs } from "../tests/helpers/oidc-login.ts";
import { creerDemandeurConfirme, type DemandeurTest } from "./fixtures/demandeur.ts";
import { vraiPdf } from "./fixtures/fichiers.ts";
import { DEMO, expectNoAxeViolations, signIn, submitCredentials } from "./support.ts";

/** A fresh applicant (own company) and the demo staff signed in to the API. */
async function nouveauContexte(
  page: Page,
  baseURL: string,
): Promise<{ demandeur: DemandeurTest; ctx: ContexteInstruction }> {
  const demandeur = await creerDemandeurConfirme(page);
  const { accessToken } = await loginAs(baseURL, demandeur.email, demandeur.motDePasse);
  return { demandeur, ctx: await contexteInstruction(baseURL, accessToken) };
}

/** Signs `email` in, after signing out whoever was (cookies of the portal and the provider). */
async function connecter(page: Page, email: string) {
  await page.context().clearCookies();
  await signIn(page, email);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Bonjour");
}

const urlDossier = (demande: Pick<DemandeDetail, "id">) => `/dossier/demande/${demande.id}`;

/** The header's state badge (the first badge of the page's badge group). */
const badgeEtat = (page: Page) => page.locator("header .fr-badges-group .fr-badge").first();

/** The notification stack's message. */
const notification = (page: Page, texte: string | RegExp) =>
  page.getByText(texte, { exact: typeof texte === "string" });

test("le superviseur affecte, l'instructeur demande la complétude, la confirme avec le CRHH et écrit une note", async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const axe = info.project.name === "js" ? expectNoAxeViolations : async () => {};
  const { demandeur, ctx } = await nouveauContexte(page, baseURL!);
  const demande = await deposerNouvelleDemande(ctx);

  // Superviseur: the deposited file, then the assignment form.
  await connecter(page, DEMO.superviseur.email);
  await page.goto(urlDossier(demande));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `Demande d'agrément n° ${demande.numeroDossier}`,
  );
  await expect(page).toHaveTitle(new RegExp(`^Demande d'agrément n° ${demande.numeroDossier} \\|`));
  await expect(page.getByText(demandeur.raisonSociale, { exact: false }).first()).toBeVisible();
  // The breadcrumb goes through the list.
  const filAriane = page.getByRole("navigation", { name: /vous êtes ici/i });
  await expect(filAriane.getByRole("link", { name: "Tous les dossiers" })).toHaveAttribute(
    "href",
    "/tous-les-dossiers/demande",
  );
  await expect(filAriane.locator("[aria-current=page]")).toHaveText(
    `Demande d'agrément n° ${demande.numeroDossier}`,
  );
  await expect(badgeEtat(page)).toHaveText("Déposée");
  await expect(page.getByText("Étape : En attente d'affectation")).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "Non affecté" })).toBeVisible();
  for (const section of [
    "Contenu de la demande",
    "Pièces jointes",
    "Compléments reçus",
    "Avis",
    "Informations complémentaires",
    "Historique",
    "Notes internes",
    "Messagerie",
  ])
    await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
  await expect(
    page.getByRole("link", { name: "Télécharger toutes les pièces (ZIP)" }),
  ).toHaveAttribute("href", `${urlDossier(demande)}/pieces-jointes.zip`);
  await expect(
    page.getByRole("link", { name: "Télécharger le dossier (archive)" }),
  ).toHaveAttribute("href", `${urlDossier(demande)}/archive.zip`);
  await expect(page.getByRole("link", { name: "info_generale.pdf" })).toBeVisible();
  // Spec §3: the recap and the synthesis the portal filed at deposit, each under its heading.
  for (const [titre, fichier] of [
    ["Récapitulatif de la demande", `recapitulatif-${demande.numeroDossier}.pdf`],
    ["Synthèse de la demande", `synthese-${demande.numeroDossier}.pdf`],
  ])
    await expect(
      page
        .locator("#pieces-jointes div", { has: page.getByRole("heading", { name: titre }) })
        .getByRole("link", { name: new RegExp(`^${fichier}`) }),
    ).toBeVisible();
  await axe(page);
  // Both archives come through the portal, named by the API.
  for (const [lien, nom] of [
    ["Télécharger toutes les pièces (ZIP)", "dossier.zip"],
    [
      "Télécharger le dossier (archive)",
      new RegExp(`^${demande.numeroDossier}_\\d{4}-\\d{2}-\\d{2}\\.zip$`),
    ],
  ] as const) {
    const [telechargement] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: lien }).click(),
    ]);
    if (typeof nom === "string") expect(telechargement.suggestedFilename()).toBe(nom);
    else expect(telechargement.suggestedFilename()).toMatch(nom);
    const octets = await readFile(await telechargement.path());
    expect(octets.subarray(0, 2).toString("latin1")).toBe("PK");
  }

  await page.getByRole("link", { name: "Affecter le dossier" }).click();
  await expect(page).toHaveURL(`${urlDossier(demande)}/action/AFFECTER_INSTRUCTEUR`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Affecter le dossier");
  await axe(page);
  const choix = page.getByLabel(/^Instructeur/);
  await choix.selectOption({ label: "Thomas Leroy" });
  await page.getByRole("button", { name: "Affecter le dossier" }).click();
  await expect(page).toHaveURL(urlDossier(demande));
  await expect(notification(page, "Le dossier a bien été affecté.")).toBeVisible();
  await expect(badgeEtat(page)).toHaveText("Affectée");
  await expect(page.getByRole("definition").filter({ hasText: "Thomas Leroy" })).toBeVisible();
  const historique = page.getByRole("table", { name: "Historique du dossier" });
  await expect(
    historique.getByRole("row").filter({ hasText: "Affecter le dossier" }),
  ).toContainText("Déposée → Affectée");
  await expect(
    historique.getByRole("row").filter({ hasText: "Affecter le dossier" }),
  ).toContainText("Nathalie Garnier (Superviseur)");

  // Instructeur: completeness request, a blank comment first.
  await connecter(page, DEMO.instructeur.email);
  await page.goto(urlDossier(demande));
  await page.getByRole("link", { name: "Demander un complément pour complétude" }).click();
  const commentaire = page.getByLabel(/^Pièces ou informations attendues/);
  const envoyer = page.getByRole("button", { name: "Demander un complément pour complétude" });
  // Blank passes the browser's own check; conform or the server refuses it.
  await commentaire.fill("   ");
  await envoyer.click();
  await expect(page.locator(`#${await commentaire.getAttribute("id")}-error`)).toHaveText(
    MESSAGES.requis,
  );
  await expect(page).toHaveURL(`${urlDossier(demande)}/action/DEMANDER_COMPLEMENT_COMPLETUDE`);
  const attendu = "Merci de joindre l'attestation d'assurance professionnelle en cours.";
  await commentaire.fill(attendu);
  await envoyer.click();
  await expect(page).toHaveURL(urlDossier(demande));
  await expect(
    notification(page, "La demande de complément pour complétude a bien été envoyée au demandeur."),
  ).toBeVisible();
  await expect(badgeEtat(page)).toHaveText("Incomplète");
  await expect(page.locator("header").getByText("Suspendu", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("table", { name: "Informations complémentaires" }).getByRole("row", {
      name: /Demande de complément pour complétude/,
    }),
  ).toContainText(attendu);

  // The applicant answers through the API; the instructeur confirms with the CRHH.
  await donnerComplement(ctx, demande.id, [
    { nom: "attestation-assurance.pdf", contenu: (await vraiPdf("assurance.pdf")).buffer },
  ]);
  await page.goto(urlDossier(demande));
  await expect(badgeEtat(page)).toHaveText("Affectée");
  const complements = page.getByRole("region", { name: "Compléments reçus" });
  await expect(complements.getByRole("heading", { name: /^Complément n° 1/ })).toBeVisible();
  await expect(complements.getByRole("link", { name: /attestation-assurance\.pdf/ })).toBeVisible();

  await page.getByRole("link", { name: "Confirmer la complétude" }).click();
  await expect(page.getByRole("group", { name: /soumis à l'avis du CRHH/ })).toBeVisible();
  await page.getByLabel("Oui, consulter le CRHH").check({ force: true });
  await page.getByRole("button", { name: "Confirmer la complétude" }).click();
  await expect(page).toHaveURL(urlDossier(demande));
  await expect(notification(page, "La complétude du dossier a bien été confirmée.")).toBeVisible();
  await expect(badgeEtat(page)).toHaveText("Complète (avec CRHH)");
  await expect(page.getByText("Étape : En attente de l'avis du CRHH")).toBeVisible();
  // DEMANDER_COMPLEMENT is set apart outside affectee (spec §4).
  const autres = page.getByRole("list", { name: "Autres actions" });
  await expect(
    autres.getByRole("link", { name: "Demander des pièces complémentaires" }),
  ).toBeVisible();

  // An internal note with a PDF.
  const notes = page.getByRole("region", { name: /Notes internes/ });
  await notes.getByLabel(/^Note/).fill("Dossier solide ; vérifier les références de 2024.");
  await notes.getByLabel(/^Pièce jointe/).setInputFiles(await vraiPdf("analyse-instructeur.pdf"));
  await notes.getByRole("button", { name: "Ajouter la note" }).click();
  await expect(notification(page, "La note a bien été ajoutée.")).toBeVisible();
  const note = page
    .getByRole("region", { name: /Notes internes/ })
    .getByRole("listitem")
    .filter({ hasText: "vérifier les références" });
  await expect(note.getByRole("heading", { level: 3 })).toHaveText("Vous");
  await expect(note.getByRole("link", { name: /analyse-instructeur\.pdf/ })).toBeVisible();
  await axe(page);

  // The superviseur sees that note as unread once, then read.
  await connecter(page, DEMO.superviseur.email);
  await page.goto(urlDossier(demande));
  await expect(page.getByRole("heading", { name: /Notes internes/ })).toContainText(
    "1 note non lue",
  );
  await expect(
    page.getByRole("region", { name: /Notes internes/ }).getByRole("heading", {
      level: 3,
      name: "Thomas Leroy",
    }),
  ).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { level: 2, name: "Notes internes" })).toBeVisible();
  await expect(page.getByText("1 note non lue")).toHaveCount(0);
});

test("l'instructeur lit le message du demandeur depuis le dossier et lui répond", async ({
  page,
  baseURL,
}, info) => {
  const { demandeur, ctx } = await nouveauContexte(page, baseURL!);
  const demande = await deposerNouvelleDemande(ctx);
  await appelApi(baseURL!, ctx.demandeur, "POST", `/demande/${demande.id}/message`, {
    message: "Bonjour, quand notre dossier sera-t-il examiné ?",
  });

  await connecter(page, DEMO.instructeur.email);
  await page.goto(urlDossier(demande));
  const lien = page.getByRole("link", { name: /Ouvrir la messagerie/ });
  await expect(lien).toContainText("Nouveau message");
  await lien.click();
  await expect(page).toHaveURL(`/messagerie/demande?id=${demande.id}`);
  await expect(
    page.getByRole("heading", { level: 2, name: "Messages échangés avec le demandeur" }),
  ).toBeVisible();
  const question = page.getByRole("listitem").filter({ hasText: "quand notre dossier" });
  await expect(question.getByRole("heading", { level: 3 })).toHaveText(
    `${demandeur.prenom} ${demandeur.nom} (demandeur)`,
  );
  if (info.project.name === "js") await expectNoAxeViolations(page);
  await page.getByLabel(/^Votre message/).fill("Bonjour, il sera examiné dans les quinze jours.");
  await page.getByRole("button", { name: "Envoyer" }).click();
  await expect(page.getByText("Votre message a bien été envoyé.")).toBeVisible();
  const reponse = page.getByRole("listitem").filter({ hasText: "quinze jours" });
  await expect(reponse.getByRole("heading", { level: 3 })).toHaveText(
    "Thomas Leroy (service instructeur)",
  );

  await page.getByRole("link", { name: "Retour au dossier" }).click();
  await expect(page).toHaveURL(urlDossier(demande));
  await expect(page.getByRole("link", { name: /Ouvrir la messagerie/ })).not.toContainText(
    "Nouveau message",
  );
});

test("le CRHH rend son avis avec une pièce jointe, versé à la section Avis", async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  const { ctx } = await nouveauContexte(page, baseURL!);
  const demande = await nouvelleDemandeEnEtat(ctx, "complete");

  await connecter(page, DEMO.crhh.email);
  await page.goto(urlDossier(demande));
  await page.getByRole("link", { name: "Donner l'avis du CRHH" }).click();
  await expect(page).toHaveURL(`${urlDossier(demande)}/action/EXPRIMER_AVIS_CRHH`);
  const avis = page.getByRole("group", { name: /^Avis/ });
  for (const valeur of ["Favorable", "Favorable sous réserve", "Défavorable"])
    await expect(avis.getByLabel(valeur, { exact: true })).toHaveCount(1);
  if (info.project.name === "js") await expectNoAxeViolations(page);
  const commentaire = page.getByLabel(/^Commentaire/);
  await commentaire.fill("Réserve : compléter la couverture du Val-d'Oise.");
  await page.getByLabel("Favorable sous réserve").check({ force: true });
  await page
    .getByLabel(/^Pièce jointe à l'avis/)
    .setInputFiles(await vraiPdf("avis-crhh.pdf", "Avis du CRHH"));
  await page.getByRole("button", { name: "Donner l'avis du CRHH" }).click();
  await expect(page).toHaveURL(urlDossier(demande));
  await expect(page.getByText("L'avis du CRHH a bien été enregistré.")).toBeVisible();
  await expect(badgeEtat(page)).toHaveText("Avis du CRHH rendu");
  const carte = page.getByRole("region", { name: "Avis" }).getByRole("listitem");
  await expect(carte.getByRole("heading", { level: 3 })).toHaveText(
    "Avis du CRHH : Favorable sous réserve",
  );
  // Spec §4: a favourable outcome in a blue badge.
  await expect(carte.locator(".fr-badge", { hasText: "Favorable sous réserve" })).toHaveClass(
    /fr-badge--info/,
  );
  await expect(carte).toContainText("Sophie Lambert");
  await expect(carte).toContainText("compléter la couverture du Val-d'Oise");
  await expect(carte.getByRole("link", { name: /avis-crhh\.pdf/ })).toBeVisible();
});

test("un formulaire chargé avant une modification du dossier aboutit au message 409 sur le dossier", async ({
  page,
  baseURL,
}) => {
  const { ctx } = await nouveauContexte(page, baseURL!);
  const demande = await deposerNouvelleDemande(ctx);
  await affecter(ctx, demande.id);

  await connecter(page, DEMO.instructeur.email);
  await page.goto(`${urlDossier(demande)}/action/DEMANDER_COMPLEMENT_COMPLETUDE`);
  await page.getByLabel(/^Pièces ou informations attendues/).fill("Le Kbis de moins de 3 mois.");
  // Meanwhile the file changes (another instructor's hand, here the API).
  await retournerEnEdition(ctx, demande.id);
  await page.getByRole("button", { name: "Demander un complément pour complétude" }).click();
  await expect(page).toHaveURL(urlDossier(demande));
  await expect(page.getByText(/Ce dossier a été modifié entre-temps/)).toBeVisible();
  await expect(badgeEtat(page)).toHaveText("Retournée en édition");
});

test("une action que le dossier n'offre pas renvoie au dossier ; une erreur de saisie garde ce qui a été tapé", async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  const { ctx } = await nouveauContexte(page, baseURL!);
  const demande = await nouvelleDemandeEnEtat(ctx, "complete_sans_crhh");

  await connecter(page, DEMO.instructeur.email);
  await page.goto(`${urlDossier(demande)}/action/AFFECTER_INSTRUCTEUR`);
  await expect(page).toHaveURL(urlDossier(demande));
  await expect(page.getByText("Cette action n'est pas disponible pour ce dossier.")).toBeVisible();

  // DEMANDER_COMPLEMENT: a deadline chosen, a blank comment: the error, the date kept.
  await page
    .getByRole("list", { name: "Autres actions" })
    .getByRole("link", { name: "Demander des pièces complémentaires" })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Demander des pièces complémentaires",
  );
  if (info.project.name === "js") await expectNoAxeViolations(page);
  const echeance = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  const date = page.getByLabel(/^Date limite de réponse du demandeur/);
  await date.fill(echeance);
  const commentaire = page.getByLabel(/^Pièces complémentaires attendues/);
  await commentaire.fill("  ");
  await page.getByRole("button", { name: "Demander des pièces complémentaires" }).click();
  await expect(page.locator(`#${await commentaire.getAttribute("id")}-error`)).toHaveText(
    MESSAGES.requis,
  );
  await expect(date).toHaveValue(echeance);
  await commentaire.fill("Le bilan du dernier exercice clos.");
  await page.getByRole("button", { name: "Demander des pièces complémentaires" }).click();
  await expect(page).toHaveURL(urlDossier(demande));
  await expect(
    page.getByText("La demande de pièces complémentaires a bien été envoyée au demandeur."),
  ).toBeVisible();
  const [annee, mois, jour] = echeance.split("-");
  await expect(
    page.getByRole("definition").filter({ hasText: `${jour}/${mois}/${annee}` }),
  ).toBeVisible();
});

test("un dossier inconnu donne « Page non trouvée » ; un demandeur n'a pas accès aux dossiers", async ({
  page,
  baseURL,
}) => {
  const { demandeur, ctx } = await nouveauContexte(page, baseURL!);
  const demande = await deposerNouvelleDemande(ctx);

  await connecter(page, DEMO.crhh.email);
  const inconnu = await page.goto("/dossier/demande/00000000-0000-4000-8000-000000000000");
  expect(inconnu?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page non trouvée");
  const typeInconnu = await page.goto(`/dossier/autre/${demande.id}`);
  expect(typeInconnu?.status()).toBe(404);
  // The crhh sees the file of his service, without any action in state deposee.
  await page.goto(urlDossier(demande));
  await expect(
    page.getByText(
      "Aucune action ne vous revient à cette étape : le dossier attend d'être affecté à un instructeur par un superviseur.",
    ),
  ).toBeVisible();

  await page.context().clearCookies();
  await page.goto("/account/login");
  await submitCredentials(page, demandeur.email, demandeur.motDePasse);
  const refuse = await page.goto(urlDossier(demande));
  expect(refuse?.status()).toBe(403);
});
