/**
 * Builds the portal's server entry (`server.ts` and everything it imports
 * from this repository) into one ES module, `build/server.js`, with esbuild
 * (ADR 0034): `npm run serve` then runs plain JavaScript
 * with node, without tsx's loader thread, its transformations and the
 * source maps it keeps (≈ 85 Mio less resident memory, ADR 0034). Packages
 * stay external (read from node_modules).
 * Called by `npm run build` (postbuild); exits 1 when esbuild fails.
 *
 * `import.meta.dirname` and `import.meta.url` are rewritten in each source
 * file to that file's own directory, relative to build/: the server reads
 * files beside its sources (migrations, package.json, build/client…), and
 * the bundle must find them wherever the repository is installed.
 */
import { readFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { build } from "esbuild";

const racine = join(import.meta.dirname, "..");
const sortie = join(racine, "build");

/** Rewrites `import.meta.dirname` / `.url` of a source file to its own place, seen from build/. */
const emplacementDesSources = {
  name: "emplacement-des-sources",
  setup(constructeur) {
    constructeur.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      const source = await readFile(path, "utf8");
      if (!source.includes("import.meta.")) return { contents: source, loader: "ts" };
      const dossier = JSON.stringify(relative(sortie, dirname(path)) || ".");
      const fichier = JSON.stringify(relative(sortie, path));
      return {
        contents: source
          .replaceAll(
            "import.meta.dirname",
            `__portailChemin.join(import.meta.dirname, ${dossier})`,
          )
          .replaceAll(
            "import.meta.url",
            `__portailUrl.pathToFileURL(__portailChemin.join(import.meta.dirname, ${fichier})).href`,
          ),
        loader: "ts",
      };
    });
  },
};

await build({
  entryPoints: [join(racine, "server.ts")],
  outfile: join(sortie, "server.js"),
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  // Beside the bundle, read only under `node --enable-source-maps` (stack traces in the sources when
  // debugging): loading them always would keep them in memory, as tsx did.
  sourcemap: "linked",
  logLevel: "warning",
  plugins: [emplacementDesSources],
  banner: {
    js: 'import * as __portailChemin from "node:path"; import * as __portailUrl from "node:url";',
  },
}).catch(() => process.exit(1));
