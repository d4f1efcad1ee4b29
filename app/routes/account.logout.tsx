import {
  redirect,
  redirectDocument,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { getOptionalUser } from "~/.server/auth.server";
import { oidcEndpoints } from "~/.server/oidc.server";
import { destroySession, getSession } from "~/.server/session.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { ContentPage } from "~/components/content-page";
import { BoutonDeconnexion } from "~/components/deconnexion";
import { t } from "~/i18n";
import { pageTitle } from "~/utils/title";

const TITLE = t("header.seDeconnecter");

export const handle: BreadcrumbHandle = { breadcrumb: TITLE };

/**
 * GET `/account/logout` signs nobody out (an image or a
 * link on another site could send it): a signed-in user gets the page with
 * the sign-out button, anyone else goes to `/account/login`.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!(await getOptionalUser(request, context))) throw redirect("/account/login");
  return null;
}

/**
 * POST `/account/logout` (spec §2; its origin checked by server/security.ts
 * `sameOriginGuard` before Remix runs): deletes the server-side session,
 * then ends the identity provider's session (end-session with
 * `id_token_hint`), which sends the user back to `/account/login`. A full
 * page load (`redirectDocument`) even when Remix submitted the form.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const session = await getSession(request, context);
  const idToken = session.get("idToken");
  const headers = { "Set-Cookie": await destroySession(session, context) };
  const { settings } = context;
  if (!idToken) return redirectDocument("/account/login", { headers });
  const endSession = new URL(oidcEndpoints(settings.oidcIssuer).endSession);
  endSession.searchParams.set("id_token_hint", idToken);
  endSession.searchParams.set("client_id", settings.oidcClientId);
  endSession.searchParams.set("post_logout_redirect_uri", `${settings.publicUrl}/account/login`);
  return redirectDocument(endSession.toString(), { headers });
}

/** The page of a GET: what signing out does, and the button that does it. */
export default function Deconnexion() {
  return (
    <ContentPage title={TITLE}>
      <p>
        Vous allez être déconnecté du portail des agréments Mon Accompagnateur Rénov'. Pour revenir,
        il faudra vous connecter à nouveau.
      </p>
      <BoutonDeconnexion className="fr-btn fr-icon-logout-box-r-line fr-btn--icon-left" />
    </ContentPage>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];
