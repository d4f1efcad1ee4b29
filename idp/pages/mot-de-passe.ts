/**
 * Pages of "Mot de passe oublié ?" (idp/mot-de-passe-oublie.ts):
 * the request form, the answer it always gives, the new-password
 * form, the expired link and the success. Plain HTML forms, usable without
 * JavaScript, in the portal's header and footer (layout.ts).
 */
import {
  champEmail,
  champMotDePasse,
  resumeErreurs,
  SCRIPT_AFFICHER_MOT_DE_PASSE,
  type ErreurResumee,
} from "./champs.ts";
import { html, type SafeHtml } from "./html.ts";
import { layout } from "./layout.ts";

/** The grey centred block of the sign-in page, for every page of the flow. */
function bloc(content: SafeHtml): SafeHtml {
  return html`<div class="fr-container fr-container--fluid fr-mb-md-14v">
    <div class="fr-grid-row fr-grid-row-gutters fr-grid-row--center">
      <div class="fr-col-12 fr-col-md-8 fr-col-lg-6">
        <div
          class="fr-container fr-background-alt--grey fr-px-md-0 fr-py-10v fr-py-md-14v fr-mt-md-8v"
        >
          <div class="fr-grid-row fr-grid-row-gutters fr-grid-row--center">
            <div class="fr-col-12 fr-col-md-9 fr-col-lg-8">${content}</div>
          </div>
        </div>
      </div>
    </div>
  </div>`;
}

/** "Retour à la connexion": a new sign-in through the portal (`loginUrl`). */
function retourConnexion(loginUrl: string): SafeHtml {
  return html`<p class="fr-mt-4w">
    <a class="fr-link fr-icon-arrow-left-line fr-link--icon-left" href="${loginUrl}"
      >Retour à la connexion</a
    >
  </p>`;
}

/** Shown on the request form and on its answer: what the link does. */
const EXPLICATION =
  "Saisissez l'adresse électronique de votre compte : vous recevrez un lien pour choisir un nouveau mot de passe. Ce lien est valable 1 heure et ne sert qu'une fois.";

/**
 * The request form: the account's e-mail, posted to `action`. `erreur` is
 * the e-mail field's message (empty or malformed address), `alerte` a
 * message above the form (too many requests); `email` is kept.
 */
export function demandePage(page: {
  action: string;
  loginUrl: string;
  email?: string;
  erreur?: string;
  alerte?: string;
  nonce?: string;
}): string {
  const erreurs: ErreurResumee[] = page.erreur
    ? [{ champId: "email", libelle: "Adresse électronique", message: page.erreur }]
    : [];
  return layout({
    title: `${erreurs.length > 0 ? "Erreur : " : ""}Mot de passe oublié`,
    nonce: page.nonce,
    main: bloc(
      html`<h1>Mot de passe oublié</h1>
        ${
          page.alerte
            ? html`<div class="fr-alert fr-alert--error fr-mb-4w" role="alert">
                <h2 class="fr-alert__title">Demande impossible</h2>
                <p>${page.alerte}</p>
              </div>`
            : ""
        }
        <form method="post" action="${page.action}" id="formulaire-mot-de-passe-oublie" novalidate>
          ${resumeErreurs(erreurs)}
          <p>${EXPLICATION}</p>
          <p class="fr-text--sm">Les champs marqués d'un astérisque * sont obligatoires</p>
          ${champEmail({
            id: "email",
            name: "email",
            label: "Adresse électronique *",
            value: page.email,
            erreurs: page.erreur ? [page.erreur] : [],
            autofocus: erreurs.length === 0 && !page.alerte,
            autocomplete: "username",
          })}
          <ul class="fr-btns-group fr-mt-4w">
            <li><button class="fr-btn" type="submit">Recevoir un lien</button></li>
          </ul>
        </form>
        ${retourConnexion(page.loginUrl)}`,
    ),
  });
}

/**
 * The answer to every valid request, whether the address has an account or
 * not: nobody learns from it which addresses exist.
 */
export function demandeEnvoyeePage(page: { loginUrl: string; nonce?: string }): string {
  return layout({
    title: "Demande envoyée",
    nonce: page.nonce,
    main: bloc(
      html`<h1>Demande envoyée</h1>
        <div class="fr-alert fr-alert--success fr-mb-4w">
          <h2 class="fr-alert__title">Consultez votre messagerie</h2>
          <p>
            Si un compte correspond à l'adresse saisie, un courriel vient de lui être envoyé avec un
            lien pour choisir un nouveau mot de passe. Ce lien est valable 1 heure et ne sert qu'une
            fois.
          </p>
        </div>
        <p class="fr-text--sm">
          Rien reçu après quelques minutes ? Vérifiez vos courriers indésirables et l'adresse
          saisie, puis faites une nouvelle demande.
        </p>
        ${retourConnexion(page.loginUrl)}`,
    ),
  });
}

/** Labels of the new-password fields, also used in the error summary. */
const LIBELLES = {
  motDePasse: "Nouveau mot de passe",
  confirmation: "Confirmation du mot de passe",
};

/** Spec §5 "Accounts", said before the field (the rule is contract/validation.ts `motDePasse`). */
const REGLE =
  "12 caractères minimum, dont une majuscule, une minuscule, un chiffre et un caractère spécial ; différent de l'ancien mot de passe.";

/**
 * The new-password form of a valid link: `token` travels in a hidden field
 * to `action`. `erreurs` lists every refused rule by field, in the summary
 * at the top and under each field; the title then starts with "Erreur : ".
 */
export function nouveauMotDePassePage(page: {
  action: string;
  token: string;
  erreurs?: readonly { champ: "motDePasse" | "confirmation"; message: string }[];
  nonce?: string;
}): string {
  const erreurs = page.erreurs ?? [];
  const ids = { motDePasse: "nouveau-mot-de-passe", confirmation: "confirmation-mot-de-passe" };
  const du = (champ: "motDePasse" | "confirmation") =>
    erreurs.filter((erreur) => erreur.champ === champ).map((erreur) => erreur.message);
  return layout({
    title: `${erreurs.length > 0 ? "Erreur : " : ""}Nouveau mot de passe`,
    nonce: page.nonce,
    script: SCRIPT_AFFICHER_MOT_DE_PASSE,
    main: bloc(
      html`<h1>Choisir un nouveau mot de passe</h1>
        <form method="post" action="${page.action}" id="formulaire-nouveau-mot-de-passe" novalidate>
          ${resumeErreurs(
            erreurs.map((erreur) => ({
              champId: ids[erreur.champ],
              libelle: LIBELLES[erreur.champ],
              message: erreur.message,
            })),
          )}
          <input type="hidden" name="token" value="${page.token}" />
          <p class="fr-text--sm">Les champs marqués d'un astérisque * sont obligatoires</p>
          <div class="fr-mb-3w">
            ${champMotDePasse({
              id: ids.motDePasse,
              name: "motDePasse",
              label: `${LIBELLES.motDePasse} *`,
              hint: REGLE,
              autocomplete: "new-password",
              erreurs: du("motDePasse"),
              autofocus: erreurs.length === 0,
            })}
          </div>
          ${champMotDePasse({
            id: ids.confirmation,
            name: "confirmation",
            label: `${LIBELLES.confirmation} *`,
            autocomplete: "new-password",
            erreurs: du("confirmation"),
          })}
          <ul class="fr-btns-group fr-mt-4w">
            <li><button class="fr-btn" type="submit">Enregistrer le mot de passe</button></li>
          </ul>
        </form>`,
    ),
  });
}

/** An unknown, expired or used link (`message`: LIEN_PLUS_VALABLE), and the way to a new one. */
export function lienInvalidePage(page: {
  message: string;
  demandeUrl: string;
  loginUrl: string;
  nonce?: string;
}): string {
  return layout({
    title: "Lien expiré",
    nonce: page.nonce,
    main: bloc(
      html`<h1>Lien expiré</h1>
        <div class="fr-alert fr-alert--error fr-mb-4w">
          <p>${page.message}</p>
        </div>
        <ul class="fr-btns-group">
          <li><a class="fr-btn" href="${page.demandeUrl}">Faire une nouvelle demande</a></li>
        </ul>
        ${retourConnexion(page.loginUrl)}`,
    ),
  });
}

/** The password was changed and every session ended: sign in with it. */
export function motDePasseModifiePage(page: { loginUrl: string; nonce?: string }): string {
  return layout({
    title: "Mot de passe modifié",
    nonce: page.nonce,
    main: bloc(
      html`<h1>Mot de passe modifié</h1>
        <div class="fr-alert fr-alert--success fr-mb-4w">
          <p>
            Votre mot de passe a été modifié. Par sécurité, toutes vos sessions ont été fermées :
            connectez-vous avec votre nouveau mot de passe.
          </p>
        </div>
        <ul class="fr-btns-group">
          <li><a class="fr-btn" href="${page.loginUrl}">Se connecter</a></li>
        </ul>`,
    ),
  });
}
