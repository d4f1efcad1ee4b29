import { parseWithZod } from "@conform-to/zod";
import { schemaChangementMotDePasse } from "#contract/schemas/compte-parametres";
import { callEndpoint, changerMotDePasse } from "~/.server/api-client.server";
import { INTENT_CHANGEMENT_MOT_DE_PASSE } from "~/components/parametres-compte/changement-mot-de-passe";
import {
  envoyer,
  refus,
  succes,
  type ArgsAction,
} from "~/components/parametres-compte/reponses-parametres.server";
import { t } from "~/i18n";

/**
 * "Changer de mot de passe": POST /api/user/mot-de-passe (the current
 * password checked, the spec's rule, different from the old), then back
 * here; the other sessions are closed by the API. Passwords are never sent
 * back into the form.
 */
export async function actionChangementMotDePasse(formData: FormData, args: ArgsAction) {
  const submission = parseWithZod(formData, { schema: schemaChangementMotDePasse });
  const sansMotsDePasse = { hideFields: ["motDePasseActuel", "motDePasse", "confirmation"] };
  if (submission.status !== "success")
    return refus(INTENT_CHANGEMENT_MOT_DE_PASSE, submission.reply(sansMotsDePasse), 400);
  const refuse = await envoyer(
    INTENT_CHANGEMENT_MOT_DE_PASSE,
    { reply: (options) => submission.reply({ ...options, ...sansMotsDePasse }) },
    () => callEndpoint(args.request, args.context, changerMotDePasse, { body: submission.value }),
  );
  return refuse ?? succes(t("notification.success.motDePasseModifie"), args);
}
