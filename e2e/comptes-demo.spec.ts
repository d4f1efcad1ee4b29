/**
 * The demo accounts of the demo dataset (README "Ce qu'on peut y essayer",
 * ADR 0043), JavaScript on and off: each signs in, reaches its features from
 * the menu in one click, and tries one real action of its situation — the
 * transition, its notification, its history line:
 * - the operator: approval, establishments, notable changes, annual reports,
 *   and a message in its notable change's thread;
 * - the applicant whose request waits for a complement: sends it;
 * - the Paris instructor assigns himself a deposited file, confirms a
 *   completeness and gives his opinion (after a complement, when the dataset
 *   has one); the CRHH gives the committee's opinion; the superviseur
 *   confirms a proposed refusal, decides and opens a withdrawal procedure.
 *
 * Runs a portal of its own (in-memory PGlite, built pages) with the demo
 * dataset loaded as on the newcomer's first start.
 */
import { expect, test, type Page } from "@playwright/test";
import type { Database } from "../api/db/client.ts";
import { seedJeuDemo } from "../api/db/seed/demo-dossiers.ts";
import { codeServiceDuDepartement } from "../api/db/seed/reference.ts";
import { createFileStore } from "../api/files/store.ts";
import { createLogger } from "../server/logger.ts";
import { demarrerPortailEnMemoire, type PortailEnMemoire } from "./fixtures/portail-en-memoire.ts";
import { vraiPdf } from "./fixtures/fichiers.ts";
import { DEMO, expectNoAxeViolations, submitCredentials } from "./support.ts";

let base: string;
let database: Database;
let instance: PortailEnMemoire;

test.beforeAll(async () => {
  // An in-memory PGlite, its migrations, the demo accounts and the dataset.
  test.setTimeout(240_000);
  instance = await demarrerPortailEnMemoire("portail-comptes-demo");
  ({ base, database } = instance);
  await seedJeuDemo(database, createFileStore({ dataDir: instance.dataDir }), {
    logger: createLogger("silent"),
  });
});

test.afterAll(async () => {
  await instance?.fermer();
});

/** Signs `email` in on this portal with the demo password, after signing out whoever was. */
async function connecter(page: Page, email: string) {
  await page.context().clearCookies();
  await page.goto(`${base}/account/login`);
  await submitCredentials(page, email);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Bonjour");
}

/**
 * The id of the first Paris file (the demo team's service) of `kind` in one
 * of `etats`, outside the companies of the demo applicants (their own
 * tests walk them).
 */
async function dossierDeParis(etats: readonly string[], kind = "demande"): Promise<string> {
  const [ligne] = await database.query<{ id: string }>(
    `select d.id from demande d join service_instructeur s on s.id = d.service_instructeur_id
      where s.code = $1 and d.etat in (select jsonb_array_elements_text($2::jsonb)) and d.kind = $3
        and d.societe_id not in (select societe_id from utilisateur
                                  where email like '%@demo.anah.gouv.fr' and societe_id is not null)
      order by d.numero_dossier limit 1`,
    [codeServiceDuDepartement("75"), JSON.stringify(etats), kind],
  );
  expect(ligne, `un dossier de Paris dans l'un des états ${etats.join(", ")}`).toBeDefined();
  return ligne.id;
}

/** Chooses an opinion value (DSFR radio, drawn on its label) and writes the comment. */
function donnerAvis(page: Page, valeur: string, commentaire: string) {
  return async () => {
    await page.getByLabel(valeur, { exact: true }).check({ force: true });
    await page.getByLabel(/^Commentaire/).fill(commentaire);
  };
}

/** The row of the file's history naming `action`. */
const ligneHistorique = (page: Page, action: string) =>
  historique(page).getByRole("row").filter({ hasText: action }).first();

const historique = (page: Page) => page.getByRole("table", { name: "Historique du dossier" });
const menu = (page: Page) => page.getByRole("navigation", { name: "Menu principal" });
const notification = (page: Page, texte: string) => page.getByText(texte, { exact: true });

/**
 * On the file's page, opens the action from its link, lets `remplir` fill
 * the form, submits it and expects the notification `succes` back on the file.
 */
async function agir(
  page: Page,
  id: string,
  libelle: string,
  remplir: () => Promise<void>,
  succes: string,
) {
  await page.goto(`${base}/dossier/demande/${id}`);
  await page.getByRole("link", { name: libelle, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(libelle);
  await remplir();
  await page.getByRole("button", { name: libelle, exact: true }).click();
  await expect(page).toHaveURL(`${base}/dossier/demande/${id}`);
  await expect(notification(page, succes)).toBeVisible();
}

test("l'opérateur agréé de démonstration atteint son agrément, ses établissements, ses changements notables et ses rapports, et écrit au service", async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  await connecter(page, "operateur@demo.anah.gouv.fr");
  await expect(menu(page).getByRole("link")).toHaveText([
    "Accueil",
    "Mon agrément",
    "Établissements référencés",
    "Mes demandes de changement notable",
    "Rapport annuel d'activité",
  ]);
  for (const [lien, titre] of [
    ["Mon agrément", "Mon agrément"],
    ["Établissements référencés", "Établissements référencés"],
    ["Mes demandes de changement notable", "Mes demandes de changement notable"],
    // The report of the year filed now, or the synthesis of the last one
    // filed, depending on the day (ADR 0043).
    ["Rapport annuel d'activité", /rapport annuel d'activité \d{4}$/i],
  ] as const) {
    await menu(page).getByRole("link", { name: lien }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(titre);
    if (info.project.name === "js") await expectNoAxeViolations(page);
  }

  // Its notable change under instruction: the thread, one message more.
  await menu(page).getByRole("link", { name: "Mes demandes de changement notable" }).click();
  await page
    .getByRole("link", { name: /Messagerie/ })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Messagerie");
  await page.getByLabel(/^Votre message/).fill("Bonjour, où en est notre extension ?");
  await page.getByRole("button", { name: "Envoyer" }).click();
  await expect(notification(page, "Votre message a bien été envoyé.")).toBeVisible();
  await expect(page.getByText("Bonjour, où en est notre extension ?")).toBeVisible();
});

test("le demandeur de démonstration transmet le complément attendu", async ({ page }) => {
  test.setTimeout(120_000);
  await connecter(page, "demandeur-complement@demo.anah.gouv.fr");
  const carte = page.getByRole("article", { name: /^Demande d'agrément/ }).first();
  await carte.getByRole("link", { name: /^Compléter ma demande|complément/i }).click();
  await page
    .getByLabel(/^Pièces complémentaires/)
    .setInputFiles(await vraiPdf("attestation-assurance.pdf"));
  await page.getByRole("button", { name: "Transmettre les compléments" }).click();
  await expect(page.getByText("Les compléments ont bien été transmis.")).toBeVisible();
});

test("l'instructeur de démonstration s'affecte un dossier, confirme une complétude et donne son avis après un complément", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await connecter(page, DEMO.instructeur.email);
  await menu(page).getByRole("link", { name: "Tous les dossiers" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tous les dossiers");
  await agir(
    page,
    await dossierDeParis(["deposee"]),
    "Affecter le dossier",
    async () => {
      await page.getByLabel(/^Instructeur/).selectOption({ label: "Thomas Leroy" });
    },
    "Le dossier a bien été affecté.",
  );
  await expect(ligneHistorique(page, "Affecter le dossier")).toContainText("Déposée → Affectée");

  await agir(
    page,
    await dossierDeParis(["affectee"]),
    "Confirmer la complétude",
    () => page.getByLabel("Oui, consulter le CRHH").check({ force: true }),
    "La complétude du dossier a bien été confirmée.",
  );
  await expect(ligneHistorique(page, "Confirmer la complétude")).toContainText(
    "Affectée → Complète",
  );

  // A complement received first, when the dataset has one in Paris.
  await agir(
    page,
    await dossierDeParis([
      "complete_sans_crhh_complement_recu",
      "instruite_crhh_complement_recu",
      "instruite_crhh",
      "complete_sans_crhh",
    ]),
    "Donner l'avis de l'instructeur",
    donnerAvis(page, "Favorable", "Pièces complètes, compétences démontrées."),
    "L'avis de l'instructeur a bien été enregistré.",
  );
  await expect(ligneHistorique(page, "Donner l'avis de l'instructeur")).toBeVisible();
});

test("le CRHH de démonstration donne l'avis du comité sur un dossier complet de Paris", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await connecter(page, DEMO.crhh.email);
  await menu(page).getByRole("link", { name: "Tous les dossiers" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Tous les dossiers");
  await agir(
    page,
    await dossierDeParis(["complete", "complete_complement_recu"]),
    "Donner l'avis du CRHH",
    donnerAvis(page, "Favorable", "Structure connue du comité."),
    "L'avis du CRHH a bien été enregistré.",
  );
  await expect(
    page.getByRole("region", { name: "Avis" }).getByRole("heading", {
      name: "Avis du CRHH : Favorable",
    }),
  ).toBeVisible();
});

test("le superviseur de démonstration confirme un refus proposé, décide et ouvre une procédure de retrait", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await connecter(page, DEMO.superviseur.email);
  await menu(page).getByRole("link", { name: "Mes dossiers" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mes dossiers");
  await agir(
    page,
    await dossierDeParis(["refus_en_attente"]),
    "Confirmer le refus",
    () =>
      expect(
        page.getByText(
          "Vous confirmez le refus proposé par l'instructeur, qui en rédigera ensuite la motivation.",
        ),
      ).toBeVisible(),
    "Le refus de la demande a bien été confirmé.",
  );
  await expect(ligneHistorique(page, "Confirmer le refus")).toBeVisible();

  await agir(
    page,
    await dossierDeParis(["instruite_superviseur"]),
    "Prendre la décision",
    donnerAvis(page, "Agrément validé", "Agrément accordé pour cinq ans."),
    "La décision a bien été enregistrée.",
  );
  await expect(
    page.getByRole("region", { name: "Avis" }).getByRole("heading", {
      name: "Décision : Agrément validé",
    }),
  ).toBeVisible();

  await agir(
    page,
    await dossierDeParis(["agree"]),
    "Ouvrir une procédure de retrait",
    async () => {
      await page.getByLabel("Retrait sans suspension de l'agrément").check({ force: true });
      await page
        .getByLabel(/^Date de notification à la structure/)
        // Three days ago: a notification date cannot be in the future.
        .fill(new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10));
      await page
        .getByLabel(/^Motifs de la procédure/)
        .fill("Absence répétée de visite du logement avant l'audit énergétique.");
    },
    "La procédure de retrait de l'agrément sans suspension a bien été ouverte.",
  );
  await expect(ligneHistorique(page, "Ouvrir une procédure de retrait")).toContainText(
    "Agréée → Procédure de retrait en cours",
  );
});
