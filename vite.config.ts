/// <reference types="vitest/config" />
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

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
    include: [
      "tests/**/*.test.ts",
      "contract/**/*.test.ts",
      "api/**/*.test.ts",
      "idp/**/*.test.ts",
      "app/**/*.test.ts",
    ],
    environment: "node",
    // One migrated and seeded PGlite for the run, copied by each test portal.
    globalSetup: ["tests/helpers/modele-pglite.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: "forks",
    fileParallelism: false,
  },
});
