import {
  getCollectionProps,
  getFormProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { CODES_QUALITE, QUALITES } from "#contract/qualites";
import { schemaCreationCompte } from "#contract/schemas/candidat";
import {
  CheckboxGroup,
  CheckboxInputField,
  FieldsetElement,
  FormErrorSummary,
  FormSection,
  InputFields,
  RequiredFieldsNotice,
  type InputFieldDescription,
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
  const [form, fields] = useFormulaireCreationCompte(lastResult);

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
        <FormSection id="creation-compte-representant" legend="Représentant de la structure">
          <InputFields fields={fields} inputs={REPRESENTANT} />
        </FormSection>
        <SectionStructure fields={fields} />
        <SectionAcceptations fields={fields} />
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

/** conform's form of the page, checked by the shared schema; a pending post's result is not shown. */
function useFormulaireCreationCompte(lastResult: SubmissionResult<string[]> | null | undefined) {
  const navigation = useNavigation();
  return useForm({
    id: "creation-compte",
    lastResult: navigation.state === "idle" ? lastResult : undefined,
    constraint: getZodConstraint(schemaCreationCompte),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemaCreationCompte }),
  });
}

/** The representative: name, phone, e-mail twice, password twice. */
const REPRESENTANT: InputFieldDescription[] = [
  { name: "prenom", label: "Prénom", autoComplete: "given-name" },
  { name: "nom", label: "Nom", autoComplete: "family-name" },
  {
    name: "telephone",
    type: "tel",
    label: "Téléphone",
    hint: "Format attendu : 01 23 45 67 89 ou +33 1 23 45 67 89",
    autoComplete: "tel",
  },
  {
    name: "email",
    type: "email",
    label: "Adresse électronique",
    hint: "Format attendu : nom@domaine.fr. Le lien d'activation du compte y sera envoyé.",
    autoComplete: "email",
    inputProps: { spellCheck: false },
  },
  {
    name: "emailConfirmation",
    type: "email",
    label: "Confirmation de l'adresse électronique",
    autoComplete: "email",
    inputProps: { spellCheck: false },
  },
  {
    name: "motDePasse",
    type: "password",
    label: "Mot de passe",
    hint: "Il doit contenir 12 caractères minimum, une majuscule, une minuscule, un chiffre, un caractère spécial.",
    autoComplete: "new-password",
  },
  {
    name: "motDePasseConfirmation",
    type: "password",
    label: "Confirmation du mot de passe",
    autoComplete: "new-password",
  },
];

/** SIREN and company name of the structure. */
const IDENTITE_STRUCTURE: InputFieldDescription[] = [
  {
    name: "siren",
    label: "SIREN",
    hint: "9 chiffres, espaces acceptés",
    inputProps: { inputMode: "numeric", autoComplete: "off" },
  },
  { name: "raisonSociale", label: "Raison sociale", autoComplete: "organization" },
];

/** The fields of the account creation form (conform's metadata, by name). */
type ChampsCreationCompte = ReturnType<typeof useFormulaireCreationCompte>[1];

/** The structure: SIREN, company name, one or several qualities. */
function SectionStructure({ fields }: { fields: ChampsCreationCompte }) {
  return (
    <FormSection id="creation-compte-structure" legend="Structure">
      <InputFields fields={fields} inputs={IDENTITE_STRUCTURE} />
      <FieldsetElement>
        <CheckboxGroup
          id={fields.qualites.id}
          legend="Qualité de la structure"
          hint="Cochez une ou plusieurs qualités."
          required
          errors={fields.qualites.errors}
          options={getCollectionProps(fields.qualites, {
            type: "checkbox",
            options: CODES_QUALITE,
          }).map((props) => ({
            props,
            label: QUALITES.find((qualite) => qualite.code === props.value)?.libelle,
          }))}
        />
      </FieldsetElement>
    </FormSection>
  );
}

/** The acceptance of the terms and of the personal-data policy, each with its link (new window). */
function SectionAcceptations({ fields }: { fields: ChampsCreationCompte }) {
  return (
    <FormSection
      id="creation-compte-acceptations"
      legend="Conditions d'utilisation et données personnelles"
    >
      <Acceptation
        field={fields.acceptationCgu}
        href="/conditions-generales-utilisation"
        titre="Conditions générales d'utilisation"
        lien="Lire les conditions générales d'utilisation"
        label="J'accepte les conditions générales d'utilisation"
      />
      <Acceptation
        field={fields.acceptationDonneesPersonnelles}
        href="/donnees-personnelles"
        titre="Politique de protection des données personnelles"
        lien="Lire la politique de protection des données personnelles"
        label="J'accepte la politique de protection des données personnelles"
      />
    </FormSection>
  );
}

/** A document to read (link in a new window, its title saying so) and the box that accepts it. */
function Acceptation({
  field,
  href,
  titre,
  lien,
  label,
}: {
  field: ChampsCreationCompte["acceptationCgu"];
  href: string;
  titre: string;
  lien: string;
  label: string;
}) {
  return (
    <FieldsetElement>
      <p className="fr-text--sm fr-mb-1w">
        <a
          href={href}
          target="_blank"
          rel="noopener"
          title={`${titre} - ${t("footer.nouvelleFenetre")}`}
        >
          {lien}
        </a>
      </p>
      <CheckboxInputField field={field} label={label} />
    </FieldsetElement>
  );
}
