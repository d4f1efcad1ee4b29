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
    expect(page).toMatch(/autocomplete="current-password"\s+required autofocus/);
    expect(page).toContain('<div class="fr-alert fr-alert--error fr-mb-4w" role="alert">');
  });

  it("logout page adds logout=yes and a nonce-bound script only when asked", () => {
    const form =
      '<form id="op.logoutForm" method="post" action="/x"><input type="hidden" name="xsrf" value="s"/></form>';
    const auto = logoutPage({ form, nonce: "abc", autoSubmit: true });
    expect(auto).toContain('<input type="hidden" name="logout" value="yes"/></form>');
    expect(auto).toContain(
      '<script nonce="abc">document.getElementById("op.logoutForm").submit();</script>',
    );
    const autoSubmit = 'getElementById("op.logoutForm").submit()';
    expect(logoutPage({ form, autoSubmit: true })).not.toContain(autoSubmit);
    expect(logoutPage({ form, nonce: "abc", autoSubmit: false })).not.toContain(autoSubmit);
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
