import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { schemaPerimetreEtablissement } from "#contract/schemas/etablissement";
import { FormErrorSummary, RequiredFieldsNotice, SubmitButton } from "~/components/forms";
import { schemaRecherche } from "~/components/demande/formulaire/schema-recherche";
import {
  PerimetreEtablissement,
  estRecherchePerimetre,
  type ChoixPerimetreEtablissement,
  type OptionsPerimetre,
  type RecherchePerimetreEtablissement,
} from "./perimetre-etablissement";

/** Intent of "Mettre à jour le périmètre". */
export const INTENT_MODIFIER_PERIMETRE = "modifierPerimetre";

/** Id of the perimeter fieldset of the update form. */
const ID_PERIMETRE = "modification-perimetre";

/** Props of {@link FormulairePerimetre}. */
export interface FormulairePerimetreProps {
  options: OptionsPerimetre;
  /** The establishment's perimeter now, or as posted. */
  choix: ChoixPerimetreEtablissement;
  recherche: RecherchePerimetreEtablissement | null;
  lastResult: SubmissionResult<string[]> | null;
}

/**
 * The perimeter update of a referenced establishment (spec §5 "referencing
 * data cannot be edited afterwards" except the perimeter; §7 POST
 * /api/etablissement/{id}/update-perimetre): the same lists and searches as
 * the referencing form, limited to the approval's perimeter, ticked as the
 * establishment's perimeter stands; 'Le périmètre d'intervention est
 * requis' when everything is unticked (shared schema, then the API).
 */
export function FormulairePerimetre({
  options,
  choix,
  recherche,
  lastResult,
}: FormulairePerimetreProps) {
  const [form, fields] = useForm({
    id: "perimetre",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: estRecherchePerimetre(formData.get("intent"))
          ? schemaRecherche
          : schemaPerimetreEtablissement,
      }),
  });
  return (
    <Form method="post" {...getFormProps(form)}>
      <FormErrorSummary form={form} targets={{ regions: ID_PERIMETRE }} />
      <RequiredFieldsNotice />
      <PerimetreEtablissement
        id={ID_PERIMETRE}
        legend="Nouveau périmètre d'intervention"
        heading="h3"
        options={options}
        choix={choix}
        recherche={recherche}
        champs={fields}
      />
      <ul className="fr-btns-group fr-btns-group--inline-md fr-btns-group--right fr-mt-2w">
        <li>
          <SubmitButton intent={INTENT_MODIFIER_PERIMETRE}>Mettre à jour le périmètre</SubmitButton>
        </li>
      </ul>
    </Form>
  );
}
