import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { PARAMETRES_MAIL } from "#contract/schemas/parametres-mail";
import { schemaParametresMail, type ParametresMail } from "#contract/schemas/utilisateur";
import {
  CheckboxInputField,
  Fieldset,
  FieldsetElement,
  FormErrorSummary,
} from "~/components/forms";

/** `intent` of the mail preferences form on /account/params: it posts none. */
export const INTENT_PREFERENCES_COURRIEL = "";

/**
 * "Préférences de notification par courriel" (spec §2 account settings,
 * mail preferences): one DSFR checkbox per kind of mail, ticked when the
 * user wants it, posted to the page's action (works without JavaScript).
 */
export function PreferencesCourriel({
  parametresMail,
  lastResult,
  enCours,
}: {
  parametresMail: ParametresMail;
  lastResult?: SubmissionResult<string[]> | null;
  enCours: boolean;
}) {
  const [form, fields] = useForm({
    id: "parametres-mail",
    lastResult,
    // A ticked checkbox's value, as the browser posts it.
    defaultValue: Object.fromEntries(
      PARAMETRES_MAIL.map(({ code }) => [code, parametresMail[code] ? "on" : null]),
    ),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemaParametresMail }),
  });
  return (
    <section className="fr-mt-6w" aria-labelledby="parametres-mail-titre">
      <h2 className="fr-h4" id="parametres-mail-titre">
        Préférences de notification par courriel
      </h2>
      <Form method="post" {...getFormProps(form)}>
        <FormErrorSummary form={form} />
        <Fieldset
          id="parametres-mail-choix"
          legend="Je souhaite recevoir un courriel pour :"
          regular
          hint="Décochez une case pour ne plus recevoir les courriels de ce type. Les autres informations restent visibles sur le portail."
        >
          {PARAMETRES_MAIL.map(({ code, libelle }) => (
            <FieldsetElement key={code}>
              <CheckboxInputField field={fields[code]} label={libelle} />
            </FieldsetElement>
          ))}
        </Fieldset>
        <button type="submit" className="fr-btn" disabled={enCours}>
          Enregistrer mes préférences
        </button>
      </Form>
    </section>
  );
}
