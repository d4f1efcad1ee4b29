import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { schemaParametresMail } from "#contract/schemas/utilisateur";
import { ApiError } from "~/.server/api.server";
import { callEndpoint, enregistrerParametresMail } from "~/.server/api-client.server";
import { INTENT_PREFERENCES_COURRIEL } from "~/components/parametres-compte/preferences-courriel";
import {
  refus,
  succes,
  type ArgsAction,
} from "~/components/parametres-compte/reponses-parametres.server";
import { t } from "~/i18n";

/**
 * Saves the mail preferences (spec §7 `POST /api/user/parametre-mail`): one
 * checkbox per code of PARAMETRES_MAIL, an unticked box meaning "no" (the
 * shared `schemaParametresMail`), then Post/Redirect/Get to /account/params
 * with a success notification. A refusal of the API shows its message above
 * the boxes, which keep what was ticked.
 */
export async function actionPreferencesCourriel(formData: FormData, args: ArgsAction) {
  const submission = parseWithZod(formData, { schema: schemaParametresMail });
  if (submission.status !== "success") {
    return refus(
      INTENT_PREFERENCES_COURRIEL,
      submission.reply() as SubmissionResult<string[]>,
      400,
    );
  }
  try {
    await callEndpoint(args.request, args.context, enregistrerParametresMail, {
      body: submission.value,
    });
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 422)) throw error;
    return refus(
      INTENT_PREFERENCES_COURRIEL,
      submission.reply({
        formErrors: [error.message || t("erreur.autre.sousTitre")],
      }) as SubmissionResult<string[]>,
      422,
    );
  }
  return succes(t("notification.success.parametresMailEnregistres"), args);
}
