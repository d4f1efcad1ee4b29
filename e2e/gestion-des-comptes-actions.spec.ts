/**
 * Account management by the functional administrator (spec §3 "Account
 * list/detail", §4 Account actions, §5 Accounts, §8),
 * with JavaScript and without: the administrator finds a fresh applicant,
 * changes the representative's phone, then deletes the account with a
 * reason (a deletion without reason nor confirmation first gets its field
 * errors). axe on each new page; screenshots at 1280 and 375 px.
 */
import { mkdir } from "node:fs/promises";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { creerDemandeurConfirme } from "./fixtures/demandeur.ts";
import { DEMO, attendreHydratation, expectNoAxeViolations, signIn } from "./support.ts";

/** The success notification (toast) with `texte`. */
const notification = (page: Page, texte: string) =>
  page.locator(".portail-notification").filter({ hasText: texte });

/** Screenshots of the page at 1280 and 375 px, for the reviewer (not compared). */
async function capturer(page: Page, info: TestInfo, nom: string) {
  const dossier = info.outputPath("captures");
  await mkdir(dossier, { recursive: true });
  for (const largeur of [1280, 375]) {
    await page.setViewportSize({ width: largeur, height: 800 });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.screenshot({
      path: `${dossier}/${info.project.name}-${nom}-${largeur}.png`,
      fullPage: true,
    });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("l'administrateur fonctionnel change le téléphone du représentant puis supprime le compte", async ({
  page,
}, info) => {
  const js = info.project.name === "js";
  const demandeur = await creerDemandeurConfirme(page);
  await signIn(page, DEMO.admin_fonctionnel.email);
  await page.getByRole("main").getByRole("link", { name: "Gestion des comptes" }).click();
  await page.getByLabel(/Rechercher un compte/).fill(demandeur.siren);
  await page.getByRole("button", { name: "Rechercher" }).click();
  await expect(page.getByRole("status")).toHaveText("1 compte");
  await expect(page.getByRole("link", { name: "Exporter les comptes (CSV)" })).toHaveAttribute(
    "href",
    new RegExp(`/gestion-des-comptes/export\\.csv\\?query=${demandeur.siren}`),
  );

  // The detail page: company, representative, qualities, requests, actions.
  await page.getByRole("link", { name: demandeur.raisonSociale }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(demandeur.raisonSociale);
  const main = page.getByRole("main");
  await expect(main).toContainText(demandeur.siren);
  await expect(main).toContainText("Espace Conseil France Rénov'");
  await expect(main).toContainText(`${demandeur.prenom} ${demandeur.nom}`);
  await expect(main).toContainText("01 23 45 67 89");
  await expect(main).toContainText("Aucune demande.");
  if (js) {
    await expectNoAxeViolations(page);
    await capturer(page, info, "detail-compte");
  }

  // Representative's phone: a wrong number first, then the right one.
  await page.getByRole("link", { name: "Modifier le représentant" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Modifier le représentant");
  if (js) await attendreHydratation(page);
  await expect(page.getByLabel("Prénom du représentant")).toHaveValue(demandeur.prenom);
  await page.getByLabel("Téléphone du représentant").fill("12 34");
  // With JS, leaving the field shows its error (and the summary) first: the
  // page moves before the box is ticked, not while.
  await page.getByLabel("Téléphone du représentant").blur();
  await page.getByLabel("Je confirme la modification des informations du compte").check({
    force: true,
  });
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(
    page.getByText("Le numéro de téléphone saisi : 12 34 ne correspond pas au format demandé"),
  ).not.toHaveCount(0);
  if (js) await expectNoAxeViolations(page);
  await page.getByLabel("Téléphone du représentant").fill("06 11 22 33 44");
  await page.getByLabel("Téléphone du représentant").blur();
  await page.getByLabel("Je confirme la modification des informations du compte").check({
    force: true,
  });
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(notification(page, "Le numéro de téléphone a bien été modifié.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(demandeur.raisonSociale);
  await expect(page.getByRole("main")).toContainText("06 11 22 33 44");

  // Representative's name, then the company's quality: the spec's success texts (§8).
  await page.getByRole("link", { name: "Modifier le représentant" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Modifier le représentant");
  if (js) await attendreHydratation(page);
  await page
    .getByRole("textbox", { name: "Nom du représentant", exact: true })
    .fill("Durand-Lefèvre");
  await page.getByRole("textbox", { name: "Nom du représentant", exact: true }).blur();
  await page.getByLabel("Je confirme la modification des informations du compte").check({
    force: true,
  });
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(notification(page, "Le nom du représentant a bien été modifié.")).toBeVisible();
  await expect(page.getByRole("main")).toContainText(`${demandeur.prenom} Durand-Lefèvre`);

  await page.getByRole("link", { name: "Modifier la qualité de la structure" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Modifier la qualité de la structure",
  );
  if (js) await attendreHydratation(page);
  await page.getByLabel("Auditeur énergétique qualifié").check({ force: true });
  await page.getByLabel("Je confirme la modification des informations du compte").check({
    force: true,
  });
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(notification(page, "La qualité de la structure a bien été modifiée.")).toBeVisible();
  await expect(page.getByRole("main")).toContainText("Auditeur énergétique qualifié");
  await expect(page.getByRole("main")).not.toContainText("Espace Conseil France Rénov'");

  // Deletion: without reason nor confirmation → the field errors, nothing deleted.
  await page.getByRole("link", { name: "Supprimer le compte" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Supprimer le compte");
  if (js) await attendreHydratation(page);
  await page.getByRole("button", { name: "Supprimer le compte" }).click();
  await expect(page.locator("#compte-suppression-motif-error")).toHaveText("Ce champ est requis");
  await expect(page.locator("#compte-suppression-confirmation-error")).toHaveText(
    "Vous devez confirmer la suppression du compte.",
  );
  if (js) {
    await expectNoAxeViolations(page);
    await capturer(page, info, "suppression-erreurs");
  }
  await page.getByLabel("Motif de la suppression").fill("Structure dissoute (essai)");
  await page.getByLabel("Motif de la suppression").blur();
  await page
    .getByLabel("Je confirme vouloir supprimer définitivement ce compte")
    .check({ force: true });
  await page.getByRole("button", { name: "Supprimer le compte" }).click();
  await expect(notification(page, "Le compte a bien été supprimé.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gestion des comptes");
  await page.getByLabel(/Rechercher un compte/).fill(demandeur.siren);
  await page.getByRole("button", { name: "Rechercher" }).click();
  // The success notification is a status too: the list's count is the paragraph.
  await expect(page.locator("p[role=status]")).toHaveText(
    "Aucun compte ne correspond à votre recherche.",
  );
});

test("l'export de la liste donne gestionComptes.csv", async ({ page }) => {
  const demandeur = await creerDemandeurConfirme(page);
  await signIn(page, DEMO.admin_fonctionnel.email);
  await page.goto(`/gestion-des-comptes?query=${demandeur.siren}`);
  const reponse = await page.request.get(
    `/gestion-des-comptes/export.csv?query=${demandeur.siren}`,
  );
  expect(reponse.status()).toBe(200);
  expect(reponse.headers()["content-disposition"]).toContain("gestionComptes.csv");
  const octets = await reponse.body();
  expect([...octets.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const texte = octets.toString("utf8");
  expect(texte).toContain(`${demandeur.raisonSociale};${demandeur.siren};Alice;Martin;`);
});

test("un instructeur n'accède pas à la page d'un compte (403)", async ({ page }) => {
  await signIn(page, DEMO.instructeur.email);
  const reponse = await page.goto("/gestion-des-comptes/00000000-0000-4000-8000-000000000000");
  expect(reponse?.status()).toBe(403);
});
