/**
 * The portal's DSFR stylesheet (scripts/dsfr-bundle.mjs, issue 5 "page
 * weight"): built from a small fixture checkout, it keeps what its pages can
 * render and drops the rest; built from this checkout, it has every icon the
 * pages name and every file its URLs point to.
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
/** The files of the distribution the build reads. */
const DSFR_INPUTS = [
  "dsfr.min.css",
  "dsfr.module.js",
  "core/core.main.min.css",
  "utility/icons/icons.min.css",
];

interface Built {
  manifest: { stylesheet: string; fonts: string[] };
  css: string;
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
    cpSync(join(DSFR, file), join(dsfrDir, file));
  }
  return { root, dsfrDir };
}

function build(page: string): Built {
  const { root, dsfrDir } = checkout(page);
  const { manifest } = buildDsfrBundle(root, dsfrDir);
  return {
    manifest,
    css: readFileSync(join(dsfrDir, manifest.stylesheet.slice("/dsfr/".length)), "utf8"),
  };
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
    expect(built.css).toMatch(/@font-face\{font-family:Marianne;/);
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

  it("is named after its content and listed, with the preloaded fonts, in portail.json", () => {
    expect(built.manifest.stylesheet).toMatch(/^\/dsfr\/portail\.[0-9a-f]{12}\.min\.css$/);
    expect(build(PAGE).manifest.stylesheet).toBe(built.manifest.stylesheet);
    expect(build(`${PAGE}\nexport const x = "fr-icon-bank-fill";`).manifest.stylesheet).not.toBe(
      built.manifest.stylesheet,
    );
    // No font preloaded: measured slower on Lighthouse's mobile network (docs/performance.md).
    expect(built.manifest.fonts).toEqual([]);
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

  it("points only at files that exist", () => {
    const urls = [...css.matchAll(/url\(("?)([^)"]+)\1\)/g)]
      .map(([, , url]) => url)
      .filter((url) => !url.startsWith("data:"));
    expect(urls.length).toBeGreaterThan(50);
    for (const url of new Set(urls)) expect(() => readFileSync(join(DSFR, url)), url).not.toThrow();
    for (const font of manifest.fonts)
      expect(() => readFileSync(join(ROOT, "public", font)), font).not.toThrow();
  });
});

function readdirRecursive(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).map((file) => join(dir, file));
}
