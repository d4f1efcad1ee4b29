/// <reference types="vitest/config" />
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { AVEC_BASE, DEUX_MOTEURS, NECESSITENT_POSTGRES, UNITAIRES } from "./tests/projets.ts";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    !process.env.VITEST &&
      remix({
        ignoredRouteFiles: ["**/*.css", "**/*.test.*"],
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_singleFetch: true,
          v3_lazyRouteDiscovery: true,
        },
      }),
    tsconfigPaths(),
  ],
  ssr: { noExternal: ["@codegouvfr/react-dsfr"] },
  optimizeDeps: { include: ["@codegouvfr/react-dsfr"] },
  build: { target: "es2019" },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    // One file per core: each file has its own database (ADR 0040).
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    projects: [
      {
        extends: true,
        // No database: one process keeps its modules from file to file.
        test: { name: "unitaires", include: UNITAIRES, isolate: false },
      },
      {
        extends: true,
        test: {
          name: "base",
          include: process.env.TEST_PASSE === "pglite" ? Object.keys(DEUX_MOTEURS) : AVEC_BASE,
          exclude: process.env.TEST_SANS_POSTGRES === "1" ? NECESSITENT_POSTGRES : [],
          // One migrated and seeded model database for the run, copied by
          // each test file (PostgreSQL) or test portal (PGlite).
          globalSetup: ["tests/helpers/modele-base.ts"],
          setupFiles: ["tests/helpers/base-du-fichier.ts"],
        },
      },
    ],
  },
});
