/** HTML templates of the identity provider's pages (idp/pages). */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// Aliased: Prettier reformats templates tagged html, and whitespace matters here.
import { escapeHtml, html as tag, raw } from "../../idp/pages/html.ts";
import { loginPage } from "../../idp/pages/login.ts";
import { errorPage, logoutPage } from "../../idp/pages/messages.ts";

describe("html", () => {
  it("escapes interpolated text but not nested templates or raw markup", () => {
    const name = `<b>"O'Neil" & co</b>`;
    expect(tag`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&lt;b&gt;&quot;O&#39;Neil&quot; &amp; co&lt;/b&gt;">&lt;b&gt;&quot;O&#39;Neil&quot; &amp; co&lt;/b&gt;</p>',
    );
    expect(tag`<ul>${["a", "b"].map((item) => tag`<li>${item}</li>`)}</ul>`.value).toBe(
      "<ul><li>a</li><li>b</li></ul>",
    );
    expect(tag`${raw("<hr>")}${null}${undefined}${false}`.value).toBe("<hr>");
    expect(escapeHtml("a&b")).toBe("a&amp;b");
  });
});

describe("pages", () => {
  it("login page keeps the e-mail escaped and focuses the password after a failure", () => {
    const page = loginPage({
      action: "/realms/mar_users/interaction/x/login",
      email: 'a"b@c.fr',
      error: "Erreur",
    });
    expect(page).toContain('value="a&quot;b@c.fr"');
    expect(page).toMatch(/autocomplete="current-password"[^>]*\s+required autofocus/);
    expect(page).toContain('<div class="fr-alert fr-alert--error fr-mb-4w" role="alert">');
  });

  it("logout page adds logout=yes to the provider's form and needs no script", () => {
    const form =
      '<form id="op.logoutForm" method="post" action="/x"><input type="hidden" name="xsrf" value="s"/></form>';
    const page = logoutPage({ form, nonce: "abc" });
    expect(page).toContain('<input type="hidden" name="logout" value="yes"/></form>');
    expect(page).not.toContain('op.logoutForm").submit()');
  });

  it("pages carry the portal's header and footer, with the mandatory links", () => {
    const page = loginPage({ action: "/x" });
    expect(page).toContain(
      '<p class="fr-header__service-title">Mon Accompagnateur Rénov&#x27;</p>',
    );
    expect(page).toContain(
      '<p class="fr-header__service-tagline">Agrément des opérateurs – Anah</p>',
    );
    expect(page).not.toContain("Agréments");
    for (const [href, label] of [
      ["/plan-de-site", "Plan du site"],
      ["/accessibilite", "Accessibilité : non conforme"],
      ["/mentions-legales", "Mentions légales"],
      ["/donnees-personnelles", "Données personnelles"],
      ["/gestion-des-cookies", "Gestion des cookies"],
    ])
      expect(page).toContain(`<a href="${href}" class="fr-footer__bottom-link">${label}</a>`);
  });

  it("the password field's « Afficher » is hidden until the script (nonce) shows it", () => {
    const page = loginPage({
      action: "/x",
      nonce: "n1",
      forgotUrl: "/realms/mar_users/mot-de-passe-oublie",
    });
    expect(page).toContain(
      'class="fr-password__checkbox fr-checkbox-group fr-checkbox-group--sm fr-hidden"',
    );
    expect(page).toContain(
      '<label class="fr-password__checkbox fr-label" for="password-afficher">Afficher</label>',
    );
    expect(page).toContain(
      '<a class="fr-link" href="/realms/mar_users/mot-de-passe-oublie">Mot de passe oublié ?</a>',
    );
    expect(page).toMatch(/<script nonce="n1">[^<]*fr-password__checkbox/);
    expect(loginPage({ action: "/x" })).not.toContain("<script");
  });

  it("with the nonce, the fonts load after the first paint, or by <noscript>; without it, by a link", () => {
    const manifest = JSON.parse(
      readFileSync(join(import.meta.dirname, "../../public/dsfr/portail.json"), "utf8"),
    ) as { polices: string };
    const withNonce = loginPage({ action: "/x", nonce: "n0" });
    expect(withNonce).toContain(
      `<noscript><link rel="stylesheet" href="${manifest.polices}" /></noscript><script nonce="n0">`,
    );
    expect(withNonce).toContain("requestAnimationFrame");
    const withoutNonce = loginPage({ action: "/x" });
    expect(withoutNonce).not.toContain("<script");
    expect(withoutNonce).toContain(`<link rel="stylesheet" href="${manifest.polices}" />`);
  });

  it("error page shows the French message and a way back, nothing else", () => {
    const page = errorPage({
      title: "Erreur de connexion",
      message: "Message",
      loginUrl: "https://p/account/login",
    });
    expect(page).toContain("<h1>Erreur de connexion</h1>");
    expect(page).toContain('href="https://p/account/login"');
  });
});
