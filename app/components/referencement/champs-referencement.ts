import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { schemaReferencementEtablissement } from "#contract/schemas/etablissement";
import { schemaRecherche } from "~/components/demande/formulaire/schema-recherche";
import { INTENT_COMMUNES_CODE_POSTAL } from "~/components/forms/code-postal-commune";
import { estRecherchePerimetre } from "./perimetre-etablissement";

export { INTENT_COMMUNES_CODE_POSTAL };
/** Intent of "Reprendre l'adresse de l'établissement choisi" (the chosen registry establishment's address; nothing saved). */
export const INTENT_ADRESSE_REGISTRE = "adresseRegistre";
/** Intent of the final button. */
export const INTENT_REFERENCER = "referencer";

/** Whether a posted `intent` only re-renders the form (a search or the address of the registry). */
export function estIntentSansEnregistrement(intent: unknown): boolean {
  return (
    intent === INTENT_COMMUNES_CODE_POSTAL ||
    intent === INTENT_ADRESSE_REGISTRE ||
    estRecherchePerimetre(intent)
  );
}

/** Id of the form; conform names its fields `referencement-<name>`. */
export const ID_FORMULAIRE = "referencement";
/** Field values the form starts from (loader) or comes back with (action). */
export type ValeursReferencement = Record<string, string | undefined>;

/**
 * conform's form of the referencing page: the shared schema checks a
 * "Référencer" post; a search or the registry's address only checks what
 * that helper needs ({@link schemaRecherche}).
 */
export function useFormulaireReferencement(
  etpRequired: boolean,
  valeurs: ValeursReferencement,
  lastResult: SubmissionResult<string[]> | null,
) {
  const schema = schemaReferencementEtablissement({ etpRequired });
  return useForm({
    id: ID_FORMULAIRE,
    lastResult,
    defaultValue: valeurs,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: estIntentSansEnregistrement(formData.get("intent")) ? schemaRecherche : schema,
      }),
  });
}

/** The fields of the referencing form (conform's metadata, by name). */
export type ChampsReferencement = ReturnType<typeof useFormulaireReferencement>[1];
