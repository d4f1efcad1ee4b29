import { html, raw, type SafeHtml } from "./html.ts";
import { layout } from "./layout.ts";

function centered(content: SafeHtml): SafeHtml {
  return html`<div class="fr-container fr-my-7w">
    <div class="fr-grid-row fr-grid-row--center">
      <div class="fr-col-12 fr-col-md-8 fr-col-lg-6">${content}</div>
    </div>
  </div>`;
}

/**
 * Sign-out confirmation (RP-initiated logout), for a request that does not
 * come from the portal (no verified `id_token_hint` of the signed-in
 * account: the portal's own sign-out skips it, idp/deconnexion.ts). `form`
 * is oidc-provider's own hidden form (`id="op.logoutForm"`, xsrf field); the
 * visible "Se déconnecter" button submits it with `logout=yes`, which ends
 * the whole provider session. No script: it works the same without
 * JavaScript.
 */
export function logoutPage(page: { form: string; nonce?: string }): string {
  const form = page.form.replace(
    "</form>",
    '<input type="hidden" name="logout" value="yes"/></form>',
  );
  return layout({
    title: "Déconnexion",
    nonce: page.nonce,
    main: centered(
      html`<h1>Déconnexion</h1>
        <p>Vous allez être déconnecté de Mon Accompagnateur Rénov'.</p>
        ${raw(form)}
        <ul class="fr-btns-group fr-btns-group--inline-md">
          <li>
            <button class="fr-btn" type="submit" form="op.logoutForm" autofocus>
              Se déconnecter
            </button>
          </li>
        </ul>`,
    ),
  });
}

/** Shown after a sign-out that named no return address. */
export function loggedOutPage(page: { loginUrl: string; nonce?: string }): string {
  return layout({
    title: "Déconnexion réussie",
    nonce: page.nonce,
    main: centered(
      html`<h1>Vous êtes déconnecté</h1>
        <p>Votre déconnexion de Mon Accompagnateur Rénov' a bien été prise en compte.</p>
        <ul class="fr-btns-group fr-btns-group--inline-md">
          <li><a class="fr-btn" href="${page.loginUrl}">Se connecter</a></li>
        </ul>`,
    ),
  });
}

/**
 * Error page of the identity provider: a French explanation and a way back,
 * never a stack trace nor internal details.
 */
export function errorPage(page: {
  title: string;
  message: string;
  loginUrl: string;
  nonce?: string;
}): string {
  return layout({
    title: page.title,
    nonce: page.nonce,
    main: centered(
      html`<h1>${page.title}</h1>
        <div class="fr-alert fr-alert--error fr-mb-4w" role="alert">
          <p>${page.message}</p>
        </div>
        <ul class="fr-btns-group fr-btns-group--inline-md">
          <li><a class="fr-btn" href="${page.loginUrl}">Recommencer la connexion</a></li>
          <li><a class="fr-btn fr-btn--secondary" href="/">Retour à l'accueil</a></li>
        </ul>`,
    ),
  });
}
