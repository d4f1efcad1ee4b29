import { useEffect, useRef } from "react";
import type { CompteExistant } from "#contract/schemas/candidat";
import { t } from "~/i18n";

/**
 * Spec §8 "Existing account": a server-rendered section (no JS needed)
 * inviting to sign in or to write to the support. Focused when it appears
 * with JavaScript; an alert so screen readers announce it.
 */
export function CompteExistantSection({ message }: CompteExistant) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [message]);
  const contact = t("application.contact");
  const sujet = encodeURIComponent("Création de compte : un compte existe déjà");
  return (
    <div
      ref={ref}
      id="compte-existant"
      className="fr-callout fr-icon-account-circle-line fr-mb-4w"
      role="alert"
      tabIndex={-1}
      aria-labelledby="compte-existant-titre"
    >
      <h2 className="fr-callout__title" id="compte-existant-titre">
        Un compte existe déjà
      </h2>
      <p className="fr-callout__text">{message}</p>
      <ul className="fr-btns-group fr-btns-group--inline-md fr-mt-2w">
        <li>
          <a className="fr-btn" href="/account/login">
            Se connecter
          </a>
        </li>
        <li>
          <a className="fr-btn fr-btn--secondary" href={`mailto:${contact}?subject=${sujet}`}>
            Contacter le support
          </a>
        </li>
      </ul>
    </div>
  );
}
