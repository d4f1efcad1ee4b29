import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { safeRedirectPath } from "~/.server/redirect-url.server";
import { redirectWithToast } from "~/.server/toast.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { ContentPage } from "~/components/content-page";
import { RadioGroup, RequiredFieldsNotice } from "~/components/forms";
import { t } from "~/i18n";
import { consentSetCookie, readConsent } from "~/utils/cookie-consent";
import { pageTitle } from "~/utils/title";

const TITLE = t("cookies.titre");
const PATH = "/gestion-des-cookies";

/** The current choice (true, false, or null when none was made) and where to go back after a new one. */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return {
    consent: readConsent(request.headers.get("Cookie")),
    redirectTo: safeRedirectPath(url.searchParams.get("redirectTo"), PATH),
  };
}

/**
 * Records the choice (spec §9): form field `consentement` = "accepter" or
 * "refuser" sets `gdpr-cookies-consent` to `all=true` / `all=false` for 365
 * days (SameSite=Lax, Secure on https), then redirects to `redirectTo` (a
 * path of the portal, else this page) with a confirmation notification.
 * Any other value answers 400.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const choice = form.get("consentement");
  if (choice !== "accepter" && choice !== "refuser") {
    throw new Response("Choix de consentement invalide", { status: 400 });
  }
  const accepted = choice === "accepter";
  const secure = context.settings.publicUrl.startsWith("https:");
  return redirectWithToast(
    safeRedirectPath(form.get("redirectTo"), PATH),
    {
      type: "success",
      titre: "Vos préférences ont bien été enregistrées",
      description: t(accepted ? "cookies.toastAccepte" : "cookies.toastRefuse"),
    },
    { request, context, headers: { "Set-Cookie": consentSetCookie(accepted, secure) } },
  );
}

export const handle: BreadcrumbHandle = { breadcrumb: TITLE };

/**
 * `/gestion-des-cookies` (spec §2 "cookie management page", §9): what the
 * portal stores in the browser and a plain form (works without JavaScript)
 * to accept or refuse audience measurement.
 */
export default function GestionDesCookies() {
  const { consent, redirectTo } = useLoaderData<typeof loader>();
  return (
    <ContentPage
      title={TITLE}
      lead="Le portail n'utilise qu'un cookie de session, indispensable à la connexion, et, seulement si vous l'acceptez, une mesure d'audience."
    >
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
      {/* A full page load after the choice: the measurement starts (or stops) from the server's answer. */}
      <Form method="post" reloadDocument className="fr-mb-4w">
        <input type="hidden" name="redirectTo" value={redirectTo} />
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
      </Form>

      <h2>Personnaliser mes choix</h2>
      <Form method="post" reloadDocument className="fr-mb-6w">
        <input type="hidden" name="redirectTo" value={redirectTo} />
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
      </Form>

      <h2>Cookies déposés par le portail</h2>
      <div className="fr-table">
        <div className="fr-table__wrapper">
          {/* Scrolls sideways on small screens: focusable so that keyboards can scroll it. */}
          <div className="fr-table__container" tabIndex={0}>
            <div className="fr-table__content">
              <table>
                <caption>Cookies strictement nécessaires, déposés sans consentement</caption>
                <thead>
                  <tr>
                    <th scope="col">Nom</th>
                    <th scope="col">Finalité</th>
                    <th scope="col">Durée</th>
                  </tr>
                </thead>
                <tbody>
                  <tr>
                    <td>__session</td>
                    <td className="fr-cell--multiline">
                      Maintenir votre connexion au portail (cookie de session)
                    </td>
                    <td>12 heures au plus</td>
                  </tr>
                  <tr>
                    <td>redirect_to, oauth2:…</td>
                    <td className="fr-cell--multiline">
                      Pendant la connexion, retenir la page demandée et sécuriser l'échange avec le
                      service d'authentification
                    </td>
                    <td>1 heure au plus</td>
                  </tr>
                  <tr>
                    <td>gdpr-cookies-consent</td>
                    <td className="fr-cell--multiline">
                      Retenir votre choix sur la mesure d'audience
                    </td>
                    <td>365 jours</td>
                  </tr>
                </tbody>
              </table>
            </div>
          </div>
        </div>
      </div>
      <p>
        Le service d'authentification de l'Anah dépose ses propres cookies techniques pendant la
        durée de votre connexion. Aucun cookie publicitaire ni de réseau social n'est utilisé.
      </p>
    </ContentPage>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];
