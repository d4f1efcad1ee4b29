/**
 * Server side of the applicant's answer to a request for documents (spec
 * §4 DONNER_COMPLEMENT): shared by the completeness page's action (plain
 * form, no JavaScript) and its upload endpoint (script with progress bar).
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";
import type { TypeDossier } from "#contract/etats";
import { schemasAction } from "#contract/schemas/instruction";
import { callEndpoint, executerAction } from "~/.server/api-client.server";
import type { Toast } from "~/.server/context";
import { refusApi } from "~/.server/refus-api.server";
import { erreursDeApi } from "~/components/demande/formulaire/formulaire.server";
import { actionSuccessMessage, t } from "~/i18n";

/** Where the applicant lands once the answer went through (spec §4 effects). */
export function urlConfirmationComplement(id: string, type: TypeDossier): string {
  return `/demande/${type}/confirmation/${id}?actionType=DONNER_COMPLEMENT`;
}

/** The notification of a successful answer (spec §8). */
export function toastComplement(type: TypeDossier): Omit<Toast, "id"> {
  return {
    type: "success",
    titre: t("notification.titre.success"),
    description: actionSuccessMessage(type, "DONNER_COMPLEMENT"),
  };
}

/** The text fields of a multipart post: what conform checks and sends back. */
function champsTexte(formData: FormData): FormData {
  const textes = new FormData();
  for (const [name, value] of formData) if (typeof value === "string") textes.append(name, value);
  return textes;
}

/** The files chosen in the `fichier` input; an empty input posts one nameless empty part. */
function fichiersChoisis(formData: FormData): File[] {
  return formData
    .getAll("fichier")
    .filter((value): value is File => typeof value !== "string")
    .filter((fichier) => fichier.size > 0 || fichier.name !== "");
}

/** The outcome of {@link transmettreComplement}. */
export type ResultatComplement =
  { ok: true } | { ok: false; status: number; lastResult: SubmissionResult<string[]> };

/**
 * Reads the multipart post of the completeness form (`version`,
 * `commentaire`, files `fichier`), checks the comment with the contract's
 * schema, then posts `POST /api/{type}/{id}/action` (demande or
 * changement-notable) multipart with
 * `action=DONNER_COMPLEMENT`, the version, the comment and the files as
 * `fichier`, `fichier1`… The API checks the rest (at least one file, type
 * from the bytes, size and count). A refusal comes back as conform's reply
 * with the typed comment: 422 with the messages by field (the API's
 * `fichier…` errors all under `fichier`), 409 (changed meanwhile) and 403
 * (no longer awaited) as a form error. Other failures are thrown.
 */
export async function transmettreComplement(
  request: Request,
  context: AppLoadContext,
  id: string,
  type: TypeDossier,
): Promise<ResultatComplement> {
  const formData = await request.formData();
  const submission = parseWithZod(champsTexte(formData), {
    schema: schemasAction().DONNER_COMPLEMENT,
  });
  if (submission.status !== "success")
    return { ok: false, status: 422, lastResult: submission.reply() };

  const corps = new FormData();
  corps.set("action", "DONNER_COMPLEMENT");
  const version = String(formData.get("version") ?? "");
  if (/^\d+$/.test(version)) corps.set("version", version);
  if (submission.value.commentaire) corps.set("commentaire", submission.value.commentaire);
  fichiersChoisis(formData).forEach((fichier, index) =>
    corps.append(index === 0 ? "fichier" : `fichier${index}`, fichier, fichier.name),
  );
  try {
    await callEndpoint(request, context, executerAction, {
      params: { kind: type, id },
      encodedBody: corps,
    });
  } catch (error) {
    const refus = refusApi(error, [403, 409, 422]);
    if (refus.status === 403)
      return {
        ok: false,
        status: 403,
        lastResult: submission.reply({
          formErrors: ["Cette demande n'attend plus de compléments."],
        }),
      };
    const { fieldErrors, formErrors } = erreursDeApi(refus);
    const parChamp: Record<string, string[]> = {};
    for (const [nom, messages] of Object.entries(fieldErrors)) {
      const champ = /^fichier\d*$/.test(nom) ? "fichier" : nom;
      parChamp[champ] = [...(parChamp[champ] ?? []), ...messages];
    }
    return {
      ok: false,
      status: refus.status,
      lastResult: submission.reply({ fieldErrors: parChamp, formErrors }),
    };
  }
  return { ok: true };
}
