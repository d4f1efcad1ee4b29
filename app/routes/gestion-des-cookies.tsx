import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { safeRedirectPath } from "~/.server/redirect-url.server";
import { redirectWithToast } from "~/.server/toast.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { ContentPage } from "~/components/content-page";
import {
  CookiesDeposes,
  PersonnaliserMesChoix,
  VotreChoix,
} from "~/components/pages-legales/cookies-du-portail";
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
      <VotreChoix consent={consent} redirectTo={redirectTo} />
      <PersonnaliserMesChoix consent={consent} redirectTo={redirectTo} />
      <CookiesDeposes />
    </ContentPage>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];
