/**
 * The layout checker tested itself: without the portal,
 * each page of fixtures/pages-mise-en-page/ is loaded alone with
 * `setContent` and run through controles-mise-en-page.ts. A page holding
 * one known defect must be reported with that defect, word for word; the
 * clean page (header, h1, button, link, table in its frame, fields) must
 * pass. The fixtures fix their widths and heights in CSS, so the measures
 * in the messages come from the fixtures and not from the machine's fonts.
 * The font wait is seen to succeed when Marianne arrives and to fail, with
 * its message, when it never does.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { attendrePageStable, defautsDeMiseEnPage } from "./controles-mise-en-page.ts";
import { HAUTEUR_FENETRE, type Largeur } from "./pages-du-site.ts";

const FIXTURES = join(import.meta.dirname, "fixtures", "pages-mise-en-page");
/** The Marianne face the portal serves, copied from DSFR at install (scripts/copy-dsfr.mjs). */
const MARIANNE = join(import.meta.dirname, "../public/dsfr/fonts/Marianne-Regular.woff2");
/** Where police-marianne.html asks for its face; the tests answer (or not) in its place. */
const ADRESSE_POLICE = "http://polices.test/**";

/** Loads fixtures/pages-mise-en-page/`nom`.html at `largeur` × HAUTEUR_FENETRE px. */
async function ouvrir(page: Page, nom: string, largeur: Largeur): Promise<void> {
  await page.setViewportSize({ width: largeur, height: HAUTEUR_FENETRE });
  await page.setContent(await readFile(join(FIXTURES, `${nom}.html`), "utf8"), {
    // Not the load event: a font request the test leaves unanswered may hold it back.
    waitUntil: "domcontentloaded",
  });
}

const BOUTON_COUPE =
  "texte coupé : bouton « Enregistrer le brouillon » (button#enregistrer) : " +
  "250 px de contenu pour 100 px visibles";
const TEXTE_COUPE =
  "texte coupé : lien « Voir le registre complet » (a#lien-registre), libellé span.libelle : " +
  "300 px de contenu pour 100 px visibles";
const ID_EN_DOUBLE =
  "id en double : « commune » porté par 2 éléments : input#commune.fr-input, input#commune.fr-input";

/** Each fixture at the widths it is looked at, with the defects the checker must report. */
const CAS: { page: string; largeur: Largeur; defauts: string[] }[] = [
  { page: "propre", largeur: 1280, defauts: [] },
  { page: "propre", largeur: 375, defauts: [] },
  { page: "bouton-coupe", largeur: 1280, defauts: [BOUTON_COUPE] },
  { page: "bouton-coupe", largeur: 375, defauts: [BOUTON_COUPE] },
  {
    page: "defilement-horizontal",
    largeur: 375,
    defauts: [
      "défilement horizontal : page large de 600 px pour 375 px de fenêtre ; dépassent : " +
        "« Bandeau trop large » (div#bandeau.bandeau) jusqu'à 600 px (+225)",
    ],
  },
  // The same 600 px banner fits a 1280 px window.
  { page: "defilement-horizontal", largeur: 1280, defauts: [] },
  {
    page: "tableau-trop-large",
    largeur: 1280,
    defauts: [
      "tableau « Dossiers déposés » plus large que son cadre div.cadre : 600 px visibles sur " +
        "900 px, des colonnes ne se voient qu'en faisant défiler",
    ],
  },
  // Below 1024 px a table may scroll inside its frame.
  { page: "tableau-trop-large", largeur: 375, defauts: [] },
  {
    page: "en-tete-recouvert",
    largeur: 1280,
    defauts: [
      "recouvrement : le nom du service « Portail des agréments » (p.fr-header__service-title) " +
        "recouvert en son centre (640, 20) par « Demande enregistrée » (div#notification.toast)",
    ],
  },
  { page: "id-en-double", largeur: 1280, defauts: [ID_EN_DOUBLE] },
  { page: "id-en-double", largeur: 375, defauts: [ID_EN_DOUBLE] },
  { page: "texte-coupe", largeur: 1280, defauts: [TEXTE_COUPE] },
  { page: "texte-coupe", largeur: 375, defauts: [TEXTE_COUPE] },
];

for (const cas of CAS) {
  test(`${cas.page} à ${cas.largeur} px : ${
    cas.defauts.length === 0 ? "aucun défaut" : cas.defauts.length + " défaut"
  }`, async ({ page }) => {
    await ouvrir(page, cas.page, cas.largeur);
    expect(await defautsDeMiseEnPage(page)).toEqual(cas.defauts);
  });
}

test("l'attente des polices rend la main une fois Marianne chargée", async ({ page }, info) => {
  await page.route(ADRESSE_POLICE, (route) =>
    route.fulfill({
      path: MARIANNE,
      contentType: "font/woff2",
      // The page (about:blank once filled) is of another origin than the font.
      headers: { "access-control-allow-origin": "*" },
    }),
  );
  await ouvrir(page, "police-marianne", 1280);
  await attendrePageStable(page, info.project.use.javaScriptEnabled !== false);
  expect(
    await page.evaluate(() => [...document.fonts].map((face) => `${face.family} ${face.status}`)),
  ).toEqual(["Marianne loaded"]);
});

test("l'attente des polices échoue quand Marianne n'arrive jamais", async ({ page }, info) => {
  // Never fulfilled: the request stays pending, as a stalled font server would leave it.
  await page.route(ADRESSE_POLICE, () => {});
  await ouvrir(page, "police-marianne", 1280);
  await expect(
    attendrePageStable(page, info.project.use.javaScriptEnabled !== false, { delaiPolices: 500 }),
  ).rejects.toThrow(
    new Error(
      "Les polices Marianne ne sont pas chargées après 500 ms : 1 sur 1 en attente : " +
        "Marianne 400 normal (loading)",
    ),
  );
});

test("l'attente des polices échoue quand la page stylée ne déclare pas Marianne", async ({
  page,
}, info) => {
  await ouvrir(page, "propre", 1280);
  await expect(
    attendrePageStable(page, info.project.use.javaScriptEnabled !== false, { delaiPolices: 500 }),
  ).rejects.toThrow(
    new Error(
      "Les polices Marianne ne sont pas chargées après 500 ms : " +
        "la page a des feuilles de style mais n'en déclare aucune",
    ),
  );
});

test("l'attente des polices rend la main aussitôt sur une page sans style", async ({
  page,
}, info) => {
  await page.setContent("<h1>Mes dossiers</h1>");
  // No time at all: any wait for fonts would throw.
  await attendrePageStable(page, info.project.use.javaScriptEnabled !== false, {
    delaiPolices: 0,
  });
});
