/**
 * The layers of the portal, written once (issue 23 item 1; docs/architecture.md
 * "Couches"). `npm run lint` runs dependency-cruiser with these rules and
 * fails on any violation; `npm run graphe` draws the folders' graph.
 *
 * - app/      the Remix pages (BFF): imports contract/ and itself only;
 * - contract/ types, schemas and rules shared by every layer: imports itself only;
 * - api/      the REST API and its domain: imports contract/ and itself only
 *             (configuration and logger are passed in by server/);
 * - api/domain/ the rules: never the HTTP layer (api/http/);
 * - idp/      the embedded OpenID provider: imports contract/ and the shared
 *             database (api/db/), never app/ or server/;
 * - server/, server.ts: compose everything (no rule).
 *
 * app/ and idp/ may also read the DSFR manifest public/dsfr/portail.json,
 * api/ the project's package.json (its version). Type-only imports count
 * (`tsPreCompilationDeps`). The source folders are cruised (package.json
 * script "lint"); tests, end-to-end tests and build output are not: they
 * may reach into any layer.
 */

/** Modules of npm and of Node.js itself: every layer may use libraries. */
const LIBRAIRIES = ["npm", "npm-dev", "npm-optional", "npm-peer", "npm-no-pkg", "core"];

/** The DSFR stylesheets' names, written by scripts/dsfr-bundle.mjs: a build output, not a layer. */
const MANIFESTE_DSFR = "^public/dsfr/portail[.]json$";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "app-importe-contract-seulement",
      comment:
        "app/ (pages, BFF) reaches the API over HTTP: it imports contract/ and itself, never api/, idp/ or server/.",
      severity: "error",
      from: { path: "^app/" },
      to: { pathNot: ["^(app|contract)/", MANIFESTE_DSFR], dependencyTypesNot: LIBRAIRIES },
    },
    {
      name: "contract-autonome",
      comment: "contract/ is shared by every layer: it imports nothing of theirs.",
      severity: "error",
      from: { path: "^contract/" },
      to: { pathNot: "^contract/", dependencyTypesNot: LIBRAIRIES },
    },
    {
      name: "api-importe-contract-seulement",
      comment:
        "api/ imports contract/ and itself: its configuration, logger and the purges of other stores are passed in by server/.",
      severity: "error",
      from: { path: "^api/" },
      to: { pathNot: ["^(api|contract)/", "^package[.]json$"], dependencyTypesNot: LIBRAIRIES },
    },
    {
      name: "domaine-sans-http",
      comment:
        "The rules (api/domain/) throw errors of the domain and take their dependencies as arguments: they never import the HTTP layer.",
      severity: "error",
      from: { path: "^api/domain/" },
      to: { path: "^api/http/" },
    },
    {
      name: "idp-sans-app-ni-server",
      comment:
        "idp/ imports contract/, the shared database (api/db/) and the DSFR manifest; never app/, nor server/ (configuration, logger and the same-origin guard are passed in).",
      severity: "error",
      from: { path: "^idp/" },
      to: { pathNot: ["^(idp|contract|api/db)/", MANIFESTE_DSFR], dependencyTypesNot: LIBRAIRIES },
    },
    {
      name: "aucun-cycle",
      comment: "No import cycle anywhere: a cycle hides which module owns a rule.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "import-introuvable",
      comment: "An import that does not resolve would escape every rule above.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: {
      path: "^(tests|e2e|build|node_modules)/",
    },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      mainFields: ["module", "main", "types", "typings"],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
