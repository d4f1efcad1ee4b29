/**
 * The generic layout checks, measured in the browser on the page as
 * loaded (one `evaluate`, no reload):
 *
 * 1. **Texte coupé.** Checked: links (`a[href]`, `[role=link]`), buttons
 *    (`button`, `input` submit/button/reset, `summary`, `[role=button]`,
 *    `.fr-btn`), badges (`.fr-badge`), tags (`.fr-tag`), tabs (`[role=tab]`,
 *    `.fr-tabs__tab`), and inside each its label: every descendant element
 *    holding text of its own. One of them is cut when all three hold:
 *    `scrollWidth > clientWidth + 1` (1 px for sub-pixel rounding); its
 *    `overflow-x` is not `visible` (the overflow is hidden, or needs a
 *    scroll); its text (the client rects of its text nodes) is partly inside
 *    its padding box and partly out of it. So DSFR icon-only buttons (the
 *    header's "Menu", pagination arrows, the search bar's button, an alert's
 *    close button), which push their whole text out of a 2 to 2.5 rem box,
 *    pass; a button that asks for its text (`fr-btn--icon-right`) in a group
 *    without `fr-btns-group--icon-right`, which the DSFR shrinks to an icon
 *    while its text starts in the box, is cut: the stepper's "Suivant"
 *    ("Suiv" visible). An overflow made only by
 *    pseudo-elements (the logo's motto) is no text.
 *    Not checked: boxes with `display: inline` or `contents` (their text
 *    wraps; the browser gives them no client width); elements not rendered
 *    (`checkVisibility` with opacity and `visibility`), 1 px or smaller,
 *    inside `.fr-sr-only`, or wholly above or left of the page (the skip
 *    links until they get the focus).
 *    A tab is also cut when an ancestor that clips or scrolls it (DSFR's
 *    `.fr-tabs__list` on small screens) shows less than its whole width.
 * 2. **Défilement horizontal.** `document.documentElement.scrollWidth` must
 *    not exceed `innerWidth`; the message names the outermost elements that
 *    stick out on the right, outside any clipping or scrolling ancestor.
 *    At 1024 px and wider, a table must also be seen whole through every
 *    ancestor that clips or scrolls it (DSFR's `.fr-table` wrappers): every
 *    column visible without horizontal scroll; narrower,
 *    the wrapper may scroll.
 * 3. **Recouvrement.** `document.elementFromPoint` at the centre of the
 *    header's logo, its service title, each visible header tool link and
 *    menu button, and the `h1` (scrolled into the window first if needed)
 *    must hit that element or its content (for the logo and service title:
 *    anything in `.fr-header__brand`, which DSFR covers with the service
 *    link). Toasts (`position: fixed`) count. A page without `h1` is
 *    reported.
 * 4. **Identifiants en double.** No two elements share an `id`.
 */
import type { Page } from "@playwright/test";
import { INERT_MODULE } from "../contract/after-first-paint.ts";
import { attendreHydratation } from "./support.ts";

/**
 * Waits until the page looks as a user sees it: with JavaScript, hydrated
 * and DSFR's script started (`html[data-fr-js]`) on portal pages; in both
 * modes, the Marianne faces declared (their stylesheet comes after the
 * first paint, ADR 0008) and loaded, since text widths change with them.
 * A page without any stylesheet has no fonts to wait for.
 * Polls from Node: without JavaScript the page runs no timer.
 *
 * @param delaiPolices how long the fonts may take, in ms (5 s by default).
 * @throws Error "Les polices Marianne ne sont pas chargées après … ms : …"
 *   when, by then, the page has stylesheets but declares no Marianne face,
 *   or one of its faces is still loading: measuring the page in a fallback
 *   font would report (or miss) widths no user sees.
 */
export async function attendrePageStable(
  page: Page,
  javaScript: boolean,
  { delaiPolices = 5_000 }: { delaiPolices?: number } = {},
): Promise<void> {
  if (javaScript) {
    await attendreHydratation(page);
    if ((await page.locator(`script[type="${INERT_MODULE}"]`).count()) > 0)
      await page.locator("html[data-fr-js]").waitFor({ state: "attached" });
  }
  const limite = Date.now() + delaiPolices;
  for (;;) {
    const polices = await page.evaluate(() => {
      const faces = [...document.fonts].filter((face) => face.family.includes("Marianne"));
      for (const face of faces) if (face.status === "unloaded") face.load().catch(() => {});
      return {
        sansStyles: document.styleSheets.length === 0,
        declarees: faces.length,
        enAttente: faces
          .filter((face) => face.status !== "loaded" && face.status !== "error")
          .map((face) => `${face.family} ${face.weight} ${face.style} (${face.status})`),
      };
    });
    if (polices.sansStyles || (polices.declarees > 0 && polices.enAttente.length === 0)) return;
    if (Date.now() >= limite)
      throw new Error(
        `Les polices Marianne ne sont pas chargées après ${delaiPolices} ms : ` +
          (polices.declarees === 0
            ? "la page a des feuilles de style mais n'en déclare aucune"
            : `${polices.enAttente.length} sur ${polices.declarees} en attente : ` +
              polices.enAttente.join(", ")),
      );
    await page.waitForTimeout(50);
  }
}

/**
 * Runs the four checks of this module on the page as it is, and returns
 * one French sentence per defect naming the element and the measure
 * (empty when the page passes). Leaves the page scrolled to the top.
 */
export function defautsDeMiseEnPage(page: Page): Promise<string[]> {
  return page.evaluate(mesurer);
}

/** The checks, run inside the page (self-contained: serialised by Playwright). */
function mesurer(): string[] {
  const defauts: string[] = [];
  const racine = document.documentElement;

  const texteDe = (element: Element): string => {
    const brut =
      (element as HTMLElement).innerText ||
      (element as HTMLInputElement).value ||
      element.getAttribute("aria-label") ||
      element.getAttribute("title") ||
      "";
    const texte = brut.replace(/\s+/g, " ").trim();
    return texte.length > 60 ? `${texte.slice(0, 57)}…` : texte;
  };
  const selecteur = (element: Element): string => {
    const classes = [...element.classList].slice(0, 4).map((nom) => `.${nom}`);
    return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}${classes.join("")}`;
  };
  const decrire = (element: Element): string => {
    const texte = texteDe(element);
    return texte ? `« ${texte} » (${selecteur(element)})` : selecteur(element);
  };
  const sorte = (element: Element): string => {
    if (element.matches(".fr-badge")) return "badge";
    if (element.matches(".fr-tag")) return "étiquette";
    if (element.matches("[role=tab], .fr-tabs__tab")) return "onglet";
    if (element.matches("a[href], [role=link]") && !element.matches(".fr-btn")) return "lien";
    return "bouton";
  };
  const rendu = (element: Element): boolean => {
    if (!element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) return false;
    const boite = element.getBoundingClientRect();
    if (boite.width <= 1 || boite.height <= 1) return false;
    if (element.closest(".fr-sr-only")) return false;
    // Wholly above or left of the page: skip links until focused, and the like.
    if (boite.right + scrollX <= 0 || boite.bottom + scrollY <= 0) return false;
    return true;
  };

  /** Whether `element` clips or scrolls what overflows it horizontally. */
  const rogne = (element: Element): boolean =>
    ["hidden", "auto", "scroll", "clip"].includes(getComputedStyle(element).overflowX);

  /**
   * The first ancestor that clips or scrolls `element` horizontally and
   * shows less than its whole width, with the pixels it shows; null when
   * the element is seen whole.
   */
  const partieCachee = (element: Element) => {
    const boite = element.getBoundingClientRect();
    for (let conteneur = element.parentElement; conteneur; conteneur = conteneur.parentElement) {
      if (conteneur === document.body) return null;
      if (!rogne(conteneur)) continue;
      const gauche = conteneur.getBoundingClientRect().left + conteneur.clientLeft;
      const visible =
        Math.min(boite.right, gauche + conteneur.clientWidth) - Math.max(boite.left, gauche);
      if (visible < boite.width - 1)
        return {
          conteneur,
          visible: Math.max(0, Math.round(visible)),
          largeur: Math.round(boite.width),
        };
    }
    return null;
  };

  /** Left and right ends of the visible text nodes inside `element`; null without any. */
  const etendueDuTexte = (element: Element): { gauche: number; droite: number } | null => {
    const parcours = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const morceau = document.createRange();
    let gauche = Infinity;
    let droite = -Infinity;
    for (let noeud = parcours.nextNode(); noeud; noeud = parcours.nextNode()) {
      if (!noeud.textContent?.trim() || noeud.parentElement?.closest(".fr-sr-only")) continue;
      morceau.selectNodeContents(noeud);
      for (const rect of morceau.getClientRects()) {
        if (rect.width === 0) continue;
        gauche = Math.min(gauche, rect.left);
        droite = Math.max(droite, rect.right);
      }
    }
    return gauche <= droite ? { gauche, droite } : null;
  };

  // 1. Texte coupé.
  const CIBLES =
    "a[href], button, input[type=submit], input[type=button], input[type=reset], summary, " +
    "[role=button], [role=link], [role=tab], .fr-btn, .fr-badge, .fr-tag, .fr-tabs__tab";
  const vus = new Set<Element>();
  for (const cible of document.querySelectorAll(CIBLES)) {
    if (!rendu(cible)) continue;
    const libelles = [...cible.querySelectorAll("*")].filter((enfant) =>
      [...enfant.childNodes].some(
        (noeud) => noeud.nodeType === Node.TEXT_NODE && noeud.textContent?.trim(),
      ),
    );
    for (const element of [cible, ...libelles]) {
      if (vus.has(element)) continue;
      vus.add(element);
      const affichage = getComputedStyle(element).display;
      if (affichage === "inline" || affichage === "contents" || !rendu(element)) continue;
      if (element.scrollWidth <= element.clientWidth + 1) continue;
      // Text that overflows a box which does not clip it is not cut.
      if (getComputedStyle(element).overflowX === "visible") continue;
      const texte = etendueDuTexte(element);
      if (!texte) continue;
      const gauche = element.getBoundingClientRect().left + element.clientLeft;
      const droite = gauche + element.clientWidth;
      // Cut: part of the text shows, part is hidden. A DSFR icon-only button
      // pushes its whole text out of its box (nothing of it shows), and an
      // overflow of pseudo-elements alone (the logo's motto) is no text.
      const coupeADroite = texte.droite > droite + 1 && texte.gauche < droite - 1;
      const coupeAGauche = texte.gauche < gauche - 1 && texte.droite > gauche + 1;
      if (!coupeADroite && !coupeAGauche) continue;
      defauts.push(
        `texte coupé : ${sorte(cible)} ${decrire(cible)}` +
          `${element === cible ? "" : `, libellé ${selecteur(element)}`} : ` +
          `${element.scrollWidth} px de contenu pour ${element.clientWidth} px visibles`,
      );
    }
  }

  // A tab wider than what its list shows (DSFR scrolls the list on small screens).
  for (const onglet of document.querySelectorAll("[role=tab], .fr-tabs__tab")) {
    const cache = rendu(onglet) ? partieCachee(onglet) : null;
    if (cache)
      defauts.push(
        `texte coupé : onglet ${decrire(onglet)} : ${cache.visible} px visibles sur ` +
          `${cache.largeur} px dans ${selecteur(cache.conteneur)}`,
      );
  }

  // 2. Défilement horizontal.
  const largeur = innerWidth;
  if (racine.scrollWidth > largeur) {
    const fautifs: { element: Element; droite: number }[] = [];
    for (const element of document.body.querySelectorAll("*")) {
      const boite = element.getBoundingClientRect();
      if (boite.right + scrollX <= largeur + 1 || boite.width === 0) continue;
      const parent = element.parentElement;
      if (
        parent &&
        parent !== document.body &&
        parent.getBoundingClientRect().right + scrollX > largeur + 1
      )
        continue;
      let ancetre = element.parentElement;
      let contenu = false;
      while (ancetre && ancetre !== document.body) {
        if (rogne(ancetre) && ancetre.getBoundingClientRect().right + scrollX <= largeur + 1)
          contenu = true;
        ancetre = ancetre.parentElement;
      }
      if (!contenu && getComputedStyle(element).position !== "fixed")
        fautifs.push({ element, droite: Math.round(boite.right + scrollX) });
    }
    fautifs.sort((a, b) => b.droite - a.droite);
    defauts.push(
      `défilement horizontal : page large de ${racine.scrollWidth} px pour ${largeur} px de fenêtre` +
        (fautifs.length
          ? ` ; dépassent : ${fautifs
              .slice(0, 4)
              .map(
                ({ element, droite }) =>
                  `${decrire(element).slice(0, 120)} jusqu'à ${droite} px (+${droite - largeur})`,
              )
              .join(" ; ")}`
          : ""),
    );
  }
  if (largeur >= 1024)
    for (const tableau of document.querySelectorAll("table")) {
      const cache = rendu(tableau) ? partieCachee(tableau) : null;
      if (cache)
        defauts.push(
          `tableau ${tableau.caption ? `« ${texteDe(tableau.caption)} » ` : ""}plus large que ` +
            `son cadre ${selecteur(cache.conteneur)} : ${cache.visible} px visibles sur ` +
            `${cache.largeur} px, des colonnes ne se voient qu'en faisant défiler`,
        );
    }

  // 3. Recouvrement de l'en-tête et du titre principal.
  const verifierPoint = (element: Element, nom: string, accepte: (touche: Element) => boolean) => {
    let boite = element.getBoundingClientRect();
    if (boite.width === 0 || boite.height === 0) return;
    if (boite.top < 0 || boite.bottom > innerHeight || boite.left < 0 || boite.right > innerWidth) {
      element.scrollIntoView({ block: "center", inline: "center" });
      boite = element.getBoundingClientRect();
    }
    const x = Math.round(boite.left + boite.width / 2);
    const y = Math.round(boite.top + boite.height / 2);
    const touche = document.elementFromPoint(x, y);
    if (!touche)
      defauts.push(`recouvrement : ${nom} ${decrire(element)} hors de la fenêtre (${x}, ${y})`);
    else if (!accepte(touche))
      defauts.push(
        `recouvrement : ${nom} ${decrire(element)} recouvert en son centre (${x}, ${y}) par ` +
          decrire(touche).slice(0, 120),
      );
    scrollTo(0, 0);
  };
  scrollTo(0, 0);
  const marque = document.querySelector(".fr-header__brand");
  const dansLaMarque = (touche: Element) => marque?.contains(touche) ?? false;
  for (const [selecteurEnTete, nom] of [
    [".fr-header__logo", "le logo de l'en-tête"],
    [".fr-header__service-title", "le nom du service"],
  ] as const) {
    const element = document.querySelector(selecteurEnTete);
    if (element && rendu(element)) verifierPoint(element, nom, dansLaMarque);
  }
  for (const outil of document.querySelectorAll(
    ".fr-header__tools-links .fr-btn, .fr-header__navbar .fr-btn",
  ))
    if (rendu(outil))
      verifierPoint(outil, "le bouton de l'en-tête", (touche) => outil.contains(touche));
  const titre = document.querySelector("h1");
  if (!titre) defauts.push("titre : la page n'a pas de titre principal h1");
  else if (rendu(titre))
    verifierPoint(titre, "le titre principal", (touche) => titre.contains(touche));

  // 4. Identifiants en double.
  const parId = new Map<string, Element[]>();
  for (const element of document.querySelectorAll("[id]"))
    if (element.id) parId.set(element.id, [...(parId.get(element.id) ?? []), element]);
  for (const [id, elements] of parId)
    if (elements.length > 1)
      defauts.push(
        `id en double : « ${id} » porté par ${elements.length} éléments : ` +
          elements.map(selecteur).join(", "),
      );

  return defauts;
}
