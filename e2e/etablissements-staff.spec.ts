/**
 * Establishments on the staff and central side:
 * a manager filters the list of referenced establishments, central staff
 * download the ZIP by period (an end before the start is refused on the
 * field), look a company up without JavaScript, and comment the history
 * entry of their download; axe on each page. Run with and without
 * JavaScript (projects js and sans-js).
 *
 * A fresh operator is approved through the API (fixtures/operateur-agree.ts)
 * and references its head office (the embedded registry's establishment of
 * a company without stored rows) with `POST /api/agrement/{id}/etablissement`.
 */
import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import yauzl from "yauzl";
import { aujourdhuiParis } from "../contract/validation.ts";
import { baseURL } from "../playwright.config.ts";
import { appelApi } from "../tests/helpers/demande-api.ts";
import { nouvelOperateurAgree, type OperateurAgree } from "./fixtures/operateur-agree.ts";
import { DEMO, expectNoAxeViolations, signIn } from "./support.ts";

let operateur: OperateurAgree;
let siret: string;
const NOM = `Agence du Faubourg ${Date.now().toString(36)}`;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const contexte = await browser.newContext({ baseURL });
  const page = await contexte.newPage();
  operateur = await nouvelOperateurAgree(page, baseURL);
  const jeton = operateur.ctx.demandeur;
  const agrementId = operateur.agrement.id;
  const [siege] = await appelApi<{ siret: string }[]>(
    baseURL,
    jeton,
    "GET",
    `/agrement/${agrementId}/etablissements-a-referencer`,
  );
  siret = siege.siret;
  await appelApi(baseURL, jeton, "POST", `/agrement/${agrementId}/etablissement`, {
    siret,
    nom: NOM,
    adresse1: "12 rue du Faubourg Saint-Antoine",
    codePostal: "75011",
    codeCommune: "75056",
    tel: "01 43 00 00 00",
    email: "contact@faubourg.example.fr",
    departements: ["75"],
    etp: "2,5",
    referentCivilite: "Mme",
    referentNom: "Lefèvre",
    referentPrenom: "Inès",
    referentEmail: "ines.lefevre@faubourg.example.fr",
    referentTel: "06 12 34 56 78",
  });
  await contexte.close();
});

/** Every entry of a ZIP file: its name → its bytes. */
function lireZip(zip: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (erreur, fichier) => {
      if (erreur || !fichier) return reject(erreur);
      const entrees = new Map<string, Buffer>();
      fichier.on("entry", (entree: yauzl.Entry) => {
        fichier.openReadStream(entree, (erreurLecture, flux) => {
          if (erreurLecture || !flux) return reject(erreurLecture);
          const morceaux: Buffer[] = [];
          flux.on("data", (morceau: Buffer) => morceaux.push(morceau));
          flux.on("end", () => {
            entrees.set(entree.fileName, Buffer.concat(morceaux));
            fichier.readEntry();
          });
          flux.on("error", reject);
        });
      });
      fichier.on("end", () => resolve(entrees));
      fichier.on("error", reject);
      fichier.readEntry();
    });
  });
}

/** The sentence that counts the results of the list. */
const resultats = (page: Page) => page.locator("#resultats-titre + p");

/** The row of the operator's establishment in the list. */
const ligneEtablissement = (page: Page) => page.getByRole("row").filter({ hasText: NOM });

test("un gestionnaire filtre la liste des établissements référencés", async ({ page }, info) => {
  const axe = info.project.name === "js" ? expectNoAxeViolations : async () => {};
  await signIn(page, DEMO.instructeur.email, "/etablissements/liste");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Établissements référencés");
  await axe(page);

  // The form is folded under its summary: open it before each use.
  const ouvrirFiltres = async () => {
    await page.locator("details.portail-filtres > summary").click();
    await expect(page.locator("details.portail-filtres")).toHaveAttribute("open");
  };
  const recherche = page.getByLabel("Rechercher (nom, raison sociale, SIRET, référence)");
  await ouvrirFiltres();
  await recherche.fill(operateur.demandeur.raisonSociale);
  await page.getByLabel("Département d'intervention").selectOption("75");
  await page.getByRole("button", { name: "Filtrer" }).click();
  await expect(page).toHaveURL(/departements%5B%5D=75/);
  await expect(resultats(page)).toHaveText("1 établissement");
  await expect(ligneEtablissement(page)).toContainText(operateur.demandeur.raisonSociale);
  await expect(ligneEtablissement(page)).toContainText(
    `${siret.slice(0, 3)} ${siret.slice(3, 6)} ${siret.slice(6, 9)} ${siret.slice(9)}`,
  );
  await expect(ligneEtablissement(page)).toContainText(operateur.agrement.numeroAgrement);

  // The Bouches-du-Rhône are outside its perimeter.
  await ouvrirFiltres();
  await page.getByLabel("Département d'intervention").selectOption("13");
  await page.getByRole("button", { name: "Filtrer" }).click();
  await expect(resultats(page)).toHaveText("Aucun établissement ne correspond à votre recherche.");
  await axe(page);

  // The CSV of the same filters.
  await ouvrirFiltres();
  await page.getByLabel("Département d'intervention").selectOption("75");
  await page.getByRole("button", { name: "Filtrer" }).click();
  await expect(resultats(page)).toHaveText("1 établissement");
  const telechargement = page.waitForEvent("download");
  await page.getByRole("link", { name: "Télécharger (CSV)" }).click();
  const csv = await readFile((await (await telechargement).path())!);
  expect(csv.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  const lignes = csv.subarray(3).toString("utf8").trimEnd().split("\r\n");
  expect(lignes).toHaveLength(2);
  expect(lignes[0].startsWith("Référence;Raison sociale;Nom;")).toBe(true);
  expect(lignes[1]).toContain(`;${NOM};`);

  // The staff file page of the approved request lists the operator's establishments.
  await page.goto(`/dossier/demande/${operateur.demande.id}`);
  const section = page.getByRole("region", { name: "Établissements référencés" });
  await expect(section.getByRole("row").filter({ hasText: NOM })).toContainText(
    `Référencé le ${aujourdhuiParis().split("-").reverse().join("/")}`,
  );
  await axe(page);
});

test("le central télécharge le ZIP par période et commente l'historique", async ({
  page,
}, info) => {
  const axe = info.project.name === "js" ? expectNoAxeViolations : async () => {};
  await signIn(page, DEMO.anah_centrale.email, "/etablissements/reference");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Référentiel des établissements",
  );
  await axe(page);
  const aujourdhui = aujourdhuiParis();
  const periode = page.getByRole("form", { name: "Par période de référencement" });

  // An end before the start: the message on the end date, the dates kept.
  await periode.getByLabel("Date de début").fill(aujourdhui);
  await periode.getByLabel("Date de fin").fill("2020-01-01");
  await periode.getByRole("button", { name: "Télécharger (ZIP)" }).click();
  await expect(
    periode.getByText("La date de fin doit être égale ou postérieure à la date de début.").first(),
  ).toBeVisible();
  await expect(periode.getByLabel("Date de début")).toHaveValue(aujourdhui);
  await axe(page);

  await periode.getByLabel("Date de fin").fill(aujourdhui);
  const telechargement = page.waitForEvent("download");
  await periode.getByRole("button", { name: "Télécharger (ZIP)" }).click();
  const fichier = await telechargement;
  expect(fichier.suggestedFilename()).toBe("etablissements.zip");
  const entrees = await lireZip(await readFile((await fichier.path())!));
  const csv = entrees.get("EtablissementsReferences.csv")!.toString("utf8");
  expect(csv).toContain(`;${NOM};`);
  expect(csv).toContain(`;${siret};`);

  // The download is the newest entry of the history; comment it.
  await page.goto("/etablissements/reference");
  const [jour, mois, annee] = aujourdhui.split("-").reverse();
  const entree = page.getByRole("row").nth(1);
  await expect(entree).toContainText(DEMO.anah_centrale.prenom);
  await expect(entree).toContainText(
    `Période du ${jour}/${mois}/${annee} au ${jour}/${mois}/${annee}`,
  );
  const commentaire = `Transmis à la DGALN ${Date.now().toString(36)}`;
  await entree.getByRole("textbox").fill(commentaire);
  await entree.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.getByText("Le commentaire a bien été enregistré.")).toBeVisible();
  await expect(page.getByRole("row").nth(1).getByRole("textbox")).toHaveValue(commentaire);
  await axe(page);
  // Spec §2: a notification closes with its "Masquer le message" control, with or without JS.
  await page.getByRole("link", { name: "Masquer le message" }).click();
  await expect(page.getByText("Le commentaire a bien été enregistré.")).toBeHidden();

  // Spec §6: for central roles the list is under the menu's "Établissements"
  // submenu, which opens with and without JavaScript.
  const menu = page.getByRole("navigation", { name: "Menu principal" });
  await expect(menu.getByRole("link", { name: "Liste des établissements" })).toBeHidden();
  await menu.getByText("Établissements", { exact: true }).click();
  await expect(menu.getByRole("link", { name: "Référentiel des établissements" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await axe(page);
  await menu.getByRole("link", { name: "Liste des établissements" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Établissements référencés");
  await expect(menu.getByRole("link", { name: "Liste des établissements" })).toBeHidden();
});

test("le central cherche une société sans JavaScript comme avec", async ({ page }, info) => {
  const axe = info.project.name === "js" ? expectNoAxeViolations : async () => {};
  await signIn(page, DEMO.mar_admin.email, "/etablissements/reference");
  const societe = page.getByRole("form", { name: "Par société" });
  await societe.getByLabel("Raison sociale").fill("Société qui n'existe pas zzz");
  await societe.getByRole("button", { name: "Rechercher" }).click();
  await expect(societe.getByText("Aucun résultat")).toBeVisible();

  await societe.getByLabel("Raison sociale").fill(operateur.demandeur.raisonSociale.slice(0, -2));
  await societe.getByRole("button", { name: "Rechercher" }).click();
  await societe.getByRole("link", { name: `Choisir ${operateur.demandeur.raisonSociale}` }).click();
  await expect(societe.getByLabel("Raison sociale")).toHaveValue(operateur.demandeur.raisonSociale);
  await axe(page);
  const telechargement = page.waitForEvent("download");
  await societe.getByRole("button", { name: "Télécharger (ZIP)" }).click();
  const entrees = await lireZip(await readFile((await (await telechargement).path())!));
  expect(entrees.get("EtablissementsReferences.csv")!.toString("utf8")).toContain(`;${NOM};`);
});
