import { parseWithZod } from "@conform-to/zod";
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import {
  perimetreSupervisionABloquer,
  schemaPerimetreSupervision,
} from "#contract/schemas/compte-parametres";
import {
  callEndpoint,
  enregistrerPerimetreSupervision,
  lireUtilisateurCourant,
  listerDepartements,
  listerRegions,
} from "~/.server/api-client.server";
import { requireRole, requireUser } from "~/.server/auth.server";
import { safeRedirectPath } from "~/.server/redirect-url.server";
import { refusDuFormulaire } from "~/.server/refus-api.server";
import { redirectWithToast } from "~/.server/toast.server";
import {
  AUCUNE_BORNE,
  BlocagePerimetreSupervision,
  PERIMETRE_SUPERVISION_PATH,
} from "~/components/parametres-compte/perimetre-supervision";
import { t } from "~/i18n";
import { pageTitle } from "~/utils/title";

/** A same-origin path to go back to; never this route itself. */
function retourApres(value: unknown): string {
  const path = safeRedirectPath(value, "/");
  return path === PERIMETRE_SUPERVISION_PATH || path.startsWith(`${PERIMETRE_SUPERVISION_PATH}?`)
    ? "/"
    : path;
}

/**
 * `/account/perimetre-supervision?redirectTo=`: the superviseur's blocking
 * perimeter section on its own URL (where a refused post lands, spec §2
 * Modals, §6). Someone who is not blocked goes on to `redirectTo` (else home).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const redirectTo = retourApres(new URL(request.url).searchParams.get("redirectTo"));
  if (!user.roles.includes("superviseur")) throw redirect(redirectTo);
  const compte = await callEndpoint(request, context, lireUtilisateurCourant);
  if (!perimetreSupervisionABloquer(compte)) throw redirect(redirectTo);
  const [regions, departements] = await Promise.all([
    callEndpoint(request, context, listerRegions),
    callEndpoint(request, context, listerDepartements),
  ]);
  return {
    redirectTo,
    regions,
    departements,
    perimetre: compte.perimetreSupervision,
    borne: compte.borneSupervision ?? AUCUNE_BORNE,
  };
}

/**
 * Records the perimeter chosen in the blocking section (spec §7 POST
 * /api/user/perimetre-supervision): the shared schema first (400, messages
 * in the form), the API's refusals next to their fields (422: password,
 * bound; 429 in the summary), the password never sent back; then back to
 * the page that was blocked with "périmètre mis à jour" (spec §8).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireRole(request, context, "superviseur");
  const formData = await request.formData();
  const redirectTo = retourApres(formData.get("redirectTo"));
  const submission = parseWithZod(formData, { schema: schemaPerimetreSupervision });
  const sansMotDePasse = { hideFields: ["motDePasseActuel"] };
  if (submission.status !== "success")
    return data({ lastResult: submission.reply(sansMotDePasse), redirectTo }, { status: 400 });
  try {
    await callEndpoint(request, context, enregistrerPerimetreSupervision, {
      body: submission.value,
    });
  } catch (error) {
    return refusDuFormulaire(error, submission, {
      statuts: [422, 429],
      ...sansMotDePasse,
      donnees: { redirectTo },
    });
  }
  return redirectWithToast(
    redirectTo,
    {
      type: "success",
      titre: t("notification.titre.success"),
      description: t("notification.success.perimetreModifie"),
    },
    { request, context },
  );
}

/** The blocking perimeter section, with the errors of a refused post. */
export default function PerimetreSupervisionBloquant() {
  const { redirectTo, regions, departements, perimetre, borne } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <BlocagePerimetreSupervision
      regions={regions}
      departements={departements}
      perimetre={perimetre}
      borne={borne}
      lastResult={result?.lastResult}
      redirectTo={result?.redirectTo ?? redirectTo}
    />
  );
}

export const meta: MetaFunction = () => [
  { title: pageTitle("Définir votre périmètre de supervision") },
];
