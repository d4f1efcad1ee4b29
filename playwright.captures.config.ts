import { defineConfig } from "@playwright/test";
import base from "./playwright.config.ts";

/**
 * `npm run captures`: the browser tests' portal and
 * browser (playwright.config.ts), JavaScript on, running e2e/captures.ts
 * only, then scripts/captures-index.ts writes `captures/index.html`.
 */
export default defineConfig({
  ...base,
  testMatch: "**/captures.ts",
  testIgnore: [],
  timeout: 60_000,
  use: { ...base.use, trace: "off" },
  projects: [{ name: "js", use: { javaScriptEnabled: true } }],
  globalTeardown: "./scripts/captures-index.ts",
});
