import { champMotDePasse, SCRIPT_AFFICHER_MOT_DE_PASSE } from "./champs.ts";
import { html, type SafeHtml } from "./html.ts";
import { layout } from "./layout.ts";

/** The DSFR error alert above the form: `error`, then `link` when given. */
function alerteConnexion(error: string, link?: { href: string; label: string }): SafeHtml {
  return html`<div class="fr-alert fr-alert--error fr-mb-4w" role="alert">
    <h2 class="fr-alert__title">Connexion impossible</h2>
    <p>${error}</p>
    ${
      link
        ? html`<p>
            <a href="${link.href}">${link.label}</a>
          </p>`
        : ""
    }
  </div>`;
}

/**
 * The sign-in form posting to `action`: the address (`email` put back, else
 * focused), the password (focused when the address is kept) with
 * "Mot de passe oublié ?" when `forgotUrl` is given.
 */
function formulaireConnexion(form: {
  action: string;
  email?: string;
  forgotUrl?: string;
}): SafeHtml {
  const emailKept = Boolean(form.email);
  return html`<form method="post" action="${form.action}" id="formulaire-connexion">
    <fieldset class="fr-fieldset" aria-labelledby="connexion-legende connexion-mentions">
      <legend class="fr-fieldset__legend" id="connexion-legende">
        <h2 class="fr-h4 fr-mb-0">Se connecter avec son compte</h2>
      </legend>
      <div class="fr-fieldset__element">
        <p class="fr-text--sm fr-mb-0" id="connexion-mentions">
          Les champs marqués d'un astérisque * sont obligatoires
        </p>
      </div>
      <div class="fr-fieldset__element">
        <div class="fr-input-group">
          <label class="fr-label" for="email"
            >Adresse électronique *
            <span class="fr-hint-text">Format attendu : nom@domaine.fr</span>
          </label>
          <input
            class="fr-input"
            type="email"
            id="email"
            name="email"
            autocomplete="username"
            spellcheck="false"
            required
            value="${form.email ?? ""}"
            ${emailKept ? "" : html` autofocus`}
          />
        </div>
      </div>
      <div class="fr-fieldset__element">
        ${champMotDePasse({
          id: "password",
          name: "password",
          label: "Mot de passe *",
          autocomplete: "current-password",
          autofocus: emailKept,
          oubli: form.forgotUrl
            ? { href: form.forgotUrl, label: "Mot de passe oublié ?" }
            : undefined,
        })}
      </div>
    </fieldset>
    <ul class="fr-btns-group">
      <li><button class="fr-btn" type="submit">Se connecter</button></li>
    </ul>
  </form>`;
}

/** "Vous n'avez pas de compte ?": account creation at `signUpUrl`, for applicants (spec §1). */
function creationCompte(signUpUrl: string): SafeHtml {
  return html`<hr />
    <h2 class="fr-h4">Vous n'avez pas de compte ?</h2>
    <p class="fr-text--sm">
      Structure candidate à l'agrément Mon Accompagnateur Rénov' : créez votre compte avec le SIREN
      de votre structure.
    </p>
    <ul class="fr-btns-group">
      <li>
        <a class="fr-btn fr-btn--secondary" href="${signUpUrl}">Créer un compte</a>
      </li>
    </ul>`;
}

/**
 * The sign-in page of the embedded identity provider (DESIGN §2): a plain
 * HTML form posting to `action`, usable without JavaScript. `email` is put
 * back after a failure; `error` is shown in a DSFR error alert above the form,
 * followed by `errorLink` when given (e.g. "ask for a new confirmation
 * link"). `forgotUrl` adds "Mot de passe oublié ?" under the password
 * (idp/mot-de-passe-oublie.ts), a DSFR password field whose "Afficher"
 * works with JavaScript (a plain field without). `signUpUrl` adds the
 * "Créer un compte" block for applicants (spec §1). `nonce` is the
 * response's CSP nonce (layout.ts). Returns the whole HTML document.
 */
export function loginPage(page: {
  action: string;
  email?: string;
  error?: string;
  errorLink?: { href: string; label: string };
  signUpUrl?: string;
  forgotUrl?: string;
  nonce?: string;
}): string {
  return layout({
    title: "Connexion",
    nonce: page.nonce,
    script: SCRIPT_AFFICHER_MOT_DE_PASSE,
    main: html`<div class="fr-container fr-container--fluid fr-mb-md-14v">
      <div class="fr-grid-row fr-grid-row-gutters fr-grid-row--center">
        <div class="fr-col-12 fr-col-md-8 fr-col-lg-6">
          <div
            class="fr-container fr-background-alt--grey fr-px-md-0 fr-py-10v fr-py-md-14v fr-mt-md-8v"
          >
            <div class="fr-grid-row fr-grid-row-gutters fr-grid-row--center">
              <div class="fr-col-12 fr-col-md-9 fr-col-lg-8">
                <h1>Connexion à Mon Accompagnateur Rénov'</h1>
                ${page.error ? alerteConnexion(page.error, page.errorLink) : ""}
                ${formulaireConnexion(page)} ${page.signUpUrl ? creationCompte(page.signUpUrl) : ""}
              </div>
            </div>
          </div>
        </div>
      </div>
    </div>`,
  });
}
