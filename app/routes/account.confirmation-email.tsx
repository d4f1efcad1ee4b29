import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { MESSAGE_LIEN_PLUS_VALABLE } from "#contract/schemas/compte-parametres";
import {
  callEndpoint,
  confirmerChangementEmail,
  verifierLienChangementEmail,
} from "~/.server/api-client.server";
import { refusApi } from "~/.server/refus-api.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { ContentPage } from "~/components/content-page";
import { pageTitle } from "~/utils/title";

/** The token of the link, trimmed ("" when absent). */
function jetonDe(valeur: unknown): string {
  return typeof valeur === "string" ? valeur.trim() : "";
}

/**
 * `/account/confirmation-email?token=` (spec §3
 * `isEmailTokenValid`, ADR 0025): the link of the mail sent to the new
 * address. Reading the page consumes nothing (mail scanners open links):
 * `{ isEmailTokenValid, email }` of GET /api/user/token-mail/changement.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = jetonDe(new URL(request.url).searchParams.get("token"));
  if (!token) return { token, isEmailTokenValid: false, email: null };
  const verification = await callEndpoint(request, context, verifierLienChangementEmail, {
    query: { token },
  });
  return { token, ...verification };
}

/**
 * "Confirmer" (POST /api/user/token-mail/confirmation): `{ confirme: true,
 * email }` once the address changed (every session of the account ended:
 * the user signs in again with the new address), or the spec's message for
 * a link that is no longer valid (§8).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const token = jetonDe((await request.formData()).get("token"));
  try {
    const { email } = await callEndpoint(request, context, confirmerChangementEmail, {
      body: { token },
    });
    return { confirme: true as const, email, message: null };
  } catch (error) {
    const refus = refusApi(error, [422]);
    return data(
      {
        confirme: false as const,
        email: null,
        message: refus.message || MESSAGE_LIEN_PLUS_VALABLE,
      },
      { status: 422 },
    );
  }
}

export const handle: BreadcrumbHandle = { breadcrumb: "Confirmation de l'adresse électronique" };

/**
 * The confirmation page: a "Confirmer ma nouvelle adresse" button while the
 * link is valid; then "adresse modifiée" with a sign-in button; or the
 * invalid-link message with a way back to the account settings.
 */
export default function ConfirmationEmail() {
  const { token, isEmailTokenValid, email } = useLoaderData<typeof loader>();
  const resultat = useActionData<typeof action>();
  return (
    <ContentPage title="Confirmation de votre nouvelle adresse électronique">
      {resultat?.confirme ? (
        <>
          <div className="fr-alert fr-alert--success fr-mb-4w" role="status">
            <h2 className="fr-alert__title">Adresse électronique modifiée</h2>
            <p>
              Votre adresse électronique est désormais {resultat.email}. Pour votre sécurité, vos
              sessions ont été fermées : connectez-vous avec cette nouvelle adresse.
            </p>
          </div>
          <a className="fr-btn" href="/account/login">
            Se connecter
          </a>
        </>
      ) : resultat || !isEmailTokenValid ? (
        <>
          <div className="fr-alert fr-alert--error fr-mb-4w" role="alert">
            <h2 className="fr-alert__title">Lien invalide ou expiré</h2>
            <p>{resultat?.message ?? MESSAGE_LIEN_PLUS_VALABLE}</p>
          </div>
          <a className="fr-btn fr-btn--secondary" href="/account/params">
            Paramètres du compte
          </a>
        </>
      ) : (
        <Form method="post">
          <p>
            Confirmez que vous souhaitez utiliser l'adresse <strong>{email}</strong> pour votre
            compte. Elle deviendra votre identifiant de connexion et vos sessions ouvertes seront
            fermées.
          </p>
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="fr-btn">
            Confirmer ma nouvelle adresse
          </button>
        </Form>
      )}
    </ContentPage>
  );
}

export const meta: MetaFunction = () => [
  { title: pageTitle("Confirmation de l'adresse électronique") },
];
