/**
 * The portal's HTML turned into a tree of React elements' names and props,
 * so that the floor app (bench/plancher/) renders the same markup through
 * React as the portal does, rather than pasting a string. Handles what
 * React's server renderer writes: quoted attributes, void elements, text
 * separators (`<!-- -->`), the usual entities. The portal's own scripts and
 * module preloads are dropped: the floor app adds its own.
 */

/** A text, or an element: [tag, React props, children]. */
export type Noeud = string | [string, Record<string, unknown>, Noeud[]];

/** The captured page: the `<head>` and `<body>` children, and the `<html>` attributes. */
export interface PageCapturee {
  html: Record<string, unknown>;
  head: Noeud[];
  body: Noeud[];
}

const VIDES = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);

/** HTML attribute names React spells differently. */
const PROPS: Record<string, string> = {
  class: "className",
  for: "htmlFor",
  tabindex: "tabIndex",
  charset: "charSet",
  crossorigin: "crossOrigin",
  "http-equiv": "httpEquiv",
  autocomplete: "autoComplete",
  readonly: "readOnly",
  maxlength: "maxLength",
  colspan: "colSpan",
  rowspan: "rowSpan",
  srcset: "srcSet",
  enctype: "encType",
  novalidate: "noValidate",
  "accept-charset": "acceptCharset",
  "xlink:href": "xlinkHref",
  "fill-rule": "fillRule",
  "clip-rule": "clipRule",
  "stroke-width": "strokeWidth",
  fetchpriority: "fetchPriority",
  "aria-hidden": "aria-hidden",
};

const ENTITES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: "\u00a0",
};

/** Decodes the entities of a text or attribute value. */
function decoder(texte: string): string {
  return texte.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entier, nom: string) => {
    if (nom.startsWith("#x") || nom.startsWith("#X"))
      return String.fromCodePoint(parseInt(nom.slice(2), 16));
    if (nom.startsWith("#")) return String.fromCodePoint(Number(nom.slice(1)));
    return ENTITES[nom.toLowerCase()] ?? entier;
  });
}

/** `a:b;c-d:e` as React's style object `{ a: "b", cD: "e" }`. */
function style(valeur: string): Record<string, string> {
  const objet: Record<string, string> = {};
  for (const declaration of valeur.split(";")) {
    const deux = declaration.indexOf(":");
    if (deux < 0) continue;
    const nom = declaration.slice(0, deux).trim();
    const propriete = nom.startsWith("--")
      ? nom
      : nom.replace(/-([a-z])/g, (_, lettre: string) => lettre.toUpperCase());
    objet[propriete] = declaration.slice(deux + 1).trim();
  }
  return objet;
}

/** The attributes of an opening tag's text after its name. */
function attributs(texte: string): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [, nom, guillemets, simples, nu] of texte.matchAll(
    /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g,
  )) {
    const brut = guillemets ?? simples ?? nu;
    const valeur = brut === undefined ? true : decoder(brut);
    const prop = PROPS[nom] ?? nom;
    props[prop] = prop === "style" && typeof valeur === "string" ? style(valeur) : valeur;
  }
  return props;
}

/** Whether an element of the portal's page is left out of the floor (scripts, preloads). */
function ecarte(tag: string, props: Record<string, unknown>): boolean {
  return tag === "script" || (tag === "link" && String(props.rel).includes("modulepreload"));
}

/**
 * Parses the HTML of a whole page (as the portal sends it) into
 * {@link PageCapturee}. Throws when `<head>` or `<body>` is missing.
 */
export function capturer(html: string): PageCapturee {
  const racine: [string, Record<string, unknown>, Noeud[]] = ["#racine", {}, []];
  const pile: [string, Record<string, unknown>, Noeud[]][] = [racine];
  const jetons =
    /<!--[\s\S]*?-->|<!doctype[^>]*>|<\/([a-zA-Z0-9-]+)\s*>|<([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|[^<]+|</gi;
  for (let jeton = jetons.exec(html); jeton; jeton = jetons.exec(html)) {
    const [texte, fermante, ouvrante, reste] = jeton;
    const parent = pile[pile.length - 1];
    if (texte.startsWith("<!")) continue;
    if (fermante) {
      const index = pile.map(([tag]) => tag).lastIndexOf(fermante);
      if (index > 0) pile.length = index;
      continue;
    }
    if (ouvrante) {
      const autoFermee = reste.trimEnd().endsWith("/");
      const props = attributs(autoFermee ? reste.trimEnd().slice(0, -1) : reste);
      const element: [string, Record<string, unknown>, Noeud[]] = [ouvrante, props, []];
      parent[2].push(element);
      if (ouvrante === "script" || ouvrante === "style") {
        // Raw text: everything up to the closing tag, not markup.
        const fin = html.indexOf(`</${ouvrante}`, jetons.lastIndex);
        const contenu = html.slice(jetons.lastIndex, fin < 0 ? html.length : fin);
        if (contenu) element[1].dangerouslySetInnerHTML = { __html: contenu };
        jetons.lastIndex = fin < 0 ? html.length : fin;
        pile.push(element);
      } else if (!VIDES.has(ouvrante) && !autoFermee) pile.push(element);
      continue;
    }
    parent[2].push(decoder(texte));
  }
  const nettoyer = (noeuds: Noeud[]): Noeud[] =>
    noeuds
      .filter((noeud) => typeof noeud === "string" || !ecarte(noeud[0], noeud[1]))
      .map((noeud) =>
        typeof noeud === "string" ? noeud : [noeud[0], noeud[1], nettoyer(noeud[2])],
      );
  const htmlElement = racine[2].find(
    (noeud): noeud is Exclude<Noeud, string> => typeof noeud !== "string" && noeud[0] === "html",
  );
  const enfant = (tag: string) =>
    htmlElement?.[2].find(
      (noeud): noeud is Exclude<Noeud, string> => typeof noeud !== "string" && noeud[0] === tag,
    );
  const head = enfant("head");
  const body = enfant("body");
  if (!htmlElement || !head || !body) throw new Error("Page sans <html>, <head> ou <body>");
  return { html: htmlElement[1], head: nettoyer(head[2]), body: nettoyer(body[2]) };
}
