import { defineConfig } from "@playwright/test";
import base from "./playwright.config.ts";

/**
 * `npm run test:mise-en-page` (after `npm run build`): the layout check of
 * issue 21 (e2e/mise-en-page.spec.ts) alone, JavaScript on and off, on the
 * browser tests' portal (playwright.config.ts). The default suite leaves it
 * out (`testIgnore` there) until the defects it reports are fixed.
 */
export default defineConfig({
  ...base,
  testMatch: "**/mise-en-page.spec.ts",
  testIgnore: [],
});
