/**
 * The portal's DSFR stylesheet (scripts/dsfr-bundle.mjs, page weight):
 * built from a small fixture checkout, it keeps what its pages can
 * render and drops the rest, inlines its icons and puts the fonts in a file
 * of their own (loaded after the first paint, ADR 0008); built from this
 * checkout, it has every icon the pages name and every file its URLs point to.
 */
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
// @ts-expect-error plain JavaScript build script, without type declarations
import { buildDsfrBundle } from "../../scripts/dsfr-bundle.mjs";

const ROOT = join(import.meta.dirname, "../..");
const DSFR = join(ROOT, "public/dsfr");
/** The files and folders of the distribution the build reads. */
const DSFR_INPUTS = [
  "dsfr.min.css",
  "dsfr.module.js",
  "core/core.main.min.css",
  "utility/icons/icons.min.css",
  "icons",
];

interface Built {
  manifest: { stylesheet: string; polices: string };
  css: string;
  polices: string;
}

let fixture: string;

/** A checkout whose only page is `page`, with a copy of the DSFR files the build reads. */
function checkout(page: string): { root: string; dsfrDir: string } {
  const root = mkdtempSync(join(fixture, "checkout-"));
  mkdirSync(join(root, "app"));
  writeFileSync(join(root, "app/page.tsx"), page);
  symlinkSync(join(ROOT, "node_modules"), join(root, "node_modules"));
  const dsfrDir = join(root, "public/dsfr");
  for (const file of DSFR_INPUTS) {
    mkdirSync(dirname(join(dsfrDir, file)), { recursive: true });
    cpSync(join(DSFR, file), join(dsfrDir, file), { recursive: true });
  }
  return { root, dsfrDir };
}

function build(page: string): Built {
  const { root, dsfrDir } = checkout(page);
  const { manifest } = buildDsfrBundle(root, dsfrDir);
  const read = (url: string) => readFileSync(join(dsfrDir, url.slice("/dsfr/".length)), "utf8");
  return { manifest, css: read(manifest.stylesheet), polices: read(manifest.polices) };
}

const PAGE = `
  export const Page = ({ severity }: { severity: string }) => (
    <div className="fr-container fr-grid-row">
      <button className="fr-btn fr-icon-mail-line">Écrire</button>
      <p className={\`fr-badge fr-badge--\${severity}\`}>État</p>
      <div className="fr-modal" />
    </div>
  );
`;

beforeAll(() => {
  fixture = mkdtempSync(join(tmpdir(), "dsfr-bundle-"));
});
afterAll(() => {
  rmSync(fixture, { recursive: true, force: true });
});

describe("the portal's DSFR stylesheet built from a fixture page", () => {
  let built: Built;
  beforeAll(() => {
    built = build(PAGE);
  });

  it("keeps the components the page renders, their variants and DSFR's core", () => {
    expect(built.css).toContain(".fr-btn{");
    expect(built.css).toContain(".fr-badge--success");
    expect(built.css).toContain(".fr-modal");
    expect(built.css).toContain(".fr-grid-row{");
    // Added by DSFR's script to a modal's body, never written in the page.
    expect(built.css).toContain(".fr-scroll-divider");
  });

  it("drops the components and icons no page renders", () => {
    for (const unused of [
      ".fr-quote",
      ".fr-follow",
      ".fr-share",
      ".fr-consent-banner",
      ".fr-callout",
    ])
      expect(built.css).not.toContain(unused);
    expect(built.css).toContain(".fr-icon-mail-line:before");
    expect(built.css).not.toContain(".fr-icon-bank-fill");
    expect(built.css.length).toBeLessThan(readFileSync(join(DSFR, "dsfr.min.css"), "utf8").length);
  });

  it("inlines the icons and leaves the fonts to a stylesheet of their own", () => {
    const iconRule = /\.fr-icon-mail-line:before\{[^}]*\}/.exec(built.css)?.[0] ?? "";
    expect(iconRule).toContain('url("data:image/svg+xml,');
    expect(built.css).not.toMatch(/url\("?icons\//);
    expect(built.css).not.toContain("@font-face");
    expect(built.polices).toMatch(/^@font-face\{font-family:Marianne;/);
    expect(built.polices).toContain('url("fonts/Marianne-Regular.woff2")');
    expect(built.polices.replace(/@font-face\{[^}]*\}/g, "").trim()).toBe("");
  });

  it("is named after its content and listed, with the fonts' stylesheet, in portail.json", () => {
    expect(built.manifest.stylesheet).toMatch(/^\/dsfr\/portail\.[0-9a-f]{12}\.min\.css$/);
    expect(build(PAGE).manifest.stylesheet).toBe(built.manifest.stylesheet);
    expect(build(`${PAGE}\nexport const x = "fr-icon-bank-fill";`).manifest.stylesheet).not.toBe(
      built.manifest.stylesheet,
    );
    expect(built.manifest.polices).toMatch(/^\/dsfr\/polices\.[0-9a-f]{12}\.min\.css$/);
  });

  it("refuses a class built from a bare fr- prefix, which no scan can follow", () => {
    expect(() => build("export const c = (x: string) => `fr-${x}`;")).toThrow(/fr- » seul/);
  });
});

describe("the portal's DSFR stylesheet in this checkout", () => {
  const manifest = JSON.parse(
    readFileSync(join(DSFR, "portail.json"), "utf8"),
  ) as Built["manifest"];
  const css = readFileSync(join(ROOT, "public", manifest.stylesheet), "utf8");
  const polices = readFileSync(join(ROOT, "public", manifest.polices), "utf8");

  it("has a rule for every icon the pages name", () => {
    const sources = ["app", "idp"].flatMap((dir) =>
      readdirRecursive(join(ROOT, dir)).filter((file) => /\.(tsx?|css)$/.test(file)),
    );
    const icons = new Set(
      sources.flatMap(
        (file) => readFileSync(file, "utf8").match(/fr-icon-[a-z0-9][a-z0-9-]*[a-z0-9]/g) ?? [],
      ),
    );
    expect(icons.size).toBeGreaterThan(10);
    for (const icon of icons) expect(css.includes(`.${icon}:before`), icon).toBe(true);
  });

  it("points only at files that exist, and at no icon file", () => {
    const urls = [...`${css}${polices}`.matchAll(/url\(("?)([^)"]+)\1\)/g)]
      .map(([, , url]) => url)
      .filter((url) => !url.startsWith("data:"));
    expect(urls.filter((url) => url.startsWith("fonts/")).length).toBeGreaterThanOrEqual(8);
    expect(urls.filter((url) => !url.startsWith("fonts/"))).toEqual([]);
    for (const url of new Set(urls)) expect(() => readFileSync(join(DSFR, url)), url).not.toThrow();
  });
});

function readdirRecursive(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).map((file) => join(dir, file));
}
