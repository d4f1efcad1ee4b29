import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MESSAGE_LIEN_INVALIDE } from "#contract/schemas/candidat";
import { ApiError } from "~/.server/api.server";
import { callEndpoint, confirmerCompte } from "~/.server/api-client.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { ContentPage } from "~/components/content-page";
import { NouveauLienForm } from "~/components/nouveau-lien-form";
import { pageTitle } from "~/utils/title";

const TITRE_ACTIVE = "Votre compte est activé";
const TITRE_INVALIDE = "Activation du compte impossible";

/**
 * Follows the link of the confirmation mail (spec §7 GET
 * /api/user/token-mail-check, §8 invalid e-mail token): `{ valide: true,
 * email }` once the account is active; `{ valide: false }` for a missing,
 * unknown, used or expired token (API 422, or 404).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token")?.trim();
  if (!token) return { valide: false as const };
  try {
    const { email } = await callEndpoint(request, context, confirmerCompte, { query: { token } });
    return { valide: true as const, email };
  } catch (error) {
    const invalide =
      (error instanceof ApiError && [400, 410, 422].includes(error.status)) ||
      (error instanceof Response && error.status === 404);
    if (invalide) return { valide: false as const };
    throw error;
  }
}

export const handle: BreadcrumbHandle = { breadcrumb: "Activation du compte" };

/**
 * `/creation-compte/confirmation?token=`: "Votre compte est activé" with a
 * sign-in button, or the spec's invalid-link message in an error alert with
 * the form to get a new link.
 */
export default function Confirmation() {
  const resultat = useLoaderData<typeof loader>();
  return (
    <ContentPage title={resultat.valide ? TITRE_ACTIVE : TITRE_INVALIDE}>
      {resultat.valide ? (
        <>
          <div className="fr-alert fr-alert--success fr-mb-4w" role="status">
            <p>
              L'adresse électronique {resultat.email} est confirmée. Vous pouvez maintenant vous
              connecter et déposer votre demande d'agrément.
            </p>
          </div>
          <ul className="fr-btns-group fr-btns-group--inline-md">
            <li>
              <a className="fr-btn" href="/account/login">
                Se connecter
              </a>
            </li>
          </ul>
        </>
      ) : (
        <>
          <div className="fr-alert fr-alert--error fr-mb-4w" role="alert">
            <h2 className="fr-alert__title">Lien invalide ou expiré</h2>
            <p>{MESSAGE_LIEN_INVALIDE}</p>
          </div>
          <NouveauLienForm titleAs="h2" />
        </>
      )}
    </ContentPage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data?.valide ? TITRE_ACTIVE : TITRE_INVALIDE) },
];
