/**
 * Withdrawal procedures and approval modification from the staff file page
 * (DESIGN §3 CREER_PROCEDURE, MODIFIER_PROCEDURE, TERMINER_PROCEDURE,
 * MODIFIER_AGREMENT; spec §4 "Autres actions", §8 success notifications),
 * JavaScript on and off: the superviseur opens a withdrawal procedure with
 * suspension (an empty form first: the French errors in place, nothing
 * sent), sees the notification and the suspended approval, switches the
 * procedure to "without suspension", then ends it with "L'agrément est
 * maintenu". Then he changes the perimeter of another approval from its
 * checkbox lists. The request reaches `agree` through the API.
 */
import { expect, test, type Page } from "@playwright/test";
import { MESSAGES } from "../contract/validation.ts";
import {
  contexteInstruction,
  dansNJours,
  nouvelleDemandeEnEtat,
  type ContexteInstruction,
} from "../tests/helpers/instruction-api.ts";
import { loginAs } from "../tests/helpers/oidc-login.ts";
import { creerDemandeurConfirme } from "./fixtures/demandeur.ts";
import { DEMO, expectNoAxeViolations, signIn } from "./support.ts";

/** A fresh applicant (own company) and the demo staff signed in to the API. */
async function nouveauContexte(page: Page, baseURL: string): Promise<ContexteInstruction> {
  const demandeur = await creerDemandeurConfirme(page);
  const { accessToken } = await loginAs(baseURL, demandeur.email, demandeur.motDePasse);
  return contexteInstruction(baseURL, accessToken);
}

/** Signs the superviseur in, after signing out whoever was. */
async function connecterSuperviseur(page: Page) {
  await page.context().clearCookies();
  await signIn(page, DEMO.superviseur.email);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Bonjour");
}

/** The header's state badge (the first badge of the page's badge group). */
const badgeEtat = (page: Page) => page.locator("header .fr-badges-group .fr-badge").first();

/** The link of an action set apart under "Autres actions" (spec §4). */
const autreAction = (page: Page, libelle: string) =>
  page.getByRole("list", { name: "Autres actions" }).getByRole("link", { name: libelle });

/** A row of the file's history table naming `action`. */
const ligneHistorique = (page: Page, action: string) =>
  page
    .getByRole("table", { name: "Historique du dossier" })
    .getByRole("row")
    .filter({ hasText: action })
    .first();

test("le superviseur ouvre une procédure de retrait avec suspension, la modifie, puis maintient l'agrément", async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const axe = info.project.name === "js" ? expectNoAxeViolations : async () => {};
  const ctx = await nouveauContexte(page, baseURL!);
  const { id } = await nouvelleDemandeEnEtat(ctx, "agree");
  const urlDossier = `/dossier/demande/${id}`;

  await connecterSuperviseur(page);
  await page.goto(urlDossier);
  await expect(badgeEtat(page)).toHaveText("Agréée");
  await autreAction(page, "Ouvrir une procédure de retrait").click();
  await expect(page).toHaveURL(`${urlDossier}/action/CREER_PROCEDURE`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Ouvrir une procédure de retrait",
  );
  await expect(page).toHaveTitle(/^Ouvrir une procédure de retrait \|/);
  await axe(page);

  // Nothing chosen: the errors in French, on the same page.
  const ouvrir = page.getByRole("button", { name: "Ouvrir une procédure de retrait" });
  await ouvrir.click();
  // Under the field (the error summary at the top of the form repeats it).
  await expect(
    page.locator(".fr-messages-group").getByText("Veuillez choisir le type de procédure."),
  ).toBeVisible();
  const date = page.getByLabel(/^Date de notification à la structure/);
  const motifs = page.getByLabel(/^Motifs de la procédure/);
  await expect(page.locator(`#${await date.getAttribute("id")}-error`)).toHaveText(MESSAGES.requis);
  await expect(page.locator(`#${await motifs.getAttribute("id")}-error`)).toHaveText(
    MESSAGES.requis,
  );
  await expect(page).toHaveURL(`${urlDossier}/action/CREER_PROCEDURE`);
  await axe(page);

  await page.getByLabel("Retrait avec suspension de l'agrément").check({ force: true });
  await date.fill(dansNJours(-3));
  await motifs.fill("Absence répétée de visite du logement avant l'audit énergétique.");
  await ouvrir.click();
  await expect(page).toHaveURL(urlDossier);
  await expect(
    page.getByText("La procédure de retrait de l'agrément avec suspension a bien été ouverte.", {
      exact: true,
    }),
  ).toBeVisible();
  await expect(badgeEtat(page)).toHaveText("Procédure de retrait en cours");
  await expect(
    page.locator("header").getByText("Agrément suspendu", { exact: true }),
  ).toBeVisible();
  await expect(ligneHistorique(page, "Ouvrir une procédure de retrait")).toContainText(
    "Agréée → Procédure de retrait en cours",
  );

  // The modification form starts from the procedure as it is.
  await autreAction(page, "Modifier la procédure").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Modifier la procédure");
  await expect(page.getByLabel("Retrait avec suspension de l'agrément")).toBeChecked();
  await expect(page.getByLabel(/^Date de notification à la structure/)).toHaveValue(dansNJours(-3));
  await axe(page);
  await page.getByLabel("Retrait sans suspension de l'agrément").check({ force: true });
  await page.getByLabel(/^Motif de la modification/).fill("La suspension n'est plus justifiée.");
  await page.getByRole("button", { name: "Modifier la procédure" }).click();
  await expect(page).toHaveURL(urlDossier);
  await expect(page.getByText("La procédure a bien été modifiée.", { exact: true })).toBeVisible();
  await expect(page.locator("header").getByText("Agrément suspendu", { exact: true })).toHaveCount(
    0,
  );

  await autreAction(page, "Terminer la procédure").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terminer la procédure");
  await axe(page);
  await page.getByLabel("L'agrément est maintenu").check({ force: true });
  await page
    .getByLabel(/^Motifs de la décision/)
    .fill("Les observations de la structure répondent aux manquements constatés.");
  await page.getByRole("button", { name: "Terminer la procédure" }).click();
  await expect(page).toHaveURL(urlDossier);
  await expect(page.getByText("La procédure a bien été clôturée.", { exact: true })).toBeVisible();
  await expect(badgeEtat(page)).toHaveText("Agréée");
  await expect(ligneHistorique(page, "Terminer la procédure")).toContainText(
    "Procédure de retrait en cours → Agréée",
  );
  await expect(autreAction(page, "Ouvrir une procédure de retrait")).toBeVisible();
});

test("le superviseur modifie le périmètre de l'agrément", async ({ page, baseURL }, info) => {
  test.setTimeout(120_000);
  const axe = info.project.name === "js" ? expectNoAxeViolations : async () => {};
  const ctx = await nouveauContexte(page, baseURL!);
  const { id } = await nouvelleDemandeEnEtat(ctx, "agree");
  const urlDossier = `/dossier/demande/${id}`;

  await connecterSuperviseur(page);
  await page.goto(urlDossier);
  await autreAction(page, "Modifier l'agrément").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Modifier l'agrément");
  // The granted perimeter of the demo request: Île-de-France.
  const ileDeFrance = page.getByLabel("Île-de-France", { exact: true });
  await expect(ileDeFrance).toBeChecked();
  await axe(page);

  // Nothing left ticked: the perimeter is required.
  await ileDeFrance.uncheck({ force: true });
  await page.getByLabel(/^Motifs de la modification/).fill("Périmètre restreint à Paris.");
  const modifier = page.getByRole("button", { name: "Modifier l'agrément" });
  await modifier.click();
  await expect(
    page.locator(".fr-messages-group").getByText(MESSAGES.perimetre, { exact: true }),
  ).toBeVisible();
  await expect(page.getByLabel(/^Motifs de la modification/)).toHaveValue(
    "Périmètre restreint à Paris.",
  );

  await page.getByText("Départements", { exact: true }).first().click();
  await page.getByLabel("Paris (75)", { exact: true }).check({ force: true });
  await modifier.click();
  await expect(page).toHaveURL(urlDossier);
  await expect(page.getByText("L'agrément a bien été modifié.", { exact: true })).toBeVisible();
  await expect(badgeEtat(page)).toHaveText("Agrément modifié en attente de consultation");
  await expect(ligneHistorique(page, "Modifier l'agrément")).toContainText(
    "Agréée → Agrément modifié en attente de consultation",
  );
});
