/**
 * No open redirect, with JavaScript on and off: the
 * known payloads of tests/helpers/redirections-ouvertes.ts go through
 * `/cgu?redirectTo=` and `/account/login?redirectUrl=` (signed in, and
 * the whole sign-in round trip), and Chromium itself reads each `Location`
 * the portal answers. Any request to another host is caught and
 * answered here, never sent: the page must end on the portal.
 */
import { expect, test, type Page } from "@playwright/test";
import { OPEN_REDIRECT_PAYLOADS } from "../tests/helpers/redirections-ouvertes.ts";
import { DEMO, signIn, submitCredentials } from "./support.ts";

/** The payloads the URL parser turned into `//host` at ba68e8d, and a few classics. */
const POUR_LA_CONNEXION = [
  "/.//evil.example",
  "/%2e%2e//evil.example",
  "/a/..//evil.example",
  "//evil.example",
  "/\\evil.example",
  "https://evil.example",
  "javascript:alert(1)",
];

/**
 * Catches every request the page makes to a host other than the portal's
 * (answered with a small page, never sent) and returns their URLs.
 */
async function pieger(page: Page, baseURL: string): Promise<string[]> {
  const ailleurs: string[] = [];
  const portail = new URL(baseURL).host;
  await page.route(
    (url) => url.host !== portail,
    async (route) => {
      ailleurs.push(route.request().url());
      await route.fulfill({ status: 200, contentType: "text/html", body: "<p>Ailleurs</p>" });
    },
  );
  return ailleurs;
}

/** Goes to `chemin` and expects the page to end on the portal itself. */
async function resteSurLePortail(page: Page, baseURL: string, chemin: string) {
  await page.goto(chemin);
  const fin = new URL(page.url());
  expect(fin.origin, `${chemin} → ${page.url()}`).toBe(new URL(baseURL).origin);
  expect(fin.pathname.startsWith("//"), `${chemin} → ${page.url()}`).toBe(false);
}

/** Payloads per test: a sign-in and twenty pages stay well within a test's time on a slow machine. */
const PAR_TEST = 20;

for (let debut = 0; debut < OPEN_REDIRECT_PAYLOADS.length; debut += PAR_TEST) {
  const charges = OPEN_REDIRECT_PAYLOADS.slice(debut, debut + PAR_TEST);
  test(`/cgu?redirectTo= garde un utilisateur connecté sur le portail (charges connues ${debut + 1} à ${debut + charges.length} sur ${OPEN_REDIRECT_PAYLOADS.length})`, async ({
    page,
    baseURL,
  }) => {
    const ailleurs = await pieger(page, baseURL!);
    // A member of staff has no terms to accept: /cgu sends him on to redirectTo at once.
    await signIn(page, DEMO.instructeur.email);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Bonjour");
    for (const charge of charges) {
      await resteSurLePortail(page, baseURL!, `/cgu?redirectTo=${encodeURIComponent(charge)}`);
    }
    expect(ailleurs).toEqual([]);
    // A path of the portal is still followed.
    await page.goto(`/cgu?redirectTo=${encodeURIComponent("/plan-de-site?x=1")}`);
    await expect(page).toHaveURL(/\/plan-de-site\?x=1$/);
  });
}

test("la connexion avec un redirectUrl piégé revient sur le portail, et un utilisateur connecté aussi", async ({
  page,
  baseURL,
}) => {
  const ailleurs = await pieger(page, baseURL!);
  for (const charge of POUR_LA_CONNEXION) {
    await page.context().clearCookies();
    // The whole round trip: the portal, the provider's page, the callback.
    await page.goto(`/account/login?redirectUrl=${encodeURIComponent(charge)}`);
    await submitCredentials(page, DEMO.demandeur.email);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(new URL(page.url()).origin, charge).toBe(new URL(baseURL!).origin);
    // Signed in, /account/login goes straight to redirectUrl.
    await resteSurLePortail(
      page,
      baseURL!,
      `/account/login?redirectUrl=${encodeURIComponent(charge)}`,
    );
  }
  expect(ailleurs).toEqual([]);
});
