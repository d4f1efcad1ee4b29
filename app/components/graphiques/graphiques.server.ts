/**
 * Charts drawn on the server as SVG (ADR 0027): Vega-Lite
 * specifications compiled to Vega and rendered by `view.toSVG()` with the
 * headless renderer (`renderer: "none"`, no canvas, no DOM), so that a
 * chart shows without JavaScript and the browser downloads no charting
 * code. The SVG carries presentation attributes only (no `style` attribute
 * nor `<style>` element: the CSP of ADR 0012 forbids them), the DSFR
 * palette, the Marianne font of the page, and `role="img"` with a French
 * label; the data table beside it is the text alternative (RGAA 1.3).
 *
 * Each chart is drawn twice: narrow (small screens) and wide; the page shows
 * one or the other with the DSFR display classes, so that the text keeps a
 * readable size at 375 px as at 1280 px.
 */
import { LRUCache } from "lru-cache";
import * as vega from "vega";
import { compile, type TopLevelSpec } from "vega-lite";

/** DSFR colours (illustrative palette, "main" tones), each at least 3:1 on white (RGAA 3.3). */
export const COULEURS_DSFR = {
  bleuFrance: "#000091",
  menthe: "#009081",
  tuile: "#CE614A",
  glycine: "#A558A0",
  cumulus: "#417DC4",
  gris: "#666666",
} as const;

/** Two renderings of one chart: narrow for small screens, wide from the md breakpoint. */
export interface GraphiqueSvg {
  etroit: string;
  large: string;
}

/** Widths of the plotting area, in SVG units (the SVG then scales to its column). */
const LARGEURS = { etroit: 300, large: 560 } as const;

const POLICE = "Marianne, arial, sans-serif";

const CONFIG = {
  font: POLICE,
  background: "#ffffff",
  aria: false,
  view: { stroke: null },
  axis: {
    labelFont: POLICE,
    titleFont: POLICE,
    labelFontSize: 12,
    titleFontSize: 12,
    labelColor: "#3a3a3a",
    titleColor: "#161616",
    gridColor: "#dddddd",
    domainColor: "#929292",
    tickColor: "#929292",
    labelLimit: 0,
  },
  legend: {
    labelFont: POLICE,
    titleFont: POLICE,
    labelFontSize: 12,
    titleFontSize: 12,
    labelColor: "#3a3a3a",
    labelLimit: 0,
    orient: "bottom",
    direction: "vertical",
  },
  range: { category: Object.values(COULEURS_DSFR) },
} as const;

/** Escapes `texte` for an XML attribute. */
function attribut(texte: string): string {
  return texte
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

/**
 * Rendered SVG by specification: a render costs about 10 ms of CPU (ADR
 * 0027), and the same filters give the same data, so a page shown again
 * (another reader, a reload) reuses its charts.
 */
const cache = new LRUCache<string, string>({
  max: 300,
  maxSize: 20_000_000,
  sizeCalculation: (svg) => svg.length,
});

/**
 * Renders one Vega-Lite `spec` (without size) at `largeur` as an SVG string
 * scaled by its viewBox (width and height attributes removed), labelled
 * `titre` for assistive technologies. Throws if the renderer fails.
 */
async function rendre(spec: TopLevelSpec, largeur: number, titre: string): Promise<string> {
  const cle = JSON.stringify([spec, largeur, titre]);
  const deja = cache.get(cle);
  if (deja) return deja;
  const svg = await rendreSansCache(spec, largeur, titre);
  cache.set(cle, svg);
  return svg;
}

async function rendreSansCache(
  spec: TopLevelSpec,
  largeur: number,
  titre: string,
): Promise<string> {
  const compile_ = compile({ ...spec, width: largeur, config: CONFIG } as TopLevelSpec);
  const view = new vega.View(vega.parse(compile_.spec), { renderer: "none" });
  try {
    const svg = await view.toSVG();
    // The whole chart is one image for assistive technologies: the English
    // roles and descriptions Vega leaves on its groups are dropped.
    return svg
      .replace(/ (?:role="graphics-[a-z]+"|aria-roledescription="[^"]*")/g, "")
      .replace(
        /^<svg([^>]*?) width="[\d.]+" height="[\d.]+"/,
        `<svg$1 role="img" aria-label="${attribut(titre)}" focusable="false"`,
      );
  } finally {
    view.finalize();
  }
}

/** Renders `spec` narrow and wide. */
async function deuxLargeurs(
  spec: (largeur: "etroit" | "large") => TopLevelSpec,
  titre: string,
  largeurs: { etroit: number; large: number } = LARGEURS,
): Promise<GraphiqueSvg> {
  const [etroit, large] = await Promise.all([
    rendre(spec("etroit"), largeurs.etroit, titre),
    rendre(spec("large"), largeurs.large, titre),
  ]);
  return { etroit, large };
}

/** A series value of a long-format chart. */
interface Point {
  categorie: string;
  serie: string;
  valeur: number;
}

/**
 * Monthly lines (one per series: deposits, validations, refusals) with
 * their points; months "AAAA-MM" shown "MM/AAAA".
 */
export function graphiqueMensuel(
  points: Point[],
  titre: string,
  series: readonly string[],
): Promise<GraphiqueSvg> {
  const valeurs = points.map((p) => ({
    ...p,
    categorie: `${p.categorie.slice(5, 7)}/${p.categorie.slice(0, 4)}`,
  }));
  const mois = [...new Set(points.map((p) => p.categorie))].sort();
  return deuxLargeurs(
    (taille) => ({
      height: taille === "etroit" ? 200 : 240,
      data: { values: valeurs },
      mark: { type: "line", point: { size: 40 }, strokeWidth: 2 },
      encoding: {
        x: {
          field: "categorie",
          type: "ordinal",
          sort: mois.map((m) => `${m.slice(5, 7)}/${m.slice(0, 4)}`),
          title: null,
          axis: { labelAngle: -45, labelOverlap: true },
        },
        y: { field: "valeur", type: "quantitative", title: null, axis: { tickMinStep: 1 } },
        color: {
          field: "serie",
          type: "nominal",
          title: null,
          scale: { domain: [...series] },
        },
      },
    }),
    titre,
  );
}

/**
 * Horizontal bars, one per category (kept in the given order), stacked by
 * series when there are several; long category labels stay on the left.
 */
export function graphiqueBarres(
  points: Point[],
  titre: string,
  series: readonly string[],
  couleurs: readonly string[] = Object.values(COULEURS_DSFR),
): Promise<GraphiqueSvg> {
  const categories = [...new Set(points.map((p) => p.categorie))];
  const hauteurBarre = 26;
  return deuxLargeurs(
    (taille) => ({
      height: Math.max(1, categories.length) * hauteurBarre,
      data: { values: points },
      mark: { type: "bar" },
      encoding: {
        y: {
          field: "categorie",
          type: "nominal",
          sort: categories,
          title: null,
          axis: { labelLimit: 0, labelFontSize: taille === "etroit" ? 11 : 12 },
        },
        x: {
          field: "valeur",
          type: "quantitative",
          stack: "zero",
          title: null,
          axis: { tickMinStep: 1 },
        },
        color: {
          field: "serie",
          type: "nominal",
          title: null,
          scale: { domain: [...series], range: [...couleurs] },
          legend: series.length > 1 ? {} : null,
        },
      },
    }),
    titre,
    // The category labels (up to ~30 characters) stand left of the bars: a
    // narrower plotting area keeps the whole chart near the phone's width.
    { etroit: 130, large: 340 },
  );
}
