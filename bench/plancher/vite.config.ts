/**
 * Build of the framework's floor (bench/plancher/), run by
 * `npm run bench`: `remix vite:build bench/plancher` with PLANCHER_PAGE
 * naming the captured page (JSON of arbre.ts, `__PAGE_PLANCHER__` in app/).
 * The same Remix, React and Vite as the portal, the portal's future flags; output in
 * bench/tmp/plancher/build (ignored by git and ESLint), never shipped.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

/** The captured page (PLANCHER_PAGE), as the JSON text of a JavaScript expression. */
function pageCapturee(): string {
  const fichier = process.env.PLANCHER_PAGE;
  if (!fichier) throw new Error("PLANCHER_PAGE : chemin de la page capturée (JSON) manquant");
  return readFileSync(fichier, "utf8");
}

export default defineConfig(() => ({
  root: import.meta.dirname,
  // `__PAGE_PLANCHER__` in app/: the page, in both bundles (app/page.d.ts).
  define: { __PAGE_PLANCHER__: pageCapturee() },
  plugins: [
    remix({
      appDirectory: "app",
      buildDirectory: join(import.meta.dirname, "..", "tmp", "plancher", "build"),
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
  ],
  // The output lies outside `root`: Vite empties it only when told.
  build: { target: "es2019", emptyOutDir: true },
  logLevel: "warn" as const,
}));
