/**
 * Micro-benchmark of route matching (ADR 0029): the
 * portal's route tree (from the build, `npm run build` first) matched
 * against a few page paths by the installed `@remix-run/router` (patched,
 * patches/) and, when `--original <file>` names a copy of the unpatched
 * `dist/router.cjs.js`, by that one too, in alternation within the same
 * process. Prints the median processor time of one `matchRoutes` call per
 * router.
 *
 *   npx tsx bench/micro/correspondance-routes.ts --original /tmp/router.cjs.js
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { AgnosticRouteObject } from "@remix-run/router";

const { values: args } = parseArgs({
  options: { original: { type: "string" }, rounds: { type: "string", default: "15" } },
});
const require = createRequire(import.meta.url);
type MatchRoutes = (routes: AgnosticRouteObject[], path: string) => unknown;
const routers: Record<string, MatchRoutes> = {
  corrigé: (require("@remix-run/router") as { matchRoutes: MatchRoutes }).matchRoutes,
};
if (args.original)
  routers.original = (require(args.original) as { matchRoutes: MatchRoutes }).matchRoutes;

interface RouteDuBuild {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}
const build = (await import(join(import.meta.dirname, "../../build/server/index.js"))) as {
  routes: Record<string, RouteDuBuild>;
};

/** The nested tree Remix builds from the flat manifest (createRoutes of server-runtime). */
function arbre(parentId?: string): AgnosticRouteObject[] {
  return Object.values(build.routes)
    .filter((route) => route.parentId === parentId)
    .map((route) => {
      const children = arbre(route.id);
      return route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children };
    }) as AgnosticRouteObject[];
}
const routes = arbre(undefined);
const chemins = [
  "/tous-les-dossiers/demande",
  "/dossier/demande/5ca1e003-0000-4000-8000-000000000101",
  "/",
  "/mentions-legales",
];

const CALLS = 2000;
const samples: Record<string, number[]> = Object.fromEntries(
  Object.keys(routers).map((name) => [name, []]),
);
for (let round = 0; round < Number(args.rounds); round += 1) {
  for (const [name, matchRoutes] of Object.entries(routers)) {
    // Processor time, not elapsed time: on a busy machine, waiting for a core is not the call's cost.
    const started = process.cpuUsage();
    for (let call = 0; call < CALLS; call += 1) matchRoutes(routes, chemins[call % chemins.length]);
    const { user, system } = process.cpuUsage(started);
    samples[name].push((user + system) / 1000 / CALLS);
  }
}
console.log(`${Object.keys(build.routes).length} routes`);
for (const [name, times] of Object.entries(samples)) {
  const sorted = [...times].sort((a, b) => a - b);
  console.log(
    `${name.padEnd(9)} médiane ${(sorted[sorted.length >> 1] * 1000).toFixed(1)} µs par matchRoutes ` +
      `(min ${(sorted[0] * 1000).toFixed(1)}, max ${(sorted[sorted.length - 1] * 1000).toFixed(1)})`,
  );
}
