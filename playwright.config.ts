import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 3210);
export const baseURL = `http://localhost:${port}`;
/** Data of the portal under test; one per port so that parallel runs do not share it. */
export const dataDir = port === 3210 ? "data-e2e" : `data-e2e-${port}`;

/**
 * Browser tests on Debian's Chromium against the built portal on its embedded
 * defaults (PGlite, embedded OpenID provider, demo accounts) in a fresh DATA_DIR.
 */
export default defineConfig({
  testDir: "./e2e",
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  reporter: [["list"]],
  use: {
    baseURL,
    locale: "fr-FR",
    // Visitors who already declined audience measurement: the consent banner
    // (shown until a choice) is the subject of e2e/consentement.spec.ts only,
    // which starts from an empty state.
    storageState: {
      cookies: [
        {
          name: "gdpr-cookies-consent",
          value: "all=false",
          domain: "localhost",
          path: "/",
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: "Lax",
        },
      ],
      origins: [],
    },
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "sans-js", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && npx tsx server.ts`,
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      DEMO_DATA: "true",
      // Without the demo dataset (issue 15 item 8): the specs build their own files.
      DEMO_DATASET: "false",
      LOGIN_RATE_LIMIT_ACCOUNT: "1000",
      LOGIN_RATE_LIMIT_IP: "1000",
      // Every test creates its accounts from this one machine (issue 20 item 8 limits).
      SIGNUP_RATE_LIMIT_IP: "1000",
      // The annual report's spec moves the business date (/api/recette/horloge); others see the real one.
      HORLOGE_RECETTE: "true",
    },
  },
});
