import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { INERT_MODULE } from "../contract/after-first-paint.ts";

/** Password of every demo account (README). */
export const DEMO_PASSWORD = "Anah-Demo-2026!";

export const DEMO = {
  mar_admin: { email: "mar-admin@demo.anah.gouv.fr", prenom: "Claire" },
  anah_centrale: { email: "centrale@demo.anah.gouv.fr", prenom: "Julien" },
  crhh: { email: "crhh@demo.anah.gouv.fr", prenom: "Sophie" },
  instructeur: { email: "instructeur@demo.anah.gouv.fr", prenom: "Thomas" },
  superviseur: { email: "superviseur@demo.anah.gouv.fr", prenom: "Nathalie" },
  admin_fonctionnel: { email: "admin-fonctionnel@demo.anah.gouv.fr", prenom: "Karim" },
  demandeur: { email: "demandeur@demo.anah.gouv.fr", prenom: "Camille" },
  sansRole: { email: "sans-role@demo.anah.gouv.fr", prenom: "Paul" },
} as const;

/** Fills the identity provider's sign-in page the page is on and submits it. */
export async function submitCredentials(page: Page, email: string, password = DEMO_PASSWORD) {
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Connexion");
  await page.getByLabel("Adresse électronique").fill(email);
  await page.getByLabel("Mot de passe").fill(password);
  await page.getByRole("button", { name: "Se connecter" }).click();
}

/** Signs in from the portal's login link, as a user would. */
export async function signIn(page: Page, email: string, path = "/account/login") {
  await page.goto(path);
  await submitCredentials(page, email);
}

/**
 * With JavaScript, waits until React has hydrated a portal page: its
 * scripts start only after the first paint (ADR 0008), so a test of what
 * JavaScript adds (checks on leaving a field, dialogs) must wait for them;
 * before that, the page works as without JavaScript. Returns at once on a
 * page without Remix (the identity provider's).
 */
export async function attendreHydratation(page: Page) {
  if ((await page.locator(`script[type="${INERT_MODULE}"]`).count()) === 0) return;
  await expect(page.locator("html")).toHaveAttribute("data-hydrate", "true");
}

/**
 * Runs axe (WCAG 2.1 A/AA) on the current page, as hydrated in a
 * JavaScript context, and expects no violation.
 */
export async function expectNoAxeViolations(page: Page) {
  await attendreHydratation(page);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
  ).toEqual([]);
}
