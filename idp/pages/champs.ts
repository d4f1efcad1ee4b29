import { html, type SafeHtml } from "./html.ts";

/**
 * Shows the "Afficher" checkbox of every DSFR password field and makes it
 * switch its field between hidden and plain text. Without JavaScript the box
 * stays hidden (`fr-hidden`) and the field is a plain password field. Runs
 * with the page's CSP nonce (layout.ts `script`).
 */
export const SCRIPT_AFFICHER_MOT_DE_PASSE = [
  'document.querySelectorAll(".fr-password__checkbox.fr-hidden").forEach(function (groupe) {',
  '  var caseAfficher = groupe.querySelector("input");',
  '  var champ = document.getElementById(caseAfficher.getAttribute("aria-controls"));',
  '  groupe.classList.remove("fr-hidden");',
  '  caseAfficher.addEventListener("change", function () {',
  '    champ.type = caseAfficher.checked ? "text" : "password";',
  "  });",
  "});",
].join("\n");

/** The DSFR error messages of a field, referenced by its `aria-describedby`. */
function messages(id: string, erreurs: readonly string[]): SafeHtml {
  return html`<div class="fr-messages-group" id="${id}-messages" aria-live="polite">
    ${erreurs.map((erreur) => html`<p class="fr-message fr-message--error">${erreur}</p>`)}
  </div>`;
}

/**
 * A DSFR password field (`fr-password`): label (with `hint`), the input
 * (`autocomplete` "current-password" or "new-password"), its error
 * messages, the "Afficher" checkbox (SCRIPT_AFFICHER_MOT_DE_PASSE; named
 * "Afficher" only, so that the field stays the one thing labelled "Mot de
 * passe") and,
 * when given, the `oubli` link ("Mot de passe oublié ?"). Required.
 */
export function champMotDePasse(champ: {
  id: string;
  name: string;
  label: string;
  hint?: string;
  autocomplete: "current-password" | "new-password";
  erreurs?: readonly string[];
  autofocus?: boolean;
  oubli?: { href: string; label: string };
}): SafeHtml {
  const erreurs = champ.erreurs ?? [];
  const enErreur = erreurs.length > 0;
  return html`<div
    class="fr-password${enErreur ? " fr-input-group--error" : ""}"
    id="${champ.id}-groupe"
  >
    <label class="fr-label" for="${champ.id}"
      >${champ.label}${champ.hint ? html` <span class="fr-hint-text">${champ.hint}</span>` : ""}</label
    >
    <div class="fr-input-wrap">
      <input
        class="fr-password__input fr-input${enErreur ? " fr-input--error" : ""}"
        type="password"
        id="${champ.id}"
        name="${champ.name}"
        autocomplete="${champ.autocomplete}"
        aria-describedby="${champ.id}-messages"
        ${enErreur ? html`aria-invalid="true"` : ""}
        required${champ.autofocus ? html` autofocus` : ""}
      />
    </div>
    ${messages(champ.id, erreurs)}
    <div class="fr-password__checkbox fr-checkbox-group fr-checkbox-group--sm fr-hidden">
      <input id="${champ.id}-afficher" type="checkbox" aria-controls="${champ.id}" />
      <label class="fr-password__checkbox fr-label" for="${champ.id}-afficher">Afficher</label>
    </div>
    ${champ.oubli ? html`<p><a class="fr-link" href="${champ.oubli.href}">${champ.oubli.label}</a></p>` : ""}
  </div>`;
}

/**
 * A DSFR e-mail field ("Format attendu : nom@domaine.fr"), required, with
 * its error messages; `value` kept after a refusal.
 */
export function champEmail(champ: {
  id: string;
  name: string;
  label: string;
  value?: string;
  erreurs?: readonly string[];
  autofocus?: boolean;
  autocomplete?: string;
}): SafeHtml {
  const erreurs = champ.erreurs ?? [];
  const enErreur = erreurs.length > 0;
  return html`<div class="fr-input-group${enErreur ? " fr-input-group--error" : ""}">
    <label class="fr-label" for="${champ.id}"
      >${champ.label}
      <span class="fr-hint-text">Format attendu : nom@domaine.fr</span>
    </label>
    <input
      class="fr-input${enErreur ? " fr-input--error" : ""}"
      type="email"
      id="${champ.id}"
      name="${champ.name}"
      autocomplete="${champ.autocomplete ?? "email"}"
      spellcheck="false"
      aria-describedby="${champ.id}-messages"
      ${enErreur ? html`aria-invalid="true"` : ""}
      required
      value="${champ.value ?? ""}"
      ${champ.autofocus ? html` autofocus` : ""}
    />
    ${messages(champ.id, erreurs)}
  </div>`;
}

/** One line of an error summary: the field's label, its message, the field's id. */
export interface ErreurResumee {
  champId: string;
  libelle: string;
  message: string;
}

/**
 * The error summary at the top of a refused form (DSFR, RGAA 11.10): one
 * link per error to its field; it takes the focus when the page loads
 * (`autofocus` on a focusable block, no script needed), so a screen reader
 * announces it first. Nothing when there is no error.
 */
export function resumeErreurs(erreurs: readonly ErreurResumee[]): SafeHtml | "" {
  if (erreurs.length === 0) return "";
  const titre =
    erreurs.length > 1
      ? `Le formulaire contient ${erreurs.length} erreurs`
      : "Le formulaire contient une erreur";
  return html`<div
    class="fr-alert fr-alert--error fr-mb-4w"
    id="resume-erreurs"
    tabindex="-1"
    autofocus
    aria-labelledby="resume-erreurs-titre"
    role="region"
  >
    <h2 class="fr-alert__title" id="resume-erreurs-titre">${titre}</h2>
    <ul>
      ${erreurs.map(
        (erreur) =>
          html`<li><a href="#${erreur.champId}">${erreur.libelle} : ${erreur.message}</a></li>`,
      )}
    </ul>
  </div>`;
}
