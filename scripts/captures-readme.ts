/**
 * `npm run captures:readme`: the three screenshots of the README's first
 * screen (docs/captures/*.png, 1280 px wide, top of the page), taken on a
 * running portal started with the demo dataset (`npm start` on a fresh
 * DATA_DIR). `PORTAIL_URL` (default http://localhost:3000) names it; the
 * browser is Debian's Chromium (`CHROMIUM_PATH`).
 */
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { chromium } from "@playwright/test";

const BASE = process.env.PORTAIL_URL ?? "http://localhost:3000";
const DOSSIER = join(import.meta.dirname, "..", "docs", "captures");
const MOT_DE_PASSE = "Anah-Demo-2026!";

/** Capture name → demo account and page. */
const CAPTURES = [
  { nom: "instructeur", email: "instructeur@demo.anah.gouv.fr", chemin: "/" },
  { nom: "operateur", email: "operateur@demo.anah.gouv.fr", chemin: "/mon-agrement" },
  { nom: "activite", email: "centrale@demo.anah.gouv.fr", chemin: "/activite" },
] as const;

await mkdir(DOSSIER, { recursive: true });
const navigateur = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
});
try {
  for (const { nom, email, chemin } of CAPTURES) {
    const contexte = await navigateur.newContext({
      viewport: { width: 1280, height: 1000 },
      locale: "fr-FR",
    });
    const page = await contexte.newPage();
    await page.goto(`${BASE}/account/login`);
    await page.getByLabel("Adresse électronique").fill(email);
    await page.getByLabel("Mot de passe").fill(MOT_DE_PASSE);
    await page.getByRole("button", { name: "Se connecter" }).click();
    await page.waitForURL((url) => url.origin === new URL(BASE).origin);
    // The audience banner answered (a first visit shows it), then the page
    // again without the choice's notification, its DSFR fonts loaded.
    await page.getByRole("button", { name: "Tout refuser" }).click();
    await page.getByText("Vos préférences ont bien été enregistrées").waitFor();
    await page.goto(`${BASE}${chemin}`);
    await page.waitForLoadState("networkidle");
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: join(DOSSIER, `${nom}.png`), animations: "disabled" });
    process.stdout.write(`docs/captures/${nom}.png\n`);
    await contexte.close();
  }
} finally {
  await navigateur.close();
}
