/**
 * Every refusal is a portal page, with and without
 * JavaScript: an applicant who opens a staff address gets the portal's 403
 * page — header, footer, title, explanation in French, a way home — and
 * the same answer for a HEAD; a POST to a page without a form gets the
 * portal's error page too.
 */
import { expect, test } from "@playwright/test";
import { DEMO, expectNoAxeViolations, signIn } from "./support.ts";

const PORTAIL = " | Mon Accompagnateur Rénov' – Agréments";

test("un demandeur qui ouvre une page du personnel reçoit la page 403 du portail", async ({
  page,
}, info) => {
  await signIn(page, DEMO.demandeur.email);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bonjour Camille");
  for (const chemin of ["/mes-dossiers", "/tous-les-dossiers", "/gestion-des-comptes"]) {
    const reponse = await page.goto(chemin);
    expect(reponse?.status(), chemin).toBe(403);
    expect(reponse?.headers()["content-type"], chemin).toContain("text/html");
    await expect(page).toHaveURL(chemin);
    await expect(page).toHaveTitle(`Non Autorisé${PORTAIL}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Non Autorisé");
    await expect(page.getByText("Erreur 403")).toBeVisible();
    await expect(
      page.getByText("Vous n'avez pas les droits nécessaires pour consulter cette page."),
    ).toBeVisible();
    await expect(page.getByText("Forbidden")).toHaveCount(0);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(
      page.getByRole("main").getByRole("link", { name: "Page d'accueil" }),
    ).toHaveAttribute("href", "/");
    if (info.project.name === "js") await expectNoAxeViolations(page);
  }
});

test("un HEAD reçoit le même refus que la page ; un POST sur une page sans formulaire, une page du portail", async ({
  page,
  baseURL,
}) => {
  await signIn(page, DEMO.demandeur.email);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bonjour Camille");
  const tete = await page.request.head("/mes-dossiers", { maxRedirects: 0 });
  expect(tete.status()).toBe(403);
  expect(tete.headers()["content-type"]).toContain("text/html");

  const envoi = await page.request.post("/mentions-legales", {
    form: { champ: "valeur" },
    // What a browser sends with a form post (the portal refuses posts from elsewhere).
    headers: { Origin: new URL(baseURL!).origin },
    maxRedirects: 0,
  });
  expect(envoi.status()).toBe(405);
  expect(envoi.headers()["content-type"]).toContain("text/html");
  const html = await envoi.text();
  expect(html).toContain("Erreur 405");
  expect(html).toContain(
    "Cette page ne peut pas recevoir ce que votre navigateur lui a envoyé. Revenez à la page précédente ou à la page d&#x27;accueil et réessayez.",
  );
  expect(html).toMatch(/<header[^>]*role="banner"/);
  expect(html).toMatch(/<footer[^>]*id="footer"/);
  expect(html).toContain('href="/"');
});
