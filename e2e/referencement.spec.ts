/**
 * The approved operator's establishments (spec §2 "/referencement",
 * "referencing form with 4 sections", home tiles and reference-establishments
 * prompt; §5 SIRET, Phone, Perimeter; §8 success messages): a fresh
 * operator, approved through the API, references the head
 * office the embedded company registry offers (ADR 0016) through the four
 * sections, finds it in its list and its detail, and updates its perimeter;
 * bad input keeps what was typed and shows the field's message. Each test
 * runs with JavaScript (project "js") and without (project "sans-js",
 * playwright.config.ts); axe runs on every new page with JavaScript.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { MESSAGES } from "../contract/validation.ts";
import { nouveauDemandeur } from "./fixtures/demandeur.ts";
import { nouvelOperateurAgree } from "./fixtures/operateur-agree.ts";
import { creerProcedure } from "../tests/helpers/instruction-api.ts";
import { attendreHydratation, expectNoAxeViolations } from "./support.ts";

/** The DSFR draws the box on the label, which covers the input: tick through it, as a user does. */
const cocher = (case_: Locator) => case_.check({ force: true });
const decocher = (case_: Locator) => case_.uncheck({ force: true });

/** The messages under the fields (the error summary at the top of the form repeats them). */
const messagesDesChamps = (page: Page) => page.locator(".fr-messages-group");

const TELEPHONE = "01 84 60 27 15";

/** The establishment's phone and e-mail (their labels start like the referent's). */
const champTelephone = (page: Page) => page.locator("#referencement-tel");
const champEmail = (page: Page) => page.locator("#referencement-email");

/** Sections 1, 2 and 4 of the form with valid values (the head office is chosen and its address filled). */
async function remplirFormulaire(page: Page, telephone = TELEPHONE) {
  await page.getByLabel(/^Nom de l'établissement/).fill("Rénov Conseil Paris 11");
  await page.getByLabel(/^Nom dans l'annuaire/).fill("Rénov Conseil – Paris Est");
  await champTelephone(page).fill(telephone);
  await champEmail(page).fill("paris11@renov.example");
  await page.getByLabel(/^Site internet/).fill("www.renov.example");
  await page.getByLabel(/^Effectif de l'établissement/).fill("2,5");
  await cocher(page.getByRole("radio", { name: "Madame" }));
  await page.getByLabel(/^Nom du référent/).fill("Durand");
  await page.getByLabel(/^Prénom du référent/).fill("Léa");
  await page.getByLabel(/^Adresse électronique du référent/).fill("lea.durand@renov.example");
  await page.getByLabel(/^Téléphone du référent/).fill("06 12 34 56 78");
}

test("un opérateur agréé référence son siège en 4 sections, le retrouve dans sa liste et son détail, puis modifie son périmètre", async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  const js = info.project.name === "js";
  const axe = js ? expectNoAxeViolations : async () => {};
  const { demandeur } = await nouvelOperateurAgree(page, baseURL!);

  // Home: the prompt, the 'À référencer' tile and the quick-access tile.
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Référencez vos établissements" })).toBeVisible();
  const aFaire = page.getByRole("link", { name: /Référencer mes établissements/ });
  await expect(aFaire).toHaveAttribute("href", "/referencement");
  await expect(page.getByText("À référencer", { exact: true })).toBeVisible();
  await expect(
    page.getByRole("main").getByRole("link", { name: /^Établissements référencés/ }),
  ).toHaveAttribute("href", "/referencement");
  await axe(page);

  // The list is empty; the link leads to the form.
  await aFaire.click();
  await expect(page).toHaveURL("/referencement");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Établissements référencés");
  await expect(page).toHaveTitle(/^Établissements référencés \| /);
  await expect(page.getByText("Aucun établissement référencé pour le moment.")).toBeVisible();
  await axe(page);
  await page.getByRole("link", { name: "Référencer un établissement" }).click();

  // The form: the only registry establishment (the head office) is chosen, its address filled.
  await expect(page).toHaveURL("/referencement/nouveau");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Référencer un établissement");
  const filAriane = page.getByRole("navigation", { name: /vous êtes ici/i });
  await expect(filAriane.getByRole("link", { name: "Établissements référencés" })).toBeVisible();
  await expect(
    page.getByText("Les champs marqués d'un astérisque * sont obligatoires"),
  ).toBeVisible();
  for (const section of [
    "1. Identification de l'établissement",
    "2. Coordonnées et adresse",
    "3. Périmètre d'intervention",
    "4. Référent et effectifs",
  ])
    await expect(page.getByRole("group", { name: new RegExp(`^${section}`) })).toBeVisible();
  const siege = page.getByRole("radio", { name: /\(siège\)/ });
  await expect(siege).toBeChecked();
  await expect(page.getByText(new RegExp(`^SIRET ${demandeur.siren.slice(0, 3)} `))).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Adresse", exact: true })).toHaveValue(
    "12 rue de la Roquette",
  );
  await expect(page.getByLabel(/^Code postal/)).toHaveValue("75011");
  await expect(page.getByRole("combobox", { name: /^Commune/ })).toHaveValue("75056");
  await axe(page);

  // Only the approval's territories: Île-de-France and its départements.
  await expect(page.getByRole("checkbox", { name: /^Île-de-France/ })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: /^Rhône/ })).toHaveCount(0);

  await remplirFormulaire(page);
  // The postal code selector without posting the form (with JS) or by a post (without).
  await page.getByLabel(/^Code postal/).fill("75011");
  await page.getByRole("button", { name: "Rechercher les communes" }).click();
  await expect(page.getByRole("combobox", { name: /^Commune/ })).toHaveValue("75056");

  // EPCI search: too short, then found; what was typed stays.
  await page.getByLabel(/^Rechercher un EPCI/).fill("gr");
  await page.getByRole("button", { name: "Rechercher un EPCI" }).click();
  await expect(
    page.getByText("Saisissez au moins 3 caractères pour rechercher un EPCI."),
  ).toBeVisible();
  await expect(page.getByLabel(/^Nom de l'établissement/)).toHaveValue("Rénov Conseil Paris 11");
  await page.getByLabel(/^Rechercher un EPCI/).fill("grand paris");
  await page.getByRole("button", { name: "Rechercher un EPCI" }).click();
  await expect(page.getByText(/\d+ résultats? disponibles?\./)).toBeVisible();
  await cocher(page.getByRole("checkbox", { name: "Métropole du Grand Paris" }));

  // Commune search (1 character is enough), inside the approval only.
  await page.getByLabel(/^Rechercher une commune/).fill("Vincennes");
  await page.getByRole("button", { name: "Rechercher une commune" }).click();
  await cocher(page.getByRole("checkbox", { name: "Vincennes (94)" }));
  await expect(page.getByRole("checkbox", { name: "Métropole du Grand Paris" })).toBeChecked();
  await expect(page.getByLabel(/^Téléphone du référent/)).toHaveValue("06 12 34 56 78");

  await page.getByRole("button", { name: "Référencer l'établissement" }).click();

  // Back on the list, with the notification: it was the company's only establishment.
  await expect(page).toHaveURL("/referencement");
  await expect(page.getByText("Tous les établissements ont bien été référencés.")).toBeVisible();
  await expect(
    page.getByText("Tous les établissements de votre société sont référencés"),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Référencer un établissement" })).toHaveCount(0);
  const ligne = page.getByRole("row", { name: /Rénov Conseil Paris 11/ });
  await expect(ligne).toContainText("12 rue de la Roquette");
  await expect(ligne).toContainText("Métropole du Grand Paris");
  await expect(ligne).toContainText("Référencé");
  await axe(page);

  // The detail by SIRET: read-only data and the history.
  await ligne.getByRole("link", { name: "Rénov Conseil Paris 11" }).click();
  await expect(page).toHaveURL(/\/referencement\/\d{14}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rénov Conseil Paris 11");
  await expect(page).toHaveTitle(/^Rénov Conseil Paris 11 \| /);
  await expect(filAriane.locator("[aria-current=page]")).toHaveText("Rénov Conseil Paris 11");
  await expect(page.getByText(TELEPHONE)).toBeVisible();
  await expect(page.getByText("Madame Léa Durand")).toBeVisible();
  const historique = page.getByRole("table", { name: "Historique de l'établissement" });
  await expect(historique).toContainText("Établissement référencé");
  await expect(historique).toContainText(`${demandeur.prenom} ${demandeur.nom}`);
  await axe(page);

  // Perimeter update: empty is refused with every box kept as posted, then Île-de-France.
  const formulaire = page.locator("form#perimetre");
  await decocher(formulaire.getByRole("checkbox", { name: "Métropole du Grand Paris" }));
  await decocher(formulaire.getByRole("checkbox", { name: /^Vincennes/ }));
  await page.getByRole("button", { name: "Mettre à jour le périmètre" }).click();
  await expect(messagesDesChamps(page).getByText(MESSAGES.perimetre)).toBeVisible();
  await cocher(page.locator("form#perimetre").getByRole("checkbox", { name: /^Île-de-France/ }));
  await page.getByRole("button", { name: "Mettre à jour le périmètre" }).click();
  await expect(page.getByText("Le périmètre a bien été mis à jour.")).toBeVisible();
  await expect(
    page
      .getByRole("region", { name: "Périmètre d'intervention", exact: true })
      .getByText("Île-de-France"),
  ).toBeVisible();
  await expect(historique).toContainText("Périmètre d'intervention modifié");

  // Home: no more prompt nor 'À référencer' tile.
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Référencez vos établissements" })).toHaveCount(0);
  await expect(page.getByText("À référencer", { exact: true })).toHaveCount(0);
});

test("formulaire de référencement : un téléphone invalide et un périmètre vide sont signalés sur leurs champs, rien de ce qui a été saisi n'est perdu", async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  await nouvelOperateurAgree(page, baseURL!);
  await page.goto("/referencement/nouveau");
  // With JavaScript, the browser's checks run once hydrated: wait, or this is the no-JS path again.
  if (info.project.name === "js") await attendreHydratation(page);
  await remplirFormulaire(page, "12345");
  await page.getByRole("button", { name: "Référencer l'établissement" }).click();

  await expect(page).toHaveURL("/referencement/nouveau");
  await expect(page).toHaveTitle(/^Erreur : /);
  const messages = messagesDesChamps(page);
  await expect(messages.getByText(MESSAGES.telephone("12345"))).toBeVisible();
  await expect(messages.getByText(MESSAGES.perimetre)).toBeVisible();
  await expect(champTelephone(page)).toHaveAttribute("aria-invalid", "true");
  // The error summary links to the fields.
  await expect(page.getByRole("link", { name: MESSAGES.perimetre })).toBeVisible();
  // Nothing typed is lost.
  await expect(page.getByLabel(/^Nom de l'établissement/)).toHaveValue("Rénov Conseil Paris 11");
  await expect(champTelephone(page)).toHaveValue("12345");
  await expect(page.getByLabel(/^Prénom du référent/)).toHaveValue("Léa");
  await expect(page.getByRole("radio", { name: "Madame" })).toBeChecked();
  await expect(page.getByRole("radio", { name: /\(siège\)/ })).toBeChecked();

  // "Reprendre l'adresse" (a post, with or without JavaScript) brings the registry's address back.
  await page.getByRole("textbox", { name: "Adresse", exact: true }).fill("");
  await page.getByRole("button", { name: "Reprendre l'adresse de l'établissement choisi" }).click();
  await expect(page.getByRole("textbox", { name: "Adresse", exact: true })).toHaveValue(
    "12 rue de la Roquette",
  );
  await expect(page.getByLabel(/^Nom de l'établissement/)).toHaveValue("Rénov Conseil Paris 11");
  await expect(champTelephone(page)).toHaveValue("12345");

  // Fixed, it is referenced.
  await champTelephone(page).fill(TELEPHONE);
  // The départements are grouped under their région, folded.
  await page.locator("summary", { hasText: "Île-de-France" }).click();
  await cocher(page.getByRole("checkbox", { name: /^Paris \(75\)/ }));
  await page.getByRole("button", { name: "Référencer l'établissement" }).click();
  await expect(page).toHaveURL("/referencement");
  await expect(page.getByRole("row", { name: /Rénov Conseil Paris 11/ })).toContainText(
    "Paris (75)",
  );
});

test("sans agrément, /referencement renvoie à l'accueil en disant pourquoi", async ({ page }) => {
  await nouveauDemandeur(page);
  await page.goto("/referencement");
  await expect(page).toHaveURL("/");
  await expect(page.getByText(/ne détient pas d'agrément en cours de validité/)).toBeVisible();
});

test("agrément suspendu : ni invitation ni lien pour référencer, la page du formulaire dit pourquoi", async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(90_000);
  const { ctx, demande } = await nouvelOperateurAgree(page, baseURL!);
  await creerProcedure(ctx, demande.id, { type: "retrait_avec_suspension" });

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Référencez vos établissements" })).toHaveCount(0);
  await page.goto("/referencement");
  await expect(
    page.getByText(
      "Votre agrément est suspendu : aucun établissement ne peut être référencé pendant la suspension.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Référencer un établissement" })).toHaveCount(0);
  if (info.project.name === "js") await expectNoAxeViolations(page);
  await page.goto("/referencement/nouveau");
  await expect(
    page.getByRole("heading", { name: "Référencement impossible pendant la suspension" }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Référencer l'établissement" })).toHaveCount(0);
  if (info.project.name === "js") await expectNoAxeViolations(page);
});
