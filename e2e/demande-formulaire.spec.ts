/**
 * The four-step approval request form (spec §2 "Other screens" stepper,
 * §3 approval request content, §5 Dates, Phone, Numbers, ETP, Perimeter,
 * Attachments, Deposit; DESIGN §6 one URL per step, searches and uploads
 * without JavaScript). Each test runs with and without JavaScript.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { RUBRIQUES_DEMANDE } from "../contract/pieces-jointes.ts";
import { MESSAGES } from "../contract/validation.ts";
import type { EntreeHistorique } from "../contract/schemas/demande.ts";
import { appelApi, creerDemandeDeposable } from "../tests/helpers/demande-api.ts";
import { loginAs } from "../tests/helpers/oidc-login.ts";
import { creerDemandeurConfirme, nouveauDemandeur } from "./fixtures/demandeur.ts";
import { fauxPdf, vraiPdf } from "./fixtures/fichiers.ts";
import { expectNoAxeViolations, submitCredentials } from "./support.ts";

const RUBRIQUES_OBLIGATOIRES = RUBRIQUES_DEMANDE.filter((rubrique) => rubrique.minPj > 0);

/**
 * Ticks a DSFR checkbox or radio. The DSFR draws the box on the label, which
 * covers the input: Playwright sees the label "intercept" the click, while
 * clicking there is exactly what a user does and toggles the input.
 */
const cocher = (case_: Locator) => case_.check({ force: true });

const etapeAffichee = (page: Page, numero: number) =>
  expect(page.getByText(`Étape ${numero} sur 4`)).toBeVisible();

const rubrique = (page: Page, libelle: string) =>
  page.getByRole("region", { name: libelle, exact: true });

/** The messages under the fields (the error summary at the top of the form repeats them). */
const messagesDesChamps = (page: Page) => page.locator(".fr-messages-group");

const champEtp = (page: Page, debut: string) => page.getByLabel(new RegExp(`^${debut} en \\d{4}`));

/** Step 1 with valid values except those in `remplacements`; stays on the page. */
async function remplirEtape1(page: Page, remplacements: Record<string, string> = {}) {
  const valeurs = {
    nom: "Martin",
    prenom: "Alice",
    qualite: "Gérante",
    date: "2015-03-12",
    telephone: "01 84 60 27 15",
    email: "contact@renov-test.example",
    adresse: "12 rue de la Roquette",
    ...remplacements,
  };
  await page.getByRole("textbox", { name: "Nom", exact: true }).fill(valeurs.nom);
  await page.getByRole("textbox", { name: "Prénom", exact: true }).fill(valeurs.prenom);
  await page.getByLabel(/^Qualité du signataire/).fill(valeurs.qualite);
  await page.getByLabel("Qualité de la structure").selectOption("qualityEcfr");
  await page.getByLabel("Forme juridique").selectOption("5710");
  await page.getByLabel(/^Date de création de la structure/).fill(valeurs.date);
  await page.getByLabel(/^Téléphone/).fill(valeurs.telephone);
  await page.getByLabel(/^Adresse électronique/).fill(valeurs.email);
  await page.getByRole("textbox", { name: "Adresse", exact: true }).fill(valeurs.adresse);
  await page.getByLabel(/^Code postal/).fill("75011");
  await page.getByRole("button", { name: "Rechercher les communes" }).click();
  const commune = page.getByLabel(/^Commune/);
  await expect(commune.getByRole("option", { name: "Paris", exact: true })).toBeAttached();
  await commune.selectOption({ label: "Paris" });
}

/** Fills the four ETP figures and the activity share; `sauf` stays empty. */
async function remplirEtp(page: Page, sauf?: string) {
  const valeurs: [string, string][] = [
    ["Nombre d'ETP de la structure", "7,5"],
    ["Nombre d'ETP dédiés à l'accompagnement", "5"],
    ["Nombre d'ETP prévisionnels dédiés à l'accompagnement", "6"],
    ["Nombre d'ETP prévisionnels dédiés à l'accompagnement renforcé", "2"],
  ];
  for (const [libelle, valeur] of valeurs)
    await champEtp(page, libelle).fill(libelle === sauf ? "" : valeur);
  await page.getByLabel(/^Part prévisionnelle de l'activité/).fill("40");
}

/** Chooses `fichier` in the rubric's upload form and sends it. */
async function televerser(section: Locator, fichier: Parameters<Locator["setInputFiles"]>[0]) {
  await section.getByLabel(/^Ajouter des fichiers/).setInputFiles(fichier);
  await section.getByRole("button", { name: /^Ajouter à la rubrique/ }).click();
}

test("un demandeur remplit les quatre étapes et dépose sa demande", async ({ page }, info) => {
  test.setTimeout(90_000);
  const js = info.project.name === "js";
  await nouveauDemandeur(page);
  await page.getByRole("link", { name: "Déposer une demande d'agrément" }).click();
  await expect(page).toHaveURL(/\/demande\/formulaire/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Demande d'agrément");
  await etapeAffichee(page, 1);
  await expect(page.getByRole("heading", { level: 2 })).toContainText(
    "Informations sur la structure",
  );
  await expect(
    page.getByText("Les champs marqués d'un astérisque * sont obligatoires"),
  ).toBeVisible();
  if (js) await expectNoAxeViolations(page);

  // Step 1: a bad phone, a future date and a digit in a name (spec §5 noNumbers)
  // are refused next to their fields, nothing is lost.
  await remplirEtape1(page, { telephone: "12345", date: "2099-01-01", prenom: "Al1ce" });
  // Spec §5 texts of the date field's placeholder and of the commune search's announcement.
  await expect(page.getByLabel(/^Date de création de la structure/)).toHaveAttribute(
    "placeholder",
    "Renseignez une date",
  );
  if (js) await expect(page.getByText("1 résultats disponibles.", { exact: true })).toBeAttached();
  await page.getByRole("button", { name: "Suivant" }).click();
  await expect(messagesDesChamps(page).getByText(MESSAGES.telephone("12345"))).toBeVisible();
  await expect(
    messagesDesChamps(page).getByText("Ce champ ne doit pas contenir de chiffres"),
  ).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Prénom", exact: true })).toHaveValue("Al1ce");
  await expect(messagesDesChamps(page).getByText(MESSAGES.dateAvantAujourdhui)).toBeVisible();
  await expect(page.getByLabel(/^Téléphone/)).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByRole("textbox", { name: "Nom", exact: true })).toHaveValue("Martin");
  await expect(page.getByRole("textbox", { name: "Adresse", exact: true })).toHaveValue(
    "12 rue de la Roquette",
  );
  await expect(page.getByLabel(/^Commune/)).toHaveValue("75056");
  await page.getByLabel(/^Téléphone/).fill("01 84 60 27 15");
  await page.getByLabel(/^Date de création de la structure/).fill("2015-03-12");
  await page.getByRole("textbox", { name: "Prénom", exact: true }).fill("Alice");
  await page.getByRole("button", { name: "Suivant" }).click();

  // Step 2: the perimeter is required; searches keep what was ticked.
  await etapeAffichee(page, 2);
  await expect(page).toHaveURL(/etape=2/);
  const id = new URL(page.url()).searchParams.get("id")!;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  if (js) await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Suivant" }).click();
  await expect(messagesDesChamps(page).getByText(MESSAGES.perimetre)).toBeVisible();
  await cocher(page.getByRole("checkbox", { name: "Île-de-France", exact: true }));
  await page.getByLabel(/^Rechercher un EPCI/).fill("gr");
  await page.getByRole("button", { name: "Rechercher un EPCI" }).click();
  await expect(
    page.getByText("Saisissez au moins 3 caractères pour rechercher un EPCI."),
  ).toBeVisible();
  await page.getByLabel(/^Rechercher un EPCI/).fill("grand paris");
  await page.getByRole("button", { name: "Rechercher un EPCI" }).click();
  await expect(page.getByText(/\d+ résultats? disponibles?\./)).toBeVisible();
  await cocher(page.getByRole("checkbox", { name: "Métropole du Grand Paris" }));
  await expect(page.getByRole("checkbox", { name: "Île-de-France", exact: true })).toBeChecked();
  // The départements of a ticked région are covered by it.
  await page.getByText("Île-de-France (région cochée)").click();
  await expect(page.getByRole("checkbox", { name: /^Paris \(75\)/ })).toBeDisabled();
  await remplirEtp(page, "Nombre d'ETP prévisionnels dédiés à l'accompagnement renforcé");
  await cocher(page.getByRole("radio", { name: "Oui" }));
  await page.getByRole("button", { name: "Suivant" }).click();
  await expect(messagesDesChamps(page).getByText(MESSAGES.tousLesChamps)).toBeVisible();
  await expect(champEtp(page, "Nombre d'ETP de la structure")).toHaveValue("7,5");
  await expect(page.getByRole("checkbox", { name: "Métropole du Grand Paris" })).toBeChecked();
  await champEtp(page, "Nombre d'ETP prévisionnels dédiés à l'accompagnement renforcé").fill("2");
  await page.getByRole("button", { name: "Suivant" }).click();

  // Step 3: a text file named .pdf is refused; a real PDF in every required rubric.
  await etapeAffichee(page, 3);
  if (js) await expectNoAxeViolations(page);
  const premiere = rubrique(page, RUBRIQUES_OBLIGATOIRES[0].libelle);
  await expect(
    premiere.getByText(
      "Taille maximale : 10 Mo. Formats acceptés : PDF, PNG, JPG, ZIP. Nombre maximal de fichiers : 10.",
    ),
  ).toBeVisible();
  await televerser(premiere, fauxPdf());
  await expect(premiere.getByText(/Le type de fichier n'est pas autorisé/)).toBeVisible();
  await expect(premiere.getByText("Aucun fichier déposé.")).toBeVisible();
  for (const { code, libelle } of RUBRIQUES_OBLIGATOIRES) {
    const section = rubrique(page, libelle);
    await televerser(section, await vraiPdf(`${code}.pdf`));
    await expect(section.getByRole("link", { name: `${code}.pdf` })).toBeVisible();
  }
  // Delete one file and add it again; the other rubrics keep theirs.
  await premiere
    .getByRole("button", { name: `Supprimer le fichier ${RUBRIQUES_OBLIGATOIRES[0].code}.pdf` })
    .click();
  await expect(premiere.getByText("Aucun fichier déposé.")).toBeVisible();
  await expect(
    rubrique(page, RUBRIQUES_OBLIGATOIRES[1].libelle).getByRole("link", {
      name: `${RUBRIQUES_OBLIGATOIRES[1].code}.pdf`,
    }),
  ).toBeVisible();
  await televerser(premiere, await vraiPdf(`${RUBRIQUES_OBLIGATOIRES[0].code}.pdf`));
  const lien = premiere.getByRole("link", { name: `${RUBRIQUES_OBLIGATOIRES[0].code}.pdf` });
  await expect(lien).toBeVisible();
  const telechargement = await page.request.get((await lien.getAttribute("href"))!);
  expect(telechargement.status()).toBe(200);
  expect(telechargement.headers()["content-type"]).toBe("application/pdf");
  expect((await telechargement.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await page.getByRole("button", { name: "Suivant" }).click();

  // Step 4: the summary, then the deposit.
  await etapeAffichee(page, 4);
  if (js) await expectNoAxeViolations(page);
  const recap = page.getByRole("main");
  await expect(recap.getByText("Martin", { exact: true })).toBeVisible();
  await expect(recap.getByText("12/03/2015")).toBeVisible();
  await expect(recap.getByText("Île-de-France", { exact: true })).toBeVisible();
  await expect(recap.getByText("Métropole du Grand Paris", { exact: true })).toBeVisible();
  await expect(recap.getByText("7,5", { exact: true })).toBeVisible();
  await expect(recap.getByRole("link", { name: "info_generale.pdf" })).toBeVisible();
  await expect(recap.getByRole("link", { name: /^Modifier/ })).toHaveCount(3);
  await page.getByRole("button", { name: "Soumettre" }).click();
  await expect(page).toHaveURL(`/demande/demande/confirmation/${id}?actionType=DEPOSER`);

  // A deposited request cannot be edited any more: its form leads to the recap.
  await page.goto(`/demande/formulaire?id=${id}&etape=1`);
  await expect(page).toHaveURL(`/demande/demande/recapitulatif/${id}`);
});

test("« Précédent » revient à l'étape d'avant ; un brouillon survit à la déconnexion", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const demandeur = await nouveauDemandeur(page);
  await page.goto("/demande/formulaire");
  await remplirEtape1(page);
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Le brouillon de la demande a bien été enregistré.")).toBeVisible();
  await expect(page).toHaveURL(/etape=1/);
  await page.getByRole("button", { name: "Suivant" }).click();
  await etapeAffichee(page, 2);
  await page.getByRole("link", { name: "Précédent" }).click();
  await etapeAffichee(page, 1);
  await expect(page.getByRole("textbox", { name: "Nom", exact: true })).toHaveValue("Martin");
  await expect(page.getByLabel(/^Commune/)).toHaveValue("75056");
  await page.getByRole("button", { name: "Suivant" }).click();
  await cocher(page.getByRole("checkbox", { name: "Île-de-France", exact: true }));
  await remplirEtp(page);
  await page.getByRole("button", { name: "Suivant" }).click();
  await etapeAffichee(page, 3);
  const id = new URL(page.url()).searchParams.get("id");

  // Signed out and in again, the draft resumes where it stopped.
  await page
    .getByRole("banner")
    .locator(".fr-header__tools-links")
    .getByRole("button", { name: "Se déconnecter" })
    .click();
  // One step: the provider asks nothing more.
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Connexion");
  await page.goto(`/demande/formulaire?id=${id}&etape=2`);
  await submitCredentials(page, demandeur.email, demandeur.motDePasse);
  await etapeAffichee(page, 2);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Bonjour");
  await page.getByRole("link", { name: "Continuer" }).click();
  await etapeAffichee(page, 3);
  await page.getByRole("link", { name: "Précédent" }).click();
  await etapeAffichee(page, 2);
  await expect(page.getByRole("checkbox", { name: "Île-de-France", exact: true })).toBeChecked();
  await expect(champEtp(page, "Nombre d'ETP de la structure")).toHaveValue("7,5");
});

test("la demande d'une autre structure donne « Page non trouvée »", async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const autre = await creerDemandeurConfirme(page);
  const { accessToken } = await loginAs(baseURL!, autre.email, autre.motDePasse);
  const demandeAutre = await creerDemandeDeposable(baseURL!, accessToken, {
    rubriques: [RUBRIQUES_OBLIGATOIRES[0].code],
  });
  await nouveauDemandeur(page);
  const reponse = await page.goto(`/demande/formulaire?id=${demandeAutre.id}&etape=1`);
  expect(reponse?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page non trouvée");

  // Nor can its files be downloaded.
  const { rubriques } = (await (
    await fetch(`${baseURL}/api/demande/${demandeAutre.id}/procedure`, {
      headers: { Authorization: `Bearer ${accessToken}` },
    })
  ).json()) as { rubriques: { piecesJointes: { id: string }[] }[] };
  const fichier = rubriques.flatMap((r) => r.piecesJointes)[0];
  const telechargement = await page.goto(`/piece-jointe/${fichier.id}`);
  expect(telechargement?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page non trouvée");
});

test("un double envoi de « Soumettre » dépose une seule fois ; ensuite, pas de nouvelle demande", async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(60_000);
  const demandeur = await nouveauDemandeur(page);
  const { accessToken } = await loginAs(baseURL!, demandeur.email, demandeur.motDePasse);
  const brouillon = await creerDemandeDeposable(baseURL!, accessToken);
  // Without a step in the URL, a complete draft resumes at its summary.
  await page.goto(`/demande/formulaire?id=${brouillon.id}`);
  await etapeAffichee(page, 4);
  const version = await page.locator('input[name="version"]').inputValue();
  const soumettre = () =>
    page.request.post(`/demande/formulaire?id=${brouillon.id}&etape=4`, {
      form: { intent: "soumettre", version },
      // What a browser sends with a form post (the portal refuses posts from elsewhere).
      headers: { Origin: new URL(baseURL!).origin },
    });
  const reponses = await Promise.all([soumettre(), soumettre()]);
  for (const reponse of reponses) {
    expect(reponse.status()).toBe(200);
    expect(reponse.url()).toContain(
      `/demande/demande/confirmation/${brouillon.id}?actionType=DEPOSER`,
    );
  }
  const historique = await appelApi<EntreeHistorique[]>(
    baseURL!,
    accessToken,
    "GET",
    `/demande/${brouillon.id}/historique`,
  );
  expect(historique.filter((entree) => entree.action === "DEPOSER")).toHaveLength(1);

  // One active request per company: the form says why it cannot start another.
  await page.goto("/demande/formulaire");
  await expect(page.getByText("Vous ne pouvez pas créer de nouvelle demande")).toBeVisible();
  await expect(page.getByRole("link", { name: "Retour à l'accueil" })).toHaveAttribute("href", "/");
  if (info.project.name === "js") await expectNoAxeViolations(page);
});
