import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ApiError } from "~/.server/api.server";
import { callEndpoint, executerAction } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import { redirectWithToast } from "~/.server/toast.server";
import { actionSuccessMessage, t } from "~/i18n";

/** Shown when the draft no longer offers APPLIQUER_ARRETE (already applied, cancelled…). */
export const MESSAGE_ARRETE_INDISPONIBLE =
  "Ce brouillon n'est plus à mettre à jour selon l'arrêté en vigueur.";

/** No page here: a GET (a typed address, a reload) goes back home. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "demandeur");
  return redirect("/");
}

/**
 * `POST /demande/demande/appliquer-arrete/{id}` (ADR 0018, DESIGN §3
 * `arrete_perime` → APPLIQUER_ARRETE → `brouillon`): the applicant binds his
 * draft started under a superseded arrêté to the one in force. The plain
 * form of the home card posts here, with or without JavaScript, with the
 * version it showed; this posts `action=APPLIQUER_ARRETE` to
 * `POST /api/demande/{id}/action` and goes back home with the notification
 * `notification.action.success.demande.APPLIQUER_ARRETE`. 409 (the draft
 * changed meanwhile, or no arrêté is in force) and 403 (not offered any
 * more) go home with an error notification carrying the API's message.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireRole(request, context, "demandeur");
  const formData = await request.formData();
  const version = formData.get("version");
  try {
    await callEndpoint(request, context, executerAction, {
      params: { kind: "demande", id: params.id! },
      body: {
        action: "APPLIQUER_ARRETE",
        version: typeof version === "string" && version ? version : undefined,
      },
      format: "form",
    });
  } catch (error) {
    if (!(error instanceof ApiError) || ![403, 409].includes(error.status)) throw error;
    return redirectWithToast(
      "/",
      {
        type: "error",
        titre: t(
          error.status === 409 ? "notification.error.titre.409" : "notification.error.titre.403",
        ),
        description:
          error.status === 409
            ? error.message || t("notification.error.conflit")
            : MESSAGE_ARRETE_INDISPONIBLE,
      },
      { request, context },
    );
  }
  return redirectWithToast(
    "/",
    {
      type: "success",
      titre: t("notification.titre.success"),
      description: actionSuccessMessage("demande", "APPLIQUER_ARRETE"),
    },
    { request, context },
  );
}
