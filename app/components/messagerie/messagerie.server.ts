/**
 * Server side of the messaging page (`/messagerie/{demandeType}?id=…`, spec
 * §3 Messaging, §7): which thread the URL names, from which side the user
 * reads it, and the page's two posts (a message, the refresh), each ending
 * in Post/Redirect/Get to the page.
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, type AppLoadContext } from "@remix-run/node";
import type { TypeDossier } from "#contract/etats";
import { INSTRUCTION_ROLES, STAFF_ROLES, hasAnyRole } from "#contract/roles";
import { schemaMessage } from "#contract/schemas/demande";
import { ApiError } from "~/.server/api.server";
import { callEndpoint, envoyerMessage, executerAction } from "~/.server/api-client.server";
import { refusAcces } from "~/.server/auth.server";
import type { SessionUser } from "~/.server/context";
import { refusApi } from "~/.server/refus-api.server";
import { redirectWithToast } from "~/.server/toast.server";
import { lireTypeDossier } from "~/components/dossier/actions";
import { pageNonTrouvee } from "~/components/dossier/dossier.server";
import { t } from "~/i18n";
import { adresseMessagerie } from "./messagerie";

/** The thread of a page: its file's type and id. */
export interface FilCible {
  type: TypeDossier;
  id: string;
}

/** Takes the request and the URL's file type; returns the type and the request id of the query, or throws a 404. */
export function cibleMessagerie(request: Request, demandeType: string | undefined): FilCible {
  const type = lireTypeDossier(demandeType);
  const id = new URL(request.url).searchParams.get("id");
  if (!type || !id) throw pageNonTrouvee();
  return { type, id };
}

/**
 * The side the user reads the thread from (DESIGN §4): the applicant; the
 * instruction staff, who answer; central staff, who only read. Anyone else
 * gets the 403 page (spec §6).
 */
export function coteLecteur(user: SessionUser): "demandeur" | "instruction" | "lecture" {
  if (user.roles.includes("demandeur")) return "demandeur";
  if (hasAnyRole(user.roles, INSTRUCTION_ROLES)) return "instruction";
  if (hasAnyRole(user.roles, STAFF_ROLES)) return "lecture";
  throw refusAcces();
}

/**
 * Sends the posted message (spec §7 `POST /api/{type}/{id}/message`):
 * `schemaMessage` (required, ≤ 5000 characters; 400 with errors under the
 * field, text kept), then Post/Redirect/Get to the thread with a success
 * notification. 422 → the API's message under the field; 409 (thread
 * closed meanwhile) → the thread with the API's message as an error
 * notification.
 */
export async function envoyerMessageSaisi(
  request: Request,
  context: AppLoadContext,
  { type, id }: FilCible,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: schemaMessage });
  if (submission.status !== "success") {
    return data({ lastResult: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
  }
  try {
    await callEndpoint(request, context, envoyerMessage, {
      params: { type, id },
      body: { message: submission.value.message },
    });
  } catch (error) {
    const refus = refusApi(error, [409, 422]);
    if (refus.status === 409) {
      return redirectWithToast(
        adresseMessagerie(type, id),
        { type: "error", titre: t("notification.titre.error"), description: refus.message },
        { request, context },
      );
    }
    // The only field: the API's message goes under it whatever `errors` names.
    const detail = refus.message || t("erreur.autre.sousTitre");
    return data(
      {
        lastResult: submission.reply({
          fieldErrors: { message: [detail] },
        }) as SubmissionResult<string[]>,
      },
      { status: 422 },
    );
  }
  return redirectWithToast(
    adresseMessagerie(type, id),
    {
      type: "success",
      titre: t("notification.titre.success"),
      description: t("notification.success.messageEnvoye"),
    },
    { request, context },
  );
}

/**
 * "Actualiser les messages" (spec §4 action RECHARGER_MESSAGERIE, §8
 * "messages refreshed"; ADR 0018): `POST /api/{type}/{id}/action`, which
 * writes nothing, then Post/Redirect/Get to the thread, whose loader reads
 * it again, under the success notification. A refusal (403: not offered to
 * this user or in this state; 409) comes back as an error notification
 * with the API's message.
 */
export async function actualiserMessagerie(
  request: Request,
  context: AppLoadContext,
  { type, id }: FilCible,
): Promise<Response> {
  try {
    await callEndpoint(request, context, executerAction, {
      params: { kind: type, id },
      body: { action: "RECHARGER_MESSAGERIE" },
      format: "form",
    });
  } catch (error) {
    if (!(error instanceof ApiError) || ![403, 409].includes(error.status)) throw error;
    return redirectWithToast(
      adresseMessagerie(type, id),
      { type: "error", titre: t("notification.titre.error"), description: error.message },
      { request, context },
    );
  }
  return redirectWithToast(
    adresseMessagerie(type, id),
    {
      type: "success",
      titre: t("notification.titre.success"),
      description: t(`notification.action.success.${type}.RECHARGER_MESSAGERIE`),
    },
    { request, context },
  );
}
