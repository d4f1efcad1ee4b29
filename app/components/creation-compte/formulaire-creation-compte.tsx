import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { CODES_QUALITE, QUALITES } from "#contract/qualites";
import { schemaCreationCompte } from "#contract/schemas/candidat";
import {
  CheckboxField,
  CheckboxGroup,
  Field,
  Fieldset,
  FieldsetElement,
  FormErrorSummary,
  RequiredFieldsNotice,
} from "~/components/forms";
import { t } from "~/i18n";

/** The fields in the order of the form: the error summary lists them so. */
const ORDRE_DES_CHAMPS = [
  "prenom",
  "nom",
  "telephone",
  "email",
  "emailConfirmation",
  "motDePasse",
  "motDePasseConfirmation",
  "siren",
  "raisonSociale",
  "qualites",
  "acceptationCgu",
  "acceptationDonneesPersonnelles",
];

/**
 * The account creation form (spec §2 "Account creation", §3 Applicant
 * account, §5 Accounts and Phone): the representative, the structure
 * (SIREN, company name, one or several qualities) and the acceptance of the
 * terms and of the personal-data policy, posted to the page's action.
 * conform with the shared schema: errors on blur with JavaScript, after
 * the post without; nothing typed is lost. A refused submission shows the
 * error summary above the form (each field's message a link to it, a
 * form-level refusal such as too many requests last), which takes the focus.
 * `lastResult` is the action's conform result, if the post was refused.
 */
export function FormulaireCreationCompte({
  lastResult,
  focusResume = true,
  introduction,
}: {
  lastResult?: SubmissionResult<string[]> | null;
  /** What the page says of the account, after the error summary: the summary follows the title. */
  introduction?: ReactNode;
  /** False when the "Un compte existe déjà" section, above, takes the focus instead. */
  focusResume?: boolean;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "creation-compte",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    constraint: getZodConstraint(schemaCreationCompte),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemaCreationCompte }),
  });
  const qualites = getCollectionProps(fields.qualites, {
    type: "checkbox",
    options: CODES_QUALITE,
  });
  const nouvelleFenetre = t("footer.nouvelleFenetre");

  return (
    <>
      <FormErrorSummary
        form={form}
        order={ORDRE_DES_CHAMPS}
        formErrorsTitle="Le compte n'a pas pu être créé"
        focus={focusResume}
      />
      {introduction}
      <Form method="post" {...getFormProps(form)}>
        <RequiredFieldsNotice />
        <Fieldset
          id="creation-compte-representant"
          legend="Représentant de la structure"
          heading="h2"
          headingClassName="fr-h4 fr-mb-0"
        >
          <FieldsetElement>
            <Field id={fields.prenom.id} label="Prénom" errors={fields.prenom.errors}>
              <input
                {...getInputProps(fields.prenom, { type: "text" })}
                autoComplete="given-name"
              />
            </Field>
          </FieldsetElement>
          <FieldsetElement>
            <Field id={fields.nom.id} label="Nom" errors={fields.nom.errors}>
              <input {...getInputProps(fields.nom, { type: "text" })} autoComplete="family-name" />
            </Field>
          </FieldsetElement>
          <FieldsetElement>
            <Field
              id={fields.telephone.id}
              label="Téléphone"
              hint="Format attendu : 01 23 45 67 89 ou +33 1 23 45 67 89"
              errors={fields.telephone.errors}
            >
              <input {...getInputProps(fields.telephone, { type: "tel" })} autoComplete="tel" />
            </Field>
          </FieldsetElement>
          <FieldsetElement>
            <Field
              id={fields.email.id}
              label="Adresse électronique"
              hint="Format attendu : nom@domaine.fr. Le lien d'activation du compte y sera envoyé."
              errors={fields.email.errors}
            >
              <input
                {...getInputProps(fields.email, { type: "email" })}
                autoComplete="email"
                spellCheck={false}
              />
            </Field>
          </FieldsetElement>
          <FieldsetElement>
            <Field
              id={fields.emailConfirmation.id}
              label="Confirmation de l'adresse électronique"
              errors={fields.emailConfirmation.errors}
            >
              <input
                {...getInputProps(fields.emailConfirmation, { type: "email" })}
                autoComplete="email"
                spellCheck={false}
              />
            </Field>
          </FieldsetElement>
          <FieldsetElement>
            <Field
              id={fields.motDePasse.id}
              label="Mot de passe"
              hint="Il doit contenir 12 caractères minimum, une majuscule, une minuscule, un chiffre, un caractère spécial."
              errors={fields.motDePasse.errors}
            >
              <input
                {...getInputProps(fields.motDePasse, { type: "password" })}
                autoComplete="new-password"
              />
            </Field>
          </FieldsetElement>
          <FieldsetElement>
            <Field
              id={fields.motDePasseConfirmation.id}
              label="Confirmation du mot de passe"
              errors={fields.motDePasseConfirmation.errors}
            >
              <input
                {...getInputProps(fields.motDePasseConfirmation, { type: "password" })}
                autoComplete="new-password"
              />
            </Field>
          </FieldsetElement>
        </Fieldset>

        <Fieldset
          id="creation-compte-structure"
          legend="Structure"
          heading="h2"
          headingClassName="fr-h4 fr-mb-0"
        >
          <FieldsetElement>
            <Field
              id={fields.siren.id}
              label="SIREN"
              hint="9 chiffres, espaces acceptés"
              errors={fields.siren.errors}
            >
              <input
                {...getInputProps(fields.siren, { type: "text" })}
                inputMode="numeric"
                autoComplete="off"
              />
            </Field>
          </FieldsetElement>
          <FieldsetElement>
            <Field
              id={fields.raisonSociale.id}
              label="Raison sociale"
              errors={fields.raisonSociale.errors}
            >
              <input
                {...getInputProps(fields.raisonSociale, { type: "text" })}
                autoComplete="organization"
              />
            </Field>
          </FieldsetElement>
          <FieldsetElement>
            <CheckboxGroup
              id={fields.qualites.id}
              legend="Qualité de la structure"
              hint="Cochez une ou plusieurs qualités."
              required
              errors={fields.qualites.errors}
              options={qualites.map((props) => ({
                props,
                label: QUALITES.find((qualite) => qualite.code === props.value)?.libelle,
              }))}
            />
          </FieldsetElement>
        </Fieldset>

        <Fieldset
          id="creation-compte-acceptations"
          legend="Conditions d'utilisation et données personnelles"
          heading="h2"
          headingClassName="fr-h4 fr-mb-0"
        >
          <FieldsetElement>
            <p className="fr-text--sm fr-mb-1w">
              <a
                href="/conditions-generales-utilisation"
                target="_blank"
                rel="noopener"
                title={`Conditions générales d'utilisation - ${nouvelleFenetre}`}
              >
                Lire les conditions générales d'utilisation
              </a>
            </p>
            <CheckboxField
              id={fields.acceptationCgu.id}
              errors={fields.acceptationCgu.errors}
              label="J'accepte les conditions générales d'utilisation"
            >
              <input {...getInputProps(fields.acceptationCgu, { type: "checkbox" })} />
            </CheckboxField>
          </FieldsetElement>
          <FieldsetElement>
            <p className="fr-text--sm fr-mb-1w">
              <a
                href="/donnees-personnelles"
                target="_blank"
                rel="noopener"
                title={`Politique de protection des données personnelles - ${nouvelleFenetre}`}
              >
                Lire la politique de protection des données personnelles
              </a>
            </p>
            <CheckboxField
              id={fields.acceptationDonneesPersonnelles.id}
              errors={fields.acceptationDonneesPersonnelles.errors}
              label="J'accepte la politique de protection des données personnelles"
            >
              <input
                {...getInputProps(fields.acceptationDonneesPersonnelles, { type: "checkbox" })}
              />
            </CheckboxField>
          </FieldsetElement>
        </Fieldset>

        <ul className="fr-btns-group fr-btns-group--inline-md">
          <li>
            <button type="submit" className="fr-btn">
              Créer mon compte
            </button>
          </li>
        </ul>
      </Form>
    </>
  );
}
