import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import {
  VALIDITE_LIEN_CHANGEMENT_EMAIL_HEURES,
  schemaChangementEmail,
} from "#contract/schemas/compte-parametres";
import { ChampMotDePasseActuel } from "~/components/parametres-compte/champ-mot-de-passe-actuel";
import { FormErrorSummary, InputField, RequiredFieldsNotice } from "~/components/forms";

/** `intent` of the e-mail change form on /account/params. */
export const INTENT_CHANGEMENT_EMAIL = "changement-email";

/**
 * "Changer d'adresse électronique" (spec §2 account settings, §7 POST
 * /api/user/token-mail/changement; ADR 0025): the new address and the
 * current password; a link goes to the address and the login changes only
 * once it is followed.
 */
export function ChangementEmail({
  emailActuel,
  lastResult,
  enCours,
}: {
  emailActuel: string;
  lastResult?: SubmissionResult<string[]> | null;
  enCours: boolean;
}) {
  const [form, fields] = useForm({
    id: "changement-email",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemaChangementEmail }),
  });
  return (
    <section className="fr-mt-6w" aria-labelledby="changement-email-titre">
      <h2 className="fr-h4" id="changement-email-titre">
        Changer d'adresse électronique
      </h2>
      <p>
        Adresse actuelle : <strong>{emailActuel}</strong>. Un lien de confirmation, valable{" "}
        {VALIDITE_LIEN_CHANGEMENT_EMAIL_HEURES} heures, est envoyé à la nouvelle adresse ; votre
        adresse de connexion ne change qu'une fois ce lien suivi. L'adresse actuelle est prévenue.
      </p>
      <Form method="post" {...getFormProps(form)} noValidate>
        <FormErrorSummary form={form} />
        <RequiredFieldsNotice />
        <InputField
          field={fields.email}
          type="email"
          label="Nouvelle adresse électronique"
          hint="Format attendu : nom@domaine.fr"
          inputProps={{ autoComplete: "email", required: true }}
        />
        <ChampMotDePasseActuel
          champ={fields.motDePasseActuel}
          hint="Il confirme que c'est bien vous qui demandez ce changement."
        />
        <input type="hidden" name="intent" value={INTENT_CHANGEMENT_EMAIL} />
        <button type="submit" className="fr-btn" disabled={enCours}>
          Recevoir le lien de confirmation
        </button>
      </Form>
    </section>
  );
}
