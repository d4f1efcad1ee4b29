import type { SubmissionResult } from "@conform-to/react";
import { data, type ActionFunctionArgs } from "@remix-run/node";
import { ApiError } from "~/.server/api.server";
import { redirectWithToast } from "~/.server/toast.server";
import { refusEnErreurs } from "~/components/forms";
import { t } from "~/i18n";

/** /account/params: where Post/Redirect/Get comes back. */
const ADRESSE = "/account/params";

/** What each form's action of /account/params receives besides the form data. */
export type ArgsAction = { request: Request; context: ActionFunctionArgs["context"] };

/** The answer of a refused form: which form (`intent`) and conform's result. */
type Refus = { intent: string; lastResult: SubmissionResult<string[]> };

/**
 * A refused post of form `intent`: 400 for the browser-side rules, else the
 * API's 422 field errors next to the fields (or its message above them).
 */
export function refus(intent: string, lastResult: SubmissionResult<string[]>, status: number) {
  return data<Refus>({ intent, lastResult }, { status });
}

/**
 * Sends a checked form to the API with `appel`; a 422 comes back as the
 * fields' errors, a 409, 429 or 503 as the form's message, anything else is
 * thrown (error page).
 */
export async function envoyer(
  intent: string,
  submission: { reply: (options?: object) => SubmissionResult<string[]> },
  appel: () => Promise<unknown>,
) {
  try {
    await appel();
    return null;
  } catch (error) {
    if (!(error instanceof ApiError && [409, 422, 429, 503].includes(error.status))) throw error;
    return refus(
      intent,
      submission.reply(refusEnErreurs(error.body, error.message || t("erreur.autre.sousTitre"))),
      error.status,
    );
  }
}

/** Post/Redirect/Get to /account/params with a success notification. */
export function succes(description: string, args: ArgsAction) {
  return redirectWithToast(
    ADRESSE,
    { type: "success", titre: t("notification.titre.success"), description },
    args,
  );
}
