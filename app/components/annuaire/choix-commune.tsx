import {
  getCollectionProps,
  getFormProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { z } from "zod";
import { MESSAGES_ANNUAIRE } from "#contract/schemas/annuaire";
import type { Commune } from "#contract/schemas/geographie";
import { FormErrorSummary, RadioGroup } from "~/components/forms";
import { ANNUAIRE_PATH } from "./recherche-commune";

/** The choice among the communes a search found: one is required. */
const schemaChoix = z.object({
  codeCommune: z.string({ required_error: MESSAGES_ANNUAIRE.communeRequise }),
});

/** "Lyon 3e Arrondissement (69003)" or "Saint-Denis (93 – 93200, 93210)". */
function libelleCommune(commune: Commune): string {
  const codes = commune.codesPostaux.length
    ? commune.codesPostaux.join(", ")
    : commune.codeDepartement;
  return `${commune.nom} (${codes})`;
}

/**
 * Several communes match the household's search (a postal code shared by
 * several communes, or a name's beginning): a GET form with one radio per
 * commune (name and postal codes) to pick the one to search in; the search
 * text goes along (hidden) so that the page keeps it. `lastResult` holds
 * the loader's refusal when none was picked.
 */
export function ChoixCommune({
  recherche,
  communes,
  lastResult,
}: {
  recherche: string;
  communes: readonly Commune[];
  lastResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useForm({
    id: "choix-commune",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemaChoix }),
  });
  const options = getCollectionProps(fields.codeCommune, {
    type: "radio",
    options: communes.map((commune) => commune.code),
  }).map((props, index) => ({
    props: { ...props, required: true },
    label: libelleCommune(communes[index]),
  }));
  return (
    <Form method="get" action={ANNUAIRE_PATH} {...getFormProps(form)}>
      <FormErrorSummary form={form} targets={{ codeCommune: `${fields.codeCommune.id}` }} />
      <input type="hidden" name="recherche" value={recherche} />
      <input type="hidden" name="choix" value="1" />
      <RadioGroup
        id={fields.codeCommune.id}
        legend={`Plusieurs communes correspondent à « ${recherche} » : choisissez la vôtre`}
        required
        errors={fields.codeCommune.errors}
        options={options}
      />
      <button type="submit" className="fr-btn">
        Voir les accompagnateurs de cette commune
      </button>
    </Form>
  );
}
