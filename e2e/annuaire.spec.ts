/**
 * The household directory /trouver-un-accompagnateur, with JavaScript
 * (project "js") and without ("sans-js"): a household,
 * not signed in, finds nobody for a postal code no operator covers, gets a
 * French message on the field for digits that are not a postal code, picks
 * its commune among those of a shared postal code, finds there the
 * establishment an approved operator referenced (through the referencing
 * API: the head office the registry offers, perimeter Melun), and no longer
 * finds it once the superviseur suspends the approval (CREER_PROCEDURE
 * retrait_avec_suspension). axe on each state with JavaScript; the pages at
 * 1280 and 375 px are saved with the test's output.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { MESSAGES_ANNUAIRE } from "../contract/schemas/annuaire.ts";
import type { EtablissementRegistre } from "../contract/schemas/etablissement.ts";
import { appelApi } from "../tests/helpers/demande-api.ts";
import { creerProcedure } from "../tests/helpers/instruction-api.ts";
import { nouvelOperateurAgree } from "./fixtures/operateur-agree.ts";
import { expectNoAxeViolations } from "./support.ts";

/** The search field and its button. */
async function rechercher(page: Page, saisie: string) {
  await page.getByLabel(/^Votre code postal ou votre commune/).fill(saisie);
  await page.getByRole("button", { name: "Rechercher", exact: true }).click();
}

/** Full-page screenshots of the current state at 1280 and 375 px, saved with the test's output. */
async function capturer(page: Page, info: TestInfo, nom: string) {
  const taille = page.viewportSize();
  for (const largeur of [1280, 375]) {
    await page.setViewportSize({ width: largeur, height: 800 });
    await page.screenshot({
      path: info.outputPath(`annuaire-${nom}-${largeur}.png`),
      fullPage: true,
    });
  }
  if (taille) await page.setViewportSize(taille);
}

test("un ménage trouve l'accompagnateur référencé pour sa commune, plus pendant la suspension de l'agrément", async ({
  page,
  browser,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const js = info.project.name === "js";
  const axe = js ? expectNoAxeViolations : async () => {};

  // An approved operator references its head office for Melun (77288), through the API.
  const contexteOperateur = await browser.newContext({ baseURL });
  const operateur = await nouvelOperateurAgree(await contexteOperateur.newPage(), baseURL!);
  await contexteOperateur.close();
  const { ctx, agrement, demande, demandeur } = operateur;
  const [siege] = await appelApi<EtablissementRegistre[]>(
    baseURL!,
    ctx.demandeur,
    "GET",
    `/agrement/${agrement.id}/etablissements-a-referencer`,
  );
  const nomAnnuaire = `Accompagnement ${demandeur.raisonSociale}`;
  await appelApi(
    baseURL!,
    ctx.demandeur,
    "POST",
    `/agrement/${agrement.id}/etablissement`,
    new URLSearchParams([
      ["siret", siege.siret],
      ["nom", `${demandeur.raisonSociale} Melun`],
      ["nomMar", nomAnnuaire],
      ["adresse1", siege.adresse1],
      ["codePostal", siege.codePostal],
      ["codeCommune", siege.codeCommune ?? ""],
      ["tel", "01 84 60 27 15"],
      ["email", "menages@renov.example"],
      ["siteInternet", "www.renov.example"],
      ["communes[]", "77288"],
      ["etp", "2"],
      ["referentCivilite", "Mme"],
      ["referentNom", "Durand"],
      ["referentPrenom", "Léa"],
      ["referentEmail", "lea.durand@renov.example"],
      ["referentTel", "06 12 34 56 78"],
    ]),
  );

  // The page, public, from the footer.
  await page.goto("/plan-de-site");
  await page
    .getByRole("contentinfo")
    .getByRole("link", { name: "Trouver un accompagnateur" })
    .click();
  await expect(page).toHaveURL("/trouver-un-accompagnateur");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Trouver un Accompagnateur Rénov'",
  );
  await axe(page);

  // Digits that are not a postal code: the message on the field, the text kept.
  await rechercher(page, "770");
  await expect(page.locator("#recherche-accompagnateur-recherche-error")).toHaveText(
    MESSAGES_ANNUAIRE.codePostal,
  );
  await expect(page.getByLabel(/^Votre code postal ou votre commune/)).toHaveValue("770");
  await axe(page);
  if (js) await capturer(page, info, "erreur");

  // A postal code no operator covers: the empty state.
  await rechercher(page, "97200");
  await expect(page.getByRole("heading", { level: 2 })).toContainText("Fort-de-France");
  await expect(page.getByText(MESSAGES_ANNUAIRE.aucunResultat)).toBeVisible();
  await axe(page);
  if (js) await capturer(page, info, "vide");

  // 77000 is shared by several communes: the household picks Melun and finds the operator.
  await rechercher(page, "77000");
  const choix = page.getByRole("group", { name: /Plusieurs communes correspondent à « 77000 »/ });
  await expect(choix).toBeVisible();
  await axe(page);
  if (js) await capturer(page, info, "choix");
  await choix.getByRole("radio", { name: /^Melun \(/ }).check({ force: true });
  await page.getByRole("button", { name: "Voir les accompagnateurs de cette commune" }).click();
  await expect(page).toHaveURL(/codeCommune=77288/);
  const carte = page.getByRole("article").filter({ hasText: nomAnnuaire });
  await expect(carte.getByRole("heading", { level: 3 })).toHaveText(nomAnnuaire);
  await expect(carte).toContainText(`Agrément n° ${agrement.numeroAgrement}`);
  await expect(carte).toContainText(siege.adresse1);
  await expect(carte.getByRole("link", { name: "01 84 60 27 15" })).toHaveAttribute(
    "href",
    "tel:+33184602715",
  );
  await expect(carte.getByRole("link", { name: "menages@renov.example" })).toHaveAttribute(
    "href",
    "mailto:menages@renov.example",
  );
  await expect(page.getByRole("link", { name: /^Télécharger la liste/ })).toHaveAttribute(
    "href",
    "/api/public/etablissements.csv?codeCommune=77288",
  );
  await axe(page);
  if (js) await capturer(page, info, "resultats");

  // By name, the same commune straight away (one commune is called exactly "Melun").
  await rechercher(page, "melun");
  await expect(page.getByRole("article").filter({ hasText: nomAnnuaire })).toBeVisible();

  // The superviseur suspends the approval: the household no longer finds it.
  await creerProcedure(ctx, demande.id, { type: "retrait_avec_suspension" });
  await rechercher(page, "Melun");
  await expect(page.getByRole("heading", { level: 2 })).toContainText("Melun (77)");
  await expect(page.getByRole("article").filter({ hasText: nomAnnuaire })).toHaveCount(0);
  const reponse = await page.request.get("/api/public/etablissements?codeCommune=77288");
  expect(JSON.stringify(await reponse.json())).not.toContain(nomAnnuaire);
});

test("une page hors de portée dans l'adresse répond une page vide, pas une erreur", async ({
  page,
}) => {
  const reponse = await page.goto(
    "/trouver-un-accompagnateur?recherche=75011&codeCommune=75056&page=100000000000000000000",
  );
  expect(reponse?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Trouver un Accompagnateur Rénov'",
  );
  await expect(page.locator("#resultats-titre")).toContainText("Paris");
});
