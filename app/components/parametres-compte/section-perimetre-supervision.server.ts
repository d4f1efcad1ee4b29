import { parseWithZod } from "@conform-to/zod";
import { schemaPerimetreSupervision } from "#contract/schemas/compte-parametres";
import { callEndpoint, enregistrerPerimetreSupervision } from "~/.server/api-client.server";
import {
  envoyer,
  refus,
  succes,
  type ArgsAction,
} from "~/components/parametres-compte/reponses-parametres.server";
import { INTENT_PERIMETRE } from "~/components/parametres-compte/section-perimetre-supervision";
import { t } from "~/i18n";

/** "Périmètre de supervision": POST /api/user/perimetre-supervision, then "périmètre mis à jour" (spec §8). */
export async function actionPerimetre(formData: FormData, args: ArgsAction) {
  const submission = parseWithZod(formData, { schema: schemaPerimetreSupervision });
  const sansMotDePasse = { hideFields: ["motDePasseActuel"] };
  if (submission.status !== "success")
    return refus(INTENT_PERIMETRE, submission.reply(sansMotDePasse), 400);
  const refuse = await envoyer(
    INTENT_PERIMETRE,
    { reply: (options) => submission.reply({ ...options, ...sansMotDePasse }) },
    () =>
      callEndpoint(args.request, args.context, enregistrerPerimetreSupervision, {
        body: submission.value,
      }),
  );
  return refuse ?? succes(t("notification.success.perimetreModifie"), args);
}
