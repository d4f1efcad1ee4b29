import {
  getCollectionProps,
  getFormProps,
  getInputProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Alert } from "@codegouvfr/react-dsfr/Alert";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import { QUALITES } from "#contract/qualites";
import {
  SCHEMAS_ACTION_COMPTE,
  type ActionGestionCompte,
  type CompteDetail,
} from "#contract/schemas/comptes";
import { CHEMINS_ACTION_COMPTE } from "~/components/gestion-des-comptes/fiche-compte";
import {
  CheckboxField,
  Field,
  FormErrorSummary,
  RadioGroup,
  RequiredFieldsNotice,
} from "~/components/forms";

/** What the action page's action answers when it refuses the form. */
interface Refus {
  lastResult?: SubmissionResult<string[]>;
}

type Champ = FieldMetadata<string, Record<string, string>, string[]>;

/** Default values of the form of `action`: what the account holds now. */
function valeursInitiales(action: ActionGestionCompte, compte: CompteDetail) {
  switch (action) {
    case "MODIFIER_REFERENT_COMPTE":
      return { prenom: compte.firstName, nom: compte.lastName, telephone: compte.telephone ?? "" };
    case "MODIFIER_QUALITES_COMPTE":
      return { qualite: compte.qualites.length === 1 ? compte.qualites[0] : undefined };
    case "MODIFIER_INFO_SOCIETE":
      return {
        telephone: compte.coordonneesStructure?.telephone ?? "",
        email: compte.coordonneesStructure?.email ?? "",
      };
    default:
      return {};
  }
}

/**
 * The form of one account action of `/gestion-des-comptes/{id}/{operation}`
 * (spec §4 Account actions, §5 Accounts), checked with the action's schema
 * of contract/schemas/comptes.ts and filled with what `compte` holds now:
 * the warning before a deletion, the action's fields, the confirmation box
 * the spec requires, the submit button and "Retour" to `retour`.
 */
export function FormulaireActionCompte({
  action,
  compte,
  retour,
}: {
  action: ActionGestionCompte;
  compte: CompteDetail;
  retour: string;
}) {
  const result = useActionData<Refus>() as Refus | undefined;
  const navigation = useNavigation();
  const schema: z.ZodTypeAny = SCHEMAS_ACTION_COMPTE[action];
  const [form, fields] = useForm<Record<string, string>>({
    id: `compte-${CHEMINS_ACTION_COMPTE[action]}`,
    lastResult: navigation.state === "idle" ? result?.lastResult : undefined,
    defaultValue: valeursInitiales(action, compte),
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const suppression = action === "SUPPRIMER_COMPTE";
  return (
    <>
      {suppression ? (
        <Alert
          className="fr-mb-4w"
          severity="warning"
          as="h2"
          title="La suppression est définitive"
          description="Le compte, sa structure, ses demandes en brouillon ou annulées et leurs pièces jointes seront supprimés ; le représentant ne pourra plus se connecter."
        />
      ) : null}
      <Form method="post" {...getFormProps(form)}>
        <FormErrorSummary form={form} />
        <RequiredFieldsNotice />
        <ChampsActionCompte action={action} compte={compte} fields={fields} />
        <CheckboxField
          id={fields.confirmation.id}
          label={
            suppression
              ? "Je confirme vouloir supprimer définitivement ce compte"
              : "Je confirme la modification des informations du compte"
          }
          errors={fields.confirmation.errors}
        >
          <input {...getInputProps(fields.confirmation, { type: "checkbox" })} />
        </CheckboxField>
        <ul className="fr-btns-group fr-btns-group--inline-md fr-mt-4w">
          <li>
            <button type="submit" className="fr-btn">
              {suppression ? "Supprimer le compte" : "Enregistrer"}
            </button>
          </li>
          <li>
            <Link className="fr-btn fr-btn--secondary" to={retour}>
              Retour
            </Link>
          </li>
        </ul>
      </Form>
    </>
  );
}

/**
 * The fields proper to `action`, before the confirmation box: the reason of
 * a deletion; the representative's names and phone; the company's phone and
 * e-mail; or its one quality.
 */
function ChampsActionCompte({
  action,
  compte,
  fields,
}: {
  action: ActionGestionCompte;
  compte: CompteDetail;
  fields: Record<string, Champ>;
}) {
  return (
    <>
      {action === "SUPPRIMER_COMPTE" ? (
        <Field
          id={fields.motif.id}
          label="Motif de la suppression"
          hint="Il est conservé dans l'historique du compte."
          errors={fields.motif.errors}
        >
          <textarea {...getTextareaProps(fields.motif)} rows={5} />
        </Field>
      ) : null}
      {action === "MODIFIER_REFERENT_COMPTE" ? (
        <>
          <Field id={fields.prenom.id} label="Prénom du représentant" errors={fields.prenom.errors}>
            <input {...getInputProps(fields.prenom, { type: "text" })} autoComplete="off" />
          </Field>
          <Field id={fields.nom.id} label="Nom du représentant" errors={fields.nom.errors}>
            <input {...getInputProps(fields.nom, { type: "text" })} autoComplete="off" />
          </Field>
        </>
      ) : null}
      {action === "MODIFIER_REFERENT_COMPTE" || action === "MODIFIER_INFO_SOCIETE" ? (
        <Field
          id={fields.telephone.id}
          label={
            action === "MODIFIER_INFO_SOCIETE"
              ? "Téléphone de la structure"
              : "Téléphone du représentant"
          }
          hint="Format attendu : 01 23 45 67 89 ou +33 1 23 45 67 89"
          errors={fields.telephone.errors}
        >
          <input {...getInputProps(fields.telephone, { type: "tel" })} autoComplete="off" />
        </Field>
      ) : null}
      {action === "MODIFIER_INFO_SOCIETE" ? (
        <Field
          id={fields.email.id}
          label="Adresse électronique de la structure"
          hint="La raison sociale et le SIREN ne peuvent pas être modifiés."
          errors={fields.email.errors}
        >
          <input {...getInputProps(fields.email, { type: "email" })} autoComplete="off" />
        </Field>
      ) : null}
      {action === "MODIFIER_QUALITES_COMPTE" ? (
        <RadioGroup
          id={fields.qualite.id}
          legend="Qualité de la structure"
          hint={
            compte.qualites.length > 1
              ? "La structure a plusieurs qualités : elle n'en gardera qu'une."
              : "Une seule qualité par structure."
          }
          required
          errors={fields.qualite.errors}
          options={getCollectionProps(fields.qualite, {
            type: "radio",
            options: QUALITES.map((qualite) => qualite.code),
          }).map((props) => ({
            props,
            label: QUALITES.find((qualite) => qualite.code === props.value)!.libelle,
          }))}
        />
      ) : null}
    </>
  );
}
