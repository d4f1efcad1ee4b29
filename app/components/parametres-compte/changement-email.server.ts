import { parseWithZod } from "@conform-to/zod";
import { schemaChangementEmail } from "#contract/schemas/compte-parametres";
import { callEndpoint, demanderChangementEmail } from "~/.server/api-client.server";
import { INTENT_CHANGEMENT_EMAIL } from "~/components/parametres-compte/changement-email";
import {
  envoyer,
  refus,
  succes,
  type ArgsAction,
} from "~/components/parametres-compte/reponses-parametres.server";
import { t } from "~/i18n";

/**
 * "Changer d'adresse électronique": POST /api/user/token-mail/changement
 * with the current password, then back here saying where the link went; an
 * invalid address or a wrong password comes back on its field, the address
 * kept and the password never sent back.
 */
export async function actionChangementEmail(formData: FormData, args: ArgsAction) {
  const submission = parseWithZod(formData, { schema: schemaChangementEmail });
  const sansMotDePasse = { hideFields: ["motDePasseActuel"] };
  if (submission.status !== "success")
    return refus(INTENT_CHANGEMENT_EMAIL, submission.reply(sansMotDePasse), 400);
  const refuse = await envoyer(
    INTENT_CHANGEMENT_EMAIL,
    { reply: (options) => submission.reply({ ...options, ...sansMotDePasse }) },
    () =>
      callEndpoint(args.request, args.context, demanderChangementEmail, { body: submission.value }),
  );
  return (
    refuse ??
    succes(
      t("notification.success.lienChangementEmailEnvoye", { email: submission.value.email }),
      args,
    )
  );
}
