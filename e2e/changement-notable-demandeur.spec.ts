/**
 * The applicant's side of the perimeter extension (spec §2
 * `/mes-demandes-changement-notable`, `…/{type}/formulaire`,
 * `/changement-notable/recapitulatif/{id}`, `/changement-notable/completude/{id}`;
 * §5 Perimeter; §6 flag `creation_extension_perimetre`). A fresh operator,
 * approved over Île-de-France (e2e/fixtures/operateur-agree.ts), asks to
 * add one département: the régions and départements of his approval are
 * disabled, an empty perimeter and a forged région are refused, missing
 * documents are listed at the recap with links to their step, then he
 * deposits and sees his card. Then the completeness answer, and the flag
 * cut (404, no link). Each test runs with JavaScript (project "js") and
 * without ("sans-js"); axe on each page with JavaScript; screenshots at
 * 1280 and 375 px with the "Suivant" button checked whole.
 */
import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { MESSAGES_EXTENSION } from "../contract/schemas/changement-notable.ts";
import type { DemandeDetail } from "../contract/schemas/demande.ts";
import { appelApi, pdfMinimal } from "../tests/helpers/demande-api.ts";
import { idUtilisateur, type ContexteInstruction } from "../tests/helpers/instruction-api.ts";
import { loginAs } from "../tests/helpers/oidc-login.ts";
import { vraiPdf } from "./fixtures/fichiers.ts";
import { nouvelOperateurAgree } from "./fixtures/operateur-agree.ts";
import { DEMO, DEMO_PASSWORD, expectNoAxeViolations } from "./support.ts";

/** The form's first step for a new extension, as the list's link gives it. */
const URL_NOUVELLE =
  "/mes-demandes-changement-notable/extension-perimetre/formulaire?type=extension+perimetre";

/** Ticks a DSFR checkbox (its label covers the input). */
const cocher = (case_: Locator) => case_.check({ force: true });

const rubrique = (page: Page, libelle: string) =>
  page.getByRole("region", { name: libelle, exact: true });

/**
 * Full-page screenshots at 1280 and 375 px, saved with the test's output;
 * when the page has a "Suivant" button, checks it is drawn whole (its text
 * fits in its box) at both widths.
 */
async function capturer(page: Page, info: TestInfo, nom: string) {
  const taille = page.viewportSize();
  for (const largeur of [1280, 375]) {
    await page.setViewportSize({ width: largeur, height: 800 });
    const suivant = page.getByRole("button", { name: "Suivant", exact: true });
    if (await suivant.count()) {
      const coupe = await suivant.evaluate((bouton) => bouton.scrollWidth > bouton.clientWidth + 1);
      expect(coupe, `« Suivant » coupé à ${largeur} px`).toBe(false);
    }
    await page.screenshot({
      path: info.outputPath(`changement-${nom}-${largeur}-${info.project.name}.png`),
      fullPage: true,
    });
  }
  if (taille) await page.setViewportSize(taille);
}

/** POST /api/changement-notable/{id}/action as the user of `token`, at the current version. */
async function agir(
  baseUrl: string,
  token: string,
  id: string,
  action: string,
  champs: Record<string, string | string[]> = {},
  fichier?: { nom: string; contenu: Buffer },
): Promise<DemandeDetail> {
  const { version } = await appelApi<DemandeDetail>(
    baseUrl,
    token,
    "GET",
    `/changement-notable/${id}`,
  );
  const valeurs: [string, string][] = [
    ["action", action],
    ["version", String(version)],
    ...Object.entries(champs).flatMap(([cle, valeur]): [string, string][] =>
      Array.isArray(valeur) ? valeur.map((code) => [`${cle}[]`, code]) : [[cle, valeur]],
    ),
  ];
  let corps: FormData | URLSearchParams = new URLSearchParams(valeurs);
  if (fichier) {
    corps = new FormData();
    for (const [cle, valeur] of valeurs) corps.append(cle, valeur);
    corps.set(
      "fichier",
      new Blob([new Uint8Array(fichier.contenu)], { type: "application/pdf" }),
      fichier.nom,
    );
  }
  return appelApi<DemandeDetail>(baseUrl, token, "POST", `/changement-notable/${id}/action`, corps);
}

/**
 * An extension of département `departement` deposited through the API by
 * the operator of `ctx`: created on his approval, both steps saved, one
 * PDF in the required rubric, VALIDER_DEPOSER then DEPOSER.
 */
async function extensionDeposee(
  ctx: ContexteInstruction,
  agrementId: string,
  departement: string,
): Promise<string> {
  const { id } = await appelApi<{ id: string }>(
    ctx.baseUrl,
    ctx.demandeur,
    "POST",
    `/agrement/${agrementId}/action`,
    new URLSearchParams({ action: "CREER_EXTENSION_PERIMETRE" }),
  );
  await agir(ctx.baseUrl, ctx.demandeur, id, "ENREGISTRER_BROUILLON", {
    etape: "1",
    departements: [departement],
  });
  await agir(ctx.baseUrl, ctx.demandeur, id, "ENREGISTRER_BROUILLON", {
    etape: "2",
    nb_etp_perimetre: "2",
    nb_etp_accomp_perimetre: "1,5",
  });
  const formulaire = new FormData();
  formulaire.set("codeTypePJ", "cond_competence");
  const pdf = await pdfMinimal("Moyens sur le nouveau périmètre");
  formulaire.set(
    "fichier",
    new Blob([new Uint8Array(pdf)], { type: "application/pdf" }),
    "moyens.pdf",
  );
  await appelApi(ctx.baseUrl, ctx.demandeur, "POST", `/changement-notable/${id}/pj`, formulaire);
  await agir(ctx.baseUrl, ctx.demandeur, id, "VALIDER_DEPOSER");
  await agir(ctx.baseUrl, ctx.demandeur, id, "DEPOSER");
  return id;
}

/** PUT /api/administration/fonctionnalites/creation_extension_perimetre as the demo admin_fonctionnel. */
async function basculerDrapeau(baseURL: string, active: boolean): Promise<void> {
  const { accessToken } = await loginAs(baseURL, DEMO.admin_fonctionnel.email, DEMO_PASSWORD);
  await appelApi(
    baseURL,
    accessToken,
    "PUT",
    "/administration/fonctionnalites/creation_extension_perimetre",
    new URLSearchParams({ active: String(active) }),
  );
}

test("un opérateur agréé demande l'extension de son périmètre à un département et la dépose", async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(150_000);
  const js = info.project.name === "js";
  const axe = js ? expectNoAxeViolations : async () => {};
  await nouvelOperateurAgree(page, baseURL!);

  // Home (loaded again: the approval was granted after the fixture's sign-in): the quick-access tile.
  await page.goto("/");
  // The tile (the header's menu has an entry of the same name).
  await page
    .getByRole("main")
    .getByRole("link", { name: /Mes demandes de changement notable/ })
    .click();
  await expect(page).toHaveURL(/\/mes-demandes-changement-notable$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Mes demandes de changement notable",
  );
  await expect(page.getByText("Aucune demande de changement notable")).toBeVisible();
  await axe(page);
  await capturer(page, info, "liste-vide");

  // A forged form (a région of the approval) is refused on the field, and creates nothing.
  const forge = await page.request.post(URL_NOUVELLE, {
    form: { regions: "11", intent: "suivant" },
    headers: { Origin: baseURL! },
  });
  expect(forge.status()).toBe(422);
  expect(await forge.text()).toContain(MESSAGES_EXTENSION.regionDejaCouverte);

  // Spec §2: the request form's `demandeType` chooses the notable change's form.
  await page.goto("/demande/formulaire?demandeType=changement-notable");
  await expect(page).toHaveURL(URL_NOUVELLE);
  await expect(page.getByText("Étape 1 sur 3")).toBeVisible();
  await page.goto("/mes-demandes-changement-notable");

  const nouvelle = page.getByRole("link", { name: "Nouvelle demande de changement notable" });
  await expect(nouvelle).toHaveAttribute("href", URL_NOUVELLE);
  await nouvelle.click();
  await expect(page.getByText("Étape 1 sur 3")).toBeVisible();
  await expect(page.locator(".fr-stepper__title")).toContainText(
    "Périmètre d'intervention à ajouter",
  );
  await expect(
    page.getByText("Les champs marqués d'un astérisque * sont obligatoires"),
  ).toBeVisible();

  // The approval's région and its départements are disabled and say why.
  const ileDeFrance = page.getByRole("checkbox", { name: /^Île-de-France/ });
  await expect(ileDeFrance).toBeDisabled();
  await expect(ileDeFrance).not.toBeChecked();
  await expect(
    page.locator("label[for=perimetre-region-11]").getByText(MESSAGES_EXTENSION.regionDejaCouverte),
  ).toBeVisible();
  await page.locator("summary", { hasText: "Île-de-France" }).click();
  const paris = page.getByRole("checkbox", { name: /^Paris \(75\)/ });
  await expect(paris).toBeDisabled();
  await expect(
    page
      .locator("label[for=perimetre-departement-75]")
      .getByText(MESSAGES_EXTENSION.departementDejaCouvert),
  ).toBeVisible();
  await axe(page);
  await capturer(page, info, "etape1");

  // Nothing chosen: "Le périmètre d'intervention est requis", still no extension.
  await page.getByRole("button", { name: "Suivant", exact: true }).click();
  await expect(
    page.locator(".fr-messages-group").getByText(MESSAGES_EXTENSION.perimetre),
  ).toBeVisible();
  expect(new URL(page.url()).searchParams.get("id")).toBeNull();
  if (js) await axe(page);

  // One département of another région.
  await page.locator("summary", { hasText: "Centre-Val de Loire" }).click();
  await cocher(page.getByRole("checkbox", { name: /^Loiret \(45\)/ }));
  await page.getByRole("button", { name: "Suivant", exact: true }).click();
  await expect(page.getByText("Étape 2 sur 3")).toBeVisible();
  const id = new URL(page.url()).searchParams.get("id")!;
  expect(id).toMatch(/^[0-9a-f-]{36}$/);

  // Step 2: the ETP on the new perimeter, the accompaniment ones not above them.
  await page.getByLabel(/^Nombre d'ETP affectés au nouveau périmètre/).fill("2,5");
  await page.getByLabel(/^Dont ETP dédiés à l'accompagnement/).fill("3");
  await page.getByRole("button", { name: "Suivant", exact: true }).click();
  await expect(
    page.locator(".fr-messages-group").getByText(MESSAGES_EXTENSION.etpAccompagnement),
  ).toBeVisible();
  await page.getByLabel(/^Dont ETP dédiés à l'accompagnement/).fill("1,5");
  await axe(page);
  await capturer(page, info, "etape2");
  await page.getByRole("button", { name: "Suivant", exact: true }).click();
  await expect(page.getByText("Étape 3 sur 3")).toBeVisible();
  await axe(page);
  await capturer(page, info, "etape3");

  // Without the required document, the recap lists it with a link to step 3.
  await page.getByRole("button", { name: "Suivant", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/changement-notable/recapitulatif/${id}$`));
  await expect(page.getByText("Loiret (45)")).toBeVisible();
  await expect(page.getByText("2,5 ETP")).toBeVisible();
  const manquant = page.locator("#manquants").getByRole("link", { name: /^Étape 3/ });
  await expect(manquant).toBeVisible();
  await axe(page);
  await capturer(page, info, "recap-incomplet");
  await page.getByRole("button", { name: "Déposer ma demande" }).click();
  await expect(page.locator("#manquants").getByRole("link", { name: /^Étape 3/ })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/changement-notable/recapitulatif/${id}$`));

  // Step 3: the document, then the deposit.
  await page
    .locator("#manquants")
    .getByRole("link", { name: /^Étape 3/ })
    .click();
  await expect(page.getByText("Étape 3 sur 3")).toBeVisible();
  const moyens = rubrique(page, "Moyens humains et matériels sur le nouveau périmètre");
  await moyens.getByLabel(/^Ajouter des fichiers/).setInputFiles(await vraiPdf("moyens.pdf"));
  await moyens.getByRole("button", { name: /^Ajouter à la rubrique/ }).click();
  await expect(moyens.getByRole("link", { name: "moyens.pdf" })).toBeVisible();
  await page.getByRole("button", { name: "Suivant", exact: true }).click();
  await expect(page.locator("#manquants")).toHaveCount(0);
  await page.getByRole("button", { name: "Déposer ma demande" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Votre demande de changement notable a bien été déposée",
  );
  await expect(page.getByText(/Numéro de dossier/)).toBeVisible();
  await axe(page);
  await capturer(page, info, "confirmation");

  // The card of the deposited extension; no new one while it is in progress.
  await page.goto("/mes-demandes-changement-notable");
  const carte = page.getByRole("article", { name: /^Extension du périmètre d'intervention n° / });
  await expect(carte).toBeVisible();
  await expect(carte.locator(".fr-badge")).toHaveText("En cours d'instruction");
  await expect(carte.getByRole("link", { name: /Récapitulatif de la demande/ })).toBeVisible();
  await expect(carte.getByRole("link", { name: /Messagerie/ })).toBeVisible();
  await expect(
    page.getByRole("link", { name: "Nouvelle demande de changement notable" }),
  ).toHaveCount(0);
  await axe(page);
  await capturer(page, info, "liste-deposee");
});

test("un opérateur répond à la demande de pièces sur son extension de périmètre", async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(120_000);
  const js = info.project.name === "js";
  const { ctx, agrement } = await nouvelOperateurAgree(page, baseURL!);
  const id = await extensionDeposee(ctx, agrement.id, "45");
  const instructeurId = await idUtilisateur(ctx, ctx.equipe.instructeur);
  await agir(ctx.baseUrl, ctx.equipe.superviseur, id, "AFFECTER_INSTRUCTEUR", { instructeurId });
  await agir(ctx.baseUrl, ctx.equipe.instructeur, id, "DEMANDER_COMPLEMENT_COMPLETUDE", {
    commentaire: "Veuillez joindre le planning des permanences dans le Loiret.",
  });

  // Home: the tile to complete the incomplete change request.
  await page.goto("/");
  const tuile = page.getByRole("link", { name: /Compléter ma demande de changement notable/ });
  await expect(tuile).toBeVisible();
  if (js) await expectNoAxeViolations(page);
  await tuile.click();
  await expect(page).toHaveURL(new RegExp(`/changement-notable/completude/${id}$`));
  await expect(page.getByText("Veuillez joindre le planning des permanences")).toBeVisible();
  if (js) await expectNoAxeViolations(page);
  await capturer(page, info, "completude");

  await page.getByLabel(/^Pièces complémentaires/).setInputFiles(await vraiPdf("planning.pdf"));
  await page.getByRole("button", { name: "Transmettre les compléments" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Vos compléments ont bien été transmis",
  );
  const apres = await appelApi<DemandeDetail>(
    ctx.baseUrl,
    ctx.demandeur,
    "GET",
    `/changement-notable/${id}`,
  );
  expect(apres.statutSimplifie).toBe("in_progress");
});

test("drapeau creation_extension_perimetre coupé : pas de lien, formulaire en 404", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await nouvelOperateurAgree(page, baseURL!);
  await basculerDrapeau(baseURL!, false);
  try {
    await page.goto("/mes-demandes-changement-notable");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Mes demandes de changement notable",
    );
    await expect(
      page.getByRole("link", { name: "Nouvelle demande de changement notable" }),
    ).toHaveCount(0);
    const reponse = await page.goto(URL_NOUVELLE);
    expect(reponse?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Page non trouvée");
  } finally {
    await basculerDrapeau(baseURL!, true);
  }
  await page.goto("/mes-demandes-changement-notable");
  await expect(
    page.getByRole("link", { name: "Nouvelle demande de changement notable" }),
  ).toBeVisible();
});
