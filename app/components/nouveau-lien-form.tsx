import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { schemaNouveauLien } from "#contract/schemas/candidat";
import { FormErrorSummary, InputField, RequiredFieldsNotice } from "~/components/forms";

/** Where the form posts: the route that calls POST /api/user/token-mail. */
export const NOUVEAU_LIEN_PATH = "/creation-compte/nouveau-lien";

/**
 * The "new confirmation link" form (spec §8 invalid e-mail token: "Veuillez
 * renouveler votre demande"): one e-mail field, posting to
 * `/creation-compte/nouveau-lien` from whichever page shows it (the
 * new-link page, the invalid-link page). `lastResult` is the action's
 * conform result; `titleAs` the level of the form's heading, none when the
 * page's own title already says what the form does.
 */
export function NouveauLienForm({
  lastResult,
  titleAs: Titre,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  titleAs?: "h2" | "h3";
}) {
  const [form, fields] = useForm({
    id: "nouveau-lien",
    lastResult,
    constraint: getZodConstraint(schemaNouveauLien),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemaNouveauLien }),
  });
  return (
    <Form method="post" action={NOUVEAU_LIEN_PATH} {...getFormProps(form)}>
      {Titre ? <Titre className="fr-h4">Recevoir un nouveau lien d'activation</Titre> : null}
      {/* A form-level refusal, e.g. too many requests (429). */}
      <FormErrorSummary form={form} />
      <RequiredFieldsNotice />
      <InputField
        field={fields.email}
        type="email"
        label="Adresse électronique du compte"
        hint="Format attendu : nom@domaine.fr"
        inputProps={{ autoComplete: "email", spellCheck: false }}
      />
      <ul className="fr-btns-group fr-btns-group--inline-md">
        <li>
          <button type="submit" className="fr-btn">
            Envoyer un nouveau lien
          </button>
        </li>
      </ul>
    </Form>
  );
}
