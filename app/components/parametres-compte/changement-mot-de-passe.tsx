import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { schemaChangementMotDePasse } from "#contract/schemas/compte-parametres";
import { MOT_DE_PASSE_LONGUEUR_MIN } from "#contract/validation";
import { ChampMotDePasseActuel } from "~/components/parametres-compte/champ-mot-de-passe-actuel";
import { FormErrorSummary, InputField, RequiredFieldsNotice } from "~/components/forms";

/** `intent` of the password change form on /account/params. */
export const INTENT_CHANGEMENT_MOT_DE_PASSE = "changement-mot-de-passe";

/** The new password and its confirmation: required, filled by the browser's password generator. */
const NOUVEAU_MOT_DE_PASSE = { autoComplete: "new-password", required: true };

/**
 * "Changer de mot de passe" (spec §2 account settings, §5 Accounts; ADR
 * 0025): current password, new one (the spec's rule, different from the
 * old), confirmation. Every other session of the account ends.
 */
export function ChangementMotDePasse({
  lastResult,
  enCours,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  enCours: boolean;
}) {
  const [form, fields] = useForm({
    id: "changement-mot-de-passe",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemaChangementMotDePasse }),
  });
  return (
    <section className="fr-mt-6w" aria-labelledby="changement-mot-de-passe-titre">
      <h2 className="fr-h4" id="changement-mot-de-passe-titre">
        Changer de mot de passe
      </h2>
      <p>Vos autres sessions ouvertes (autres navigateurs, autres appareils) seront fermées.</p>
      <Form method="post" {...getFormProps(form)} noValidate>
        <FormErrorSummary form={form} />
        <RequiredFieldsNotice />
        <ChampMotDePasseActuel champ={fields.motDePasseActuel} />
        <InputField
          field={fields.motDePasse}
          type="password"
          label="Nouveau mot de passe"
          hint={`Au moins ${MOT_DE_PASSE_LONGUEUR_MIN} caractères, dont une majuscule, une minuscule, un chiffre et un caractère spécial ; différent de l'actuel.`}
          inputProps={NOUVEAU_MOT_DE_PASSE}
        />
        <InputField
          field={fields.confirmation}
          type="password"
          label="Confirmation du nouveau mot de passe"
          inputProps={NOUVEAU_MOT_DE_PASSE}
        />
        <input type="hidden" name="intent" value={INTENT_CHANGEMENT_MOT_DE_PASSE} />
        <button type="submit" className="fr-btn" disabled={enCours}>
          Changer mon mot de passe
        </button>
      </Form>
    </section>
  );
}
