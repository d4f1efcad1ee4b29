/**
 * The sections of `/gestion-des-cookies` (spec §2 "cookie management page",
 * §9): the current choice with two buttons, the same choice as a radio
 * group, and the cookies the portal sets. Both forms post to the page's
 * action and work without JavaScript.
 */
import type { ReactNode } from "react";
import { Form } from "@remix-run/react";
import { RadioGroup, RequiredFieldsNotice } from "~/components/forms";
import { Tableau } from "~/components/tableau";
import { t } from "~/i18n";

/** What both forms need: the current choice (null when none was made) and where to go back. */
export interface ChoixCookies {
  consent: boolean | null;
  redirectTo: string;
}

/** A form posting `consentement` with `redirectTo`, its fields as children. */
function FormulaireConsentement({
  redirectTo,
  className,
  children,
}: {
  redirectTo: string;
  className: string;
  children: ReactNode;
}) {
  return (
    // A full page load after the choice: the measurement starts (or stops) from the server's answer.
    <Form method="post" reloadDocument className={className}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {children}
    </Form>
  );
}

/** « Votre choix »: the current choice, what the measurement does, and "accept" / "refuse" buttons. */
export function VotreChoix({ consent, redirectTo }: ChoixCookies) {
  return (
    <>
      <h2>Votre choix</h2>
      <p>
        <strong>
          {consent === true
            ? t("cookies.etatAccepte")
            : consent === false
              ? t("cookies.etatRefuse")
              : t("cookies.etatInconnu")}
        </strong>
      </p>
      <p>
        La mesure d'audience nous aide à améliorer le portail : elle compte les pages consultées de
        façon statistique. Votre identifiant n'y est jamais transmis en clair, seulement sous une
        forme hachée, et les pages Formulaire de demande, Accessibilité, Données personnelles et
        Mentions légales ne sont jamais mesurées. Vous pouvez changer d'avis à tout moment depuis
        cette page, accessible par le lien « Gestion des cookies » en bas de chaque page. Votre
        choix est conservé 365 jours.
      </p>
      <FormulaireConsentement redirectTo={redirectTo} className="fr-mb-4w">
        <ul className="fr-btns-group fr-btns-group--inline-md">
          <li>
            <button className="fr-btn" type="submit" name="consentement" value="accepter">
              {t("cookies.accepter")}
            </button>
          </li>
          <li>
            <button
              className="fr-btn fr-btn--secondary"
              type="submit"
              name="consentement"
              value="refuser"
            >
              {t("cookies.refuser")}
            </button>
          </li>
        </ul>
      </FormulaireConsentement>
    </>
  );
}

/** « Personnaliser mes choix »: the audience measurement as a required radio group, the current choice ticked. */
export function PersonnaliserMesChoix({ consent, redirectTo }: ChoixCookies) {
  return (
    <>
      <h2>Personnaliser mes choix</h2>
      <FormulaireConsentement redirectTo={redirectTo} className="fr-mb-6w">
        <RequiredFieldsNotice />
        <RadioGroup
          id="consentement-mesure-audience"
          legend="Mesure d'audience (Matomo)"
          required
          hint="Compte les pages consultées, sans cookie de suivi ; votre identifiant n'est transmis que sous une forme hachée."
          inline
          options={[
            { value: "accepter", label: "Accepter" },
            { value: "refuser", label: "Refuser" },
          ].map((choix) => ({
            props: {
              key: choix.value,
              id: `consentement-mesure-audience-${choix.value}`,
              type: "radio",
              name: "consentement",
              value: choix.value,
              required: true,
              defaultChecked:
                (choix.value === "accepter" && consent === true) ||
                (choix.value === "refuser" && consent === false),
            },
            label: choix.label,
          }))}
        />
        <button className="fr-btn" type="submit">
          Confirmer mes choix
        </button>
      </FormulaireConsentement>
    </>
  );
}

/** The strictly necessary cookies: name, purpose, lifetime. */
const COOKIES_NECESSAIRES = [
  ["__session", "Maintenir votre connexion au portail (cookie de session)", "12 heures au plus"],
  [
    "redirect_to, oauth2:…",
    "Pendant la connexion, retenir la page demandée et sécuriser l'échange avec le service d'authentification",
    "1 heure au plus",
  ],
  ["gdpr-cookies-consent", "Retenir votre choix sur la mesure d'audience", "365 jours"],
];

/** « Cookies déposés par le portail »: the strictly necessary ones, and those of the identity provider. */
export function CookiesDeposes() {
  return (
    <>
      <h2>Cookies déposés par le portail</h2>
      <Tableau
        className=""
        id="cookies"
        legende="Cookies strictement nécessaires, déposés sans consentement"
        entetes={["Nom", "Finalité", "Durée"]}
      >
        {COOKIES_NECESSAIRES.map(([nom, finalite, duree]) => (
          <tr key={nom}>
            <td>{nom}</td>
            <td className="fr-cell--multiline">{finalite}</td>
            <td>{duree}</td>
          </tr>
        ))}
      </Tableau>
      <p>
        Le service d'authentification de l'Anah dépose ses propres cookies techniques pendant la
        durée de votre connexion. Aucun cookie publicitaire ni de réseau social n'est utilisé.
      </p>
    </>
  );
}
