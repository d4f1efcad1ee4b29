// Builds the portal's own DSFR stylesheets in public/dsfr (ADR 0006, page
// weight): DSFR's full stylesheet without the rules of components no page
// renders, followed by the rules of the icons the pages use only, the icons
// themselves inlined, in one file named after its content so that browsers
// may keep it for a year; DSFR's @font-face rules in a second file, which
// pages load after their first paint (ADR 0008).
// `node scripts/dsfr-bundle.mjs` runs it alone (npm's prebuild does).
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
// postcss comes with Vite (devDependencies); it keeps DSFR's rule order and minified text as is.
import postcss from "postcss";
import svgToMiniDataURI from "mini-svg-data-uri";
import { blockOf, classesInUse } from "./dsfr-classes.mjs";

const MANIFEST = "portail.json";
const BUNDLE = /^(portail|polices)\.[0-9a-f]{12}\.min\.css$/;

/**
 * Replaces every `url(icons/….svg)` of `css` (URLs relative to public/dsfr)
 * by the SVG itself as a `data:` URI (57 icons, 20 KB before compression).
 * An icon file is requested when its element is laid out, that is before
 * the first paint: each was one more request on the path to the LCP, that
 * Lighthouse's slow mobile network charges a round trip for.
 */
function inlineIcons(css, dsfrDir) {
  return css.replace(/url\(("?)(icons\/[^)"]+\.svg)\1\)/g, (_match, _quote, path) => {
    const svg = readFileSync(join(dsfrDir, path), "utf8");
    return `url("${svgToMiniDataURI(svg.trim())}")`;
  });
}

/** Writes `css` as public/dsfr/<kind>.<content hash>.min.css; returns its URL. */
function writeHashed(dsfrDir, kind, css) {
  const hash = createHash("sha256").update(css).digest("hex").slice(0, 12);
  const name = `${kind}.${hash}.min.css`;
  writeFileSync(join(dsfrDir, name), css);
  return { name, url: `/dsfr/${name}` };
}

/**
 * Class names a selector cannot match without: those outside functional
 * pseudo-classes (a class under `:not()` is not required), strings and
 * attribute selectors set aside.
 */
function requiredClasses(selector) {
  let text = selector.replace(/"[^"]*"|'[^']*'/g, "").replace(/\[[^\]]*\]/g, "");
  for (let previous = ""; previous !== text;) {
    previous = text;
    text = text.replace(/\([^()]*\)/g, "");
  }
  return [...text.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map(([, name]) => name);
}

/** Removes from `root` the selectors `keep` rejects, then the rules and at-rules left empty. */
function prune(root, keep) {
  root.walkRules((rule) => {
    if (rule.parent?.type === "atrule" && /keyframes$/.test(rule.parent.name)) return;
    const kept = rule.selectors.filter(keep);
    if (kept.length === 0) rule.remove();
    else if (kept.length < rule.selectors.length) rule.selector = kept.join(",");
  });
  let removed = true;
  while (removed) {
    removed = false;
    root.walkAtRules((atRule) => {
      if (atRule.nodes && atRule.nodes.every((node) => node.type === "comment")) {
        atRule.remove();
        removed = true;
      }
    });
  }
}

/**
 * Writes public/dsfr/portail.<hash>.min.css, public/dsfr/polices.<hash>.min.css
 * and public/dsfr/portail.json (`{ stylesheet, polices }`: the URLs of the
 * stylesheet pages link and of the @font-face rules they load after their
 * first paint) from the
 * DSFR distribution copied in `dsfrDir` and the sources of the checkout at
 * `root`; removes the stylesheets of earlier runs. Same sources, same file
 * name. Returns the manifest and the sizes in bytes (before, after).
 */
export function buildDsfrBundle(root, dsfrDir = join(root, "public/dsfr")) {
  const { tokens } = classesInUse(root, dsfrDir);
  const prefixes = [...tokens].filter((token) => /[-_]$/.test(token));
  const named = (className) =>
    tokens.has(className) || prefixes.some((prefix) => className.startsWith(prefix));
  // Core classes (grid, spacing, typography…) stay: only component blocks are pruned.
  const core = readFileSync(join(dsfrDir, "core/core.main.min.css"), "utf8");
  const kept = new Set(
    [...core.matchAll(/\.(fr-[a-z0-9][\w-]*)/g)].map(([, name]) => blockOf(name)),
  );
  for (const token of tokens) kept.add(blockOf(token));
  const usedBlock = (name) => !name.startsWith("fr-") || kept.has(blockOf(name)) || named(name);

  const dsfrCss = readFileSync(join(dsfrDir, "dsfr.min.css"), "utf8");
  const dsfr = postcss.parse(dsfrCss);
  prune(dsfr, (selector) => requiredClasses(selector).every(usedBlock));

  const iconsCss = readFileSync(join(dsfrDir, "utility/icons/icons.min.css"), "utf8");
  const icons = postcss.parse(iconsCss);
  prune(icons, (selector) => requiredClasses(selector).every(named));
  icons.walkComments((comment) => comment.remove());
  // The icons' URLs are relative to utility/icons/; the bundle sits at the root of public/dsfr.
  const iconRules = icons.toString().replaceAll("url(../../icons/", "url(icons/");

  // A font is requested when text in it is laid out, before the first paint,
  // and Lighthouse counts it on the LCP path even with `font-display: swap`.
  const fontFaces = postcss.root();
  dsfr.walkAtRules("font-face", (rule) => {
    fontFaces.append(rule.clone());
    rule.remove();
  });

  const css = inlineIcons(`${dsfr.toString()}\n${iconRules}\n`, dsfrDir);
  const stylesheet = writeHashed(dsfrDir, "portail", css);
  const polices = writeHashed(dsfrDir, "polices", `${fontFaces.toString()}\n`);
  for (const file of readdirSync(dsfrDir))
    if (BUNDLE.test(file) && file !== stylesheet.name && file !== polices.name)
      rmSync(join(dsfrDir, file));
  const manifest = { stylesheet: stylesheet.url, polices: polices.url };
  writeFileSync(join(dsfrDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return { manifest, bytes: { before: dsfrCss.length + iconsCss.length, after: css.length } };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..");
  const { manifest, bytes } = buildDsfrBundle(root);
  console.log(
    `dsfr-bundle: ${manifest.stylesheet} (${Math.round(bytes.after / 1024)} Kio au lieu de ${Math.round(bytes.before / 1024)})`,
  );
}
