import { parseWithZod } from "@conform-to/zod";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { schemaAcceptationCgu } from "#contract/schemas/candidat";
import { accepterCgu, callEndpoint, lireUtilisateurCourant } from "~/.server/api-client.server";
import { requireRole, requireUser } from "~/.server/auth.server";
import { safeRedirectPath } from "~/.server/redirect-url.server";
import { refusDuFormulaire } from "~/.server/refus-api.server";
import { redirectWithToast } from "~/.server/toast.server";
import { CGU_FORM_PATH, CguForm, cguMiseAJour } from "~/components/cgu-form";
import { pageTitle } from "~/utils/title";

/** A same-origin path to go back to; never /cgu itself. */
function retourApres(value: unknown): string {
  const path = safeRedirectPath(value, "/");
  return path === CGU_FORM_PATH || path.startsWith(`${CGU_FORM_PATH}?`) ? "/" : path;
}

/**
 * `/cgu?redirectTo=`: the terms form on its own URL (where a refused post
 * lands). Someone with nothing to accept goes on to `redirectTo` (else home).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const redirectTo = retourApres(new URL(request.url).searchParams.get("redirectTo"));
  if (!user.roles.includes("demandeur")) throw redirect(redirectTo);
  const compte = await callEndpoint(request, context, lireUtilisateurCourant);
  if (!compte.shallAcceptCgu) throw redirect(redirectTo);
  return { redirectTo, miseAJour: cguMiseAJour(compte) };
}

/**
 * Records the acceptance of the terms (spec §3 Terms form, §5 both consents
 * true, §7 POST /api/user/accept-cgu): validates with the shared
 * `schemaAcceptationCgu` (400 with the messages next to the boxes), then
 * redirects to the page that was blocked (`redirectTo`, same origin only)
 * with a success notification.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireRole(request, context, "demandeur");
  const formData = await request.formData();
  const redirectTo = retourApres(formData.get("redirectTo"));
  const submission = parseWithZod(formData, { schema: schemaAcceptationCgu });
  if (submission.status !== "success") {
    return data({ lastResult: submission.reply(), redirectTo }, { status: 400 });
  }
  try {
    await callEndpoint(request, context, accepterCgu, { body: submission.value });
  } catch (error) {
    return refusDuFormulaire(error, submission, { donnees: { redirectTo } });
  }
  return redirectWithToast(
    redirectTo,
    {
      type: "success",
      titre: "Conditions générales d'utilisation acceptées",
      description: "Merci, vous pouvez maintenant utiliser le portail.",
    },
    { request, context },
  );
}

/** The blocking terms section, with the errors of a refused post. */
export default function Cgu() {
  const { redirectTo, miseAJour } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <CguForm
      lastResult={result?.lastResult}
      redirectTo={result?.redirectTo ?? redirectTo}
      miseAJour={miseAJour}
    />
  );
}

export const meta: MetaFunction = () => [
  { title: pageTitle("Conditions générales d'utilisation") },
];
