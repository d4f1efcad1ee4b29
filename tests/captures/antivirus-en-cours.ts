/**
 * Screenshots of step 3 of a draft whose files wait for the antivirus
 * (ADR 0030), at 1280 and 375 px, into captures/ (git-ignored).
 * The built portal (npm run build) is started here with CLAMAV_HOST on a
 * port where nothing listens and no jobs: every upload stays `en_attente`,
 * so the page shows « Analyse antivirus en cours » instead of the links,
 * and a link kept from before leads to the page saying why (409).
 * Run under the e2e lock: `npx tsx tests/captures/antivirus-en-cours.ts`.
 */
import { chromium } from "@playwright/test";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { openDatabase } from "../../api/db/client.ts";
import { utilisateurs } from "../../api/db/schema.ts";
import { CGU_VERSION } from "../../contract/cgu.ts";
import { createPortal } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { createLogger } from "../../server/logger.ts";
import { creerDemandeDeposable } from "../helpers/demande-api.ts";
import { fabriqueDemandeurs } from "../helpers/demandeur-en-base.ts";
import { freePort, type TestPortal } from "../helpers/portal.ts";

const DOSSIER = join(import.meta.dirname, "..", "..", "captures");
const MOT_DE_PASSE = "Anah-Demo-2026!";

const port = Number(process.env.E2E_PORT ?? 3303);
const baseUrl = `http://localhost:${port}`;
const dataDir = await mkdtemp(join(tmpdir(), "portail-mar-capture-antivirus-"));
const config = loadConfig({
  NODE_ENV: "production",
  PORT: String(port),
  PUBLIC_URL: baseUrl,
  DATA_DIR: dataDir,
  DEMO_DATA: "true",
  DEMO_DATASET: "false",
  LOG_LEVEL: "warn",
  JOBS: "false",
  CLAMAV_HOST: "127.0.0.1",
  CLAMAV_PORT: String(await freePort()),
});
const database = await openDatabase({ dataDir: ":memory:", databaseUrl: undefined });
const portal = await createPortal(config, createLogger("warn"), { database });
const serveur: Server = await new Promise((resolve) => {
  const ecoute = portal.app.listen(port, () => resolve(ecoute));
});
const navigateur = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--no-first-run"],
});
try {
  const nouveau = fabriqueDemandeurs(() => ({ database, baseUrl }) as TestPortal, {
    marque: `Capture${Date.now() % 100_000}`,
    prefixeSiren: "8",
    motDePasse: MOT_DE_PASSE,
  });
  const demandeur = await nouveau();
  // Terms accepted, as after a real sign-up: otherwise every page shows the CGU form.
  await database.db
    .update(utilisateurs)
    .set({ cguVersionAcceptee: CGU_VERSION })
    .where(eq(utilisateurs.email, demandeur.email));
  const brouillon = await creerDemandeDeposable(baseUrl, demandeur.token);
  const page = await navigateur.newPage({ locale: "fr-FR" });
  await page.goto(`${baseUrl}/account/login`);
  await page.getByLabel("Adresse électronique").fill(demandeur.email);
  await page.getByLabel("Mot de passe").fill(MOT_DE_PASSE);
  await page.getByRole("button", { name: "Se connecter" }).click();
  await page.waitForURL((url) => !url.pathname.startsWith("/realms/"));
  await mkdir(DOSSIER, { recursive: true });
  for (const largeur of [1280, 375]) {
    await page.setViewportSize({ width: largeur, height: 900 });
    await page.goto(`${baseUrl}/demande/formulaire?id=${brouillon.id}&etape=3`);
    console.log(`étape 3 : ${page.url()}`);
    await page.getByText("Analyse antivirus en cours").first().waitFor({ timeout: 10_000 });
    const chemin = join(DOSSIER, `antivirus-etape3-${largeur}.png`);
    await page.screenshot({ path: chemin, fullPage: true, animations: "disabled" });
    console.log(chemin);
  }
  // A link kept from before: /piece-jointe/{id} says why instead of sending the file.
  const procedure = (await (
    await fetch(`${baseUrl}/api/demande/${brouillon.id}/procedure`, {
      headers: { Authorization: `Bearer ${demandeur.token}` },
    })
  ).json()) as { rubriques: { piecesJointes: { id: string }[] }[] };
  const piece = procedure.rubriques.flatMap((rubrique) => rubrique.piecesJointes)[0]!;
  for (const largeur of [1280, 375]) {
    await page.setViewportSize({ width: largeur, height: 900 });
    const reponse = await page.goto(`${baseUrl}/piece-jointe/${piece.id}`);
    console.log(`GET /piece-jointe/{id} → ${page.url()} (${reponse?.status()})`);
    const chemin = join(DOSSIER, `antivirus-piece-jointe-${largeur}.png`);
    await page.screenshot({ path: chemin, fullPage: true, animations: "disabled" });
    console.log(chemin);
  }
} catch (error) {
  const [page] = navigateur.contexts()[0]?.pages() ?? [];
  await page?.screenshot({ path: join(DOSSIER, "antivirus-echec.png"), fullPage: true });
  throw error;
} finally {
  await navigateur.close();
  serveur.closeAllConnections();
  await new Promise<void>((resolve) => serveur.close(() => resolve()));
  await portal.close();
  await rm(dataDir, { recursive: true, force: true });
}
