// The DSFR class names the portal can put in a page, read from its sources:
// the portal's own code (app/, idp/, and contract/ for the shared header and
// footer), the react-dsfr modules it imports (followed through their
// relative imports) and the DSFR script, which adds classes of its own at
// run time (e.g. `fr-scroll-divider` on a modal body).
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";

/** Folders of the portal whose files may name DSFR classes. */
const SOURCE_DIRS = ["app", "idp", "contract"];
const SOURCE_FILE = /\.(tsx?|m?js|css|json)$/;
const CLASS_TOKEN = /fr-[a-z0-9][a-z0-9_-]*/g;
/** Class built from a bare `fr-` and a variable: no scan can tell which classes it makes. */
const OPAQUE_CLASS = /["'`]fr-(\$\{|["'`]\s*\+)/;

/**
 * BEM block of a class: `fr-btn--close` and `fr-btn__icon` belong to
 * `fr-btn`. A DSFR rule that needs a block no page uses can never match.
 */
export function blockOf(className) {
  return className.replace(/(__|--).*$/, "");
}

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === "node_modules" ? [] : filesUnder(path);
    return SOURCE_FILE.test(entry) ? [path] : [];
  });
}

/** `base`, `base.js` or `base/index.js`, whichever is a file. */
function moduleFile(base) {
  return [base, `${base}.js`, join(base, "index.js")].find(
    (path) => existsSync(path) && statSync(path).isFile(),
  );
}

/**
 * The react-dsfr modules `sources` import, and the modules those import in
 * turn (relative imports only; the DSFR script under dsfr/ is read apart).
 */
function reactDsfrModules(reactDsfrDir, sources) {
  const seen = new Set();
  const visit = (file) => {
    if (!file || seen.has(file) || file.startsWith(join(reactDsfrDir, "dsfr"))) return;
    seen.add(file);
    const text = readFileSync(file, "utf8");
    for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g))
      visit(moduleFile(join(dirname(file), specifier)));
  };
  for (const text of sources)
    for (const [, path] of text.matchAll(/["']@codegouvfr\/react-dsfr\/([^"']+)["']/g))
      visit(moduleFile(join(reactDsfrDir, path)));
  return [...seen];
}

/**
 * Class names the DSFR script looks for or adds: `ns("collapse--expanded")`,
 * `ns.selector("scroll-divider")` and `${prefix}-segmented--vertical`.
 */
function dsfrScriptClasses(script) {
  return [
    ...script.matchAll(/ns(?:\.selector|\.attr)?\(\s*['"`]([a-z][a-z0-9_-]*)/g),
    ...script.matchAll(/prefix\}-([a-z][a-z0-9_-]*)/g),
  ].map(([, name]) => `fr-${name}`);
}

/**
 * Every DSFR class (or class prefix, for `fr-badge--${severity}`) the portal
 * can render, from the checkout at `root` and the DSFR distribution at
 * `dsfrDir`. Returns the class tokens and the files they were read from.
 * Throws when the portal builds a class from a bare `fr-` prefix.
 */
export function classesInUse(root, dsfrDir) {
  const ownFiles = SOURCE_DIRS.flatMap((dir) => filesUnder(join(root, dir)));
  const ownTexts = ownFiles.map((file) => readFileSync(file, "utf8"));
  ownTexts.forEach((text, index) => {
    if (OPAQUE_CLASS.test(text))
      throw new Error(
        `${ownFiles[index]} : classe DSFR construite à partir de « fr- » seul ; nommez-la en entier ` +
          "(ou au moins son bloc, « fr-badge--${…} ») pour que la feuille allégée la garde.",
      );
  });
  const libraryFiles = reactDsfrModules(
    join(root, "node_modules/@codegouvfr/react-dsfr"),
    ownTexts,
  );
  const tokens = new Set();
  for (const text of [...ownTexts, ...libraryFiles.map((file) => readFileSync(file, "utf8"))])
    for (const [token] of text.matchAll(CLASS_TOKEN)) tokens.add(token);
  for (const name of dsfrScriptClasses(readFileSync(join(dsfrDir, "dsfr.module.js"), "utf8")))
    tokens.add(name);
  return { tokens, files: [...ownFiles, ...libraryFiles] };
}
