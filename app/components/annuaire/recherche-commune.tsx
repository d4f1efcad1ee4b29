import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { rechercheAnnuaireSchema } from "#contract/schemas/annuaire";
import { Field, FormErrorSummary } from "~/components/forms";

/** Path of the household directory page, target of its GET forms. */
export const ANNUAIRE_PATH = "/trouver-un-accompagnateur";

/**
 * The directory's search: one field, a postal code or
 * the start of a commune's name, sent with GET (the result is a page one
 * can bookmark and share; works without JavaScript). `lastResult` carries
 * the loader's refusal (empty field, digits that are not a postal code, no
 * commune found) onto the field; `recherche` is what was typed, kept.
 */
export function RechercheCommune({
  recherche,
  lastResult,
}: {
  recherche: string;
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm({
    id: "recherche-accompagnateur",
    lastResult,
    defaultValue: { recherche },
    constraint: getZodConstraint(rechercheAnnuaireSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: rechercheAnnuaireSchema }),
  });
  return (
    <Form method="get" action={ANNUAIRE_PATH} role="search" {...getFormProps(form)}>
      <FormErrorSummary form={form} />
      <Field
        id={fields.recherche.id}
        label="Votre code postal ou votre commune"
        hint="Par exemple : 75011 ou Lyon"
        errors={fields.recherche.errors}
        addon={
          <button type="submit" className="fr-btn" title="Rechercher les accompagnateurs">
            Rechercher
          </button>
        }
      >
        <input
          {...getInputProps(fields.recherche, { type: "search" })}
          autoComplete="postal-code"
          spellCheck={false}
        />
      </Field>
    </Form>
  );
}
