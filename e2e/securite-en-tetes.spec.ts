/**
 * Styles without 'unsafe-inline' (ADR 0012), with
 * JavaScript on and off: the CSP of every page allows no inline style, and
 * the main pages — public, the provider's sign-in, the applicant's and the
 * staff's, a file with its history — report no CSP violation, neither
 * while the HTML is read nor once React and DSFR's script have run (they
 * set styles through the CSSOM, which CSP allows, and react-dsfr's
 * `<style>` element carries the page's nonce).
 */
import { expect, test, type Page } from "@playwright/test";
import { contexteInstruction, nouvelleDemandeEnEtat } from "../tests/helpers/instruction-api.ts";
import { loginAs } from "../tests/helpers/oidc-login.ts";
import { creerDemandeurConfirme, connecterDemandeur } from "./fixtures/demandeur.ts";
import { DEMO, attendreHydratation, signIn } from "./support.ts";

/**
 * Collects what the browser reports as CSP violations: its console
 * messages (JavaScript on or off) and, with JavaScript, the
 * `securitypolicyviolation` events of every document.
 */
async function surveillerCsp(page: Page): Promise<() => Promise<string[]>> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) {
      violations.push(`${page.url()} : ${message.text()}`);
    }
  });
  await page.addInitScript(() => {
    const fenetre = window as unknown as { violationsCsp: string[] };
    fenetre.violationsCsp = [];
    document.addEventListener("securitypolicyviolation", (evenement) => {
      fenetre.violationsCsp.push(
        `${evenement.effectiveDirective} ${evenement.blockedURI} ${evenement.sample}`,
      );
    });
  });
  return async () => violations;
}

/**
 * Opens `chemin`, checks its CSP has no 'unsafe-inline', waits (with
 * JavaScript) for React and DSFR's script to have run, and returns the
 * violations the page's own listener saw.
 */
async function visiter(page: Page, chemin: string, js: boolean): Promise<string[]> {
  const reponse = await page.goto(chemin);
  const csp = (await reponse?.headerValue("content-security-policy")) ?? "";
  expect(csp, chemin).toMatch(/style-src 'self' 'nonce-[^']+'/);
  expect(csp, chemin).not.toContain("unsafe-inline");
  expect(reponse?.status(), chemin).toBe(200);
  if (!js) return [];
  await attendreHydratation(page);
  // DSFR's script marks <html> once started (react-dsfr starts it when the browser is idle).
  if (!new URL(page.url()).pathname.startsWith("/realms/")) {
    await page.locator('html[data-fr-js="true"]').waitFor({ state: "attached", timeout: 20_000 });
  }
  const vues = await page.evaluate(
    () => (window as unknown as { violationsCsp?: string[] }).violationsCsp ?? [],
  );
  return vues.map((vue) => `${chemin} : ${vue}`);
}

test("aucune page principale n'a besoin de styles inline : ni 'unsafe-inline', ni violation de la CSP", async ({
  page,
  baseURL,
}, info) => {
  test.setTimeout(180_000);
  const js = info.project.name === "js";
  const violationsConsole = await surveillerCsp(page);
  const violations: string[] = [];

  // A request with a history (table of comments) for the applicant and the staff.
  const demandeur = await creerDemandeurConfirme(page);
  const { accessToken } = await loginAs(baseURL!, demandeur.email, demandeur.motDePasse);
  const ctx = await contexteInstruction(baseURL!, accessToken);
  const demande = await nouvelleDemandeEnEtat(ctx, "affectee");

  for (const chemin of ["/", "/mentions-legales", "/plan-de-site", "/creation-compte"]) {
    violations.push(...(await visiter(page, chemin, js)));
  }
  // The provider's sign-in page, then the applicant's pages (the terms form first).
  violations.push(...(await visiter(page, "/account/login", js)));
  await connecterDemandeur(page, demandeur);
  for (const chemin of [
    "/",
    `/demande/formulaire?id=${demande.id}`,
    `/messagerie/demande?id=${demande.id}`,
    "/account/params",
  ]) {
    violations.push(...(await visiter(page, chemin, js)));
  }

  // The staff: lists and the file page with its history.
  await page.context().clearCookies();
  await signIn(page, DEMO.instructeur.email);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Bonjour");
  for (const chemin of [
    "/",
    "/tous-les-dossiers",
    "/mes-dossiers",
    `/dossier/demande/${demande.id}`,
  ]) {
    violations.push(...(await visiter(page, chemin, js)));
  }
  await expect(page.getByRole("table").first()).toBeVisible();

  violations.push(...(await violationsConsole()));
  expect(violations).toEqual([]);
});
