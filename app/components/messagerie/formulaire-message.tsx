import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { schemaMessage } from "#contract/schemas/demande";
import { FormErrorSummary, RequiredFieldsNotice, TextareaField } from "~/components/forms";

/**
 * The conform state of the message form (`schemaMessage`: required, ≤ 5000
 * characters), from the number of messages already in the thread and the
 * action's `lastResult`; returns `[form, fields]` for {@link FormulaireMessage}.
 * The page calls it even while the form is hidden: the hook takes a React
 * id, and moving it would renumber the page's other generated ids.
 */
export function useFormulaireMessage(
  nombreMessages: number,
  lastResult: SubmissionResult<string[]> | undefined,
) {
  return useForm({
    // A new id once the sent message is in the thread: the form starts empty again.
    id: `message-${nombreMessages}`,
    lastResult,
    constraint: getZodConstraint(schemaMessage),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemaMessage }),
  });
}

/**
 * "Écrire au demandeur" / "Écrire au service instructeur" (spec §3
 * Messaging): takes the state of {@link useFormulaireMessage} and whether
 * the writer is staff; one message posted to the page's action.
 */
export function FormulaireMessage({
  formulaire: [form, fields],
  staff,
}: {
  formulaire: ReturnType<typeof useFormulaireMessage>;
  staff: boolean;
}) {
  return (
    <Form key={form.id} method="post" {...getFormProps(form)} className="fr-mt-4w">
      <h2 className="fr-h4">Écrire {staff ? "au demandeur" : "au service instructeur"}</h2>
      <FormErrorSummary form={form} />
      <RequiredFieldsNotice />
      <TextareaField field={fields.message} label="Votre message" rows={6} />
      <button type="submit" className="fr-btn fr-icon-send-plane-line fr-btn--icon-left">
        Envoyer
      </button>
    </Form>
  );
}
