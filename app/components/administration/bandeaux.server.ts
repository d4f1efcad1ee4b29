import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { data, type AppLoadContext } from "@remix-run/node";
import { schemaNouveauBandeau } from "#contract/schemas/administration";
import { ApiError } from "~/.server/api.server";
import { creerBandeau, retirerBandeau } from "~/.server/administration.server";
import { callEndpoint } from "~/.server/api-client.server";
import { viderCacheBandeaux } from "~/.server/bandeaux.server";
import { redirectWithToast } from "~/.server/toast.server";
import { fieldErrorsOf } from "~/components/forms";
import { t } from "~/i18n";

/** The banners page: where Post/Redirect/Get comes back. */
const ADRESSE = "/administration/bandeaux";

/** The form's fields as the browser posts them (strings), for the API. */
function champ(formData: FormData, nom: string): string | undefined {
  const valeur = formData.get(nom);
  return typeof valeur === "string" && valeur.trim() ? valeur : undefined;
}

/**
 * Intent `retirer`: POST /api/administration/bandeaux/{bandeauId}/retrait,
 * then empties the process's banner cache. Redirects to the page with a
 * notification (an info one when the API answers 409); 400 on a malformed id.
 */
export async function retirerBandeauSaisi(
  request: Request,
  context: AppLoadContext,
  formData: FormData,
) {
  const bandeauId = String(formData.get("bandeauId") ?? "");
  if (!/^\d{1,9}$/.test(bandeauId)) throw new Response("Bandeau inconnu", { status: 400 });
  try {
    await callEndpoint(request, context, retirerBandeau, { params: { bandeauId } });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 409)) throw error;
    return redirectWithToast(
      ADRESSE,
      { type: "info", titre: t("notification.titre.info"), description: error.message },
      { request, context },
    );
  }
  viderCacheBandeaux();
  return redirectWithToast(
    ADRESSE,
    {
      type: "success",
      titre: t("notification.titre.success"),
      description: "Le bandeau a été retiré.",
    },
    { request, context },
  );
}

/**
 * Intent `creer`: checks the new banner with the API's own rules
 * (`schemaNouveauBandeau`), then POST /api/administration/bandeaux and
 * empties the process's banner cache. Redirects with a notification; a
 * refusal answers conform's `lastResult` (400, or 422 with the API's
 * messages on their fields) so that what was typed is kept.
 */
export async function creerBandeauSaisi(
  request: Request,
  context: AppLoadContext,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: schemaNouveauBandeau });
  if (submission.status !== "success") {
    return data({ lastResult: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
  }
  const type = submission.value.type;
  try {
    await callEndpoint(request, context, creerBandeau, {
      body: {
        type,
        demandeType: type === "info" ? champ(formData, "demandeType") : undefined,
        titre: champ(formData, "titre"),
        message: String(formData.get("message")),
        dateDebut: champ(formData, "dateDebut"),
        dateFin: champ(formData, "dateFin"),
      },
      format: "form",
    });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 422)) throw error;
    const erreurs = fieldErrorsOf(error.body);
    return data(
      {
        lastResult: submission.reply(
          Object.keys(erreurs).length
            ? { fieldErrors: erreurs }
            : { formErrors: [error.message || t("erreur.autre.sousTitre")] },
        ) as SubmissionResult<string[]>,
      },
      { status: 422 },
    );
  }
  viderCacheBandeaux();
  return redirectWithToast(
    ADRESSE,
    {
      type: "success",
      titre: t("notification.titre.success"),
      description: "Le bandeau a été enregistré.",
    },
    { request, context },
  );
}
