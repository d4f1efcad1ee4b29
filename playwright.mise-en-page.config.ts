import { defineConfig } from "@playwright/test";
import base from "./playwright.config.ts";

/**
 * `npm run test:mise-en-page` (after `npm run build`): the layout check of
 * e2e/mise-en-page.spec.ts alone, JavaScript on and off, on the
 * browser tests' portal (playwright.config.ts); `npm test` runs it with
 * the other browser tests.
 */
export default defineConfig({
  ...base,
  testMatch: "**/mise-en-page.spec.ts",
  testIgnore: [],
});
