import { defineConfig } from "@playwright/test";

/**
 * Workers of the run, each with a portal of its own (ADR 0040): its port,
 * its DATA_DIR, its seeded site and its signed-in sessions, so that no
 * test sees another worker's writes. `E2E_TRAVAILLEURS` sets their number
 * (default 2, the machine's cores).
 */
const travailleurs = Number(process.env.E2E_TRAVAILLEURS ?? 2);
/** Port of the first worker's portal; worker n uses the next ones. */
const premierPort = Number(process.env.E2E_PORT ?? 3210);

/** DATA_DIR of the portal on `port`: the first keeps the historical name. */
const dossierDuPort = (port: number) => (port === 3210 ? "data-e2e" : `data-e2e-${port}`);

/**
 * Port of this process's portal. Playwright evaluates this file again in
 * each worker, with TEST_PARALLEL_INDEX (0 to workers - 1, kept by a worker
 * restarted after a failure): the constants below are the worker's own.
 */
export const port = premierPort + Number(process.env.TEST_PARALLEL_INDEX ?? 0);
export const baseURL = `http://localhost:${port}`;
/** Data of the worker's portal (files, mail outbox, seeded-site cache). */
export const dataDir = dossierDuPort(port);

/**
 * Browser tests on Debian's Chromium against the built portal on its embedded
 * defaults (PGlite, embedded OpenID provider, demo accounts) in a fresh DATA_DIR.
 */
export default defineConfig({
  testDir: "./e2e",
  // A spec's tests run in order in one worker unless it says otherwise
  // (the read-only layout check runs its tests on every worker).
  fullyParallel: false,
  workers: travailleurs,
  forbidOnly: true,
  // The PGlite model of the specs' in-memory portals, built once per run.
  globalSetup: "./e2e/fixtures/modele-pglite.ts",
  retries: 0,
  // Machines of the same kind differ twice in speed (vitest on PostgreSQL: 195 s on one, 420 s
  // on another): a journey of 20 s alone takes 30 to 40 s beside the other worker on the slower.
  timeout: 60_000,
  expect: { timeout: 10_000 },
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
  webServer: Array.from({ length: travailleurs }, (_, indice) => {
    const port = premierPort + indice;
    const baseURL = `http://localhost:${port}`;
    const dataDir = dossierDuPort(port);
    return {
      // The built server (npm run build), as `npm run serve` runs it.
      command: `rm -rf ${dataDir} && node build/server.js`,
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
        // Without the demo dataset: the specs build their own files.
        DEMO_DATASET: "false",
        LOGIN_RATE_LIMIT_ACCOUNT: "1000",
        LOGIN_RATE_LIMIT_IP: "1000",
        // Every test creates its accounts from this one machine.
        SIGNUP_RATE_LIMIT_IP: "1000",
        // The annual report's spec moves the business date (/api/recette/horloge); others see the real one.
        HORLOGE_RECETTE: "true",
      },
    };
  }),
});
