import { useEffect, useRef, useState } from "react";
import { MESSAGES_INTERFACE } from "#contract/messages";
import { ErrorSummary, errorSummaryEntries } from "./error-summary";
import { FormErrors } from "./form-errors";
import { prefixeErreur } from "./titre-erreur";

/** `name` of the button conform submits the form with to check a field (@conform-to/dom `INTENT`). */
const INTENTION_CONFORM = "__intent__";

/** What the summary reads of conform's form metadata (`useForm`'s first value). */
export interface SummaryForm {
  id: string;
  /** "error" after a refused submission (conform's `form.status`). */
  status?: "success" | "error";
  /** Field name → messages; the form's own errors under "" (conform's `form.allErrors`). */
  allErrors: Record<string, string[] | null | undefined>;
}

/** Props of {@link FormErrorSummary}. */
export interface FormErrorSummaryProps {
  form: SummaryForm;
  /** Field names in the order of the form: the summary lists them so. */
  order?: readonly string[];
  /**
   * Where a field's link leads when its control is not `${form.id}-${name}`
   * (a fieldset or a picker of its own), by field name.
   */
  targets?: Readonly<Record<string, string>>;
  title?: string;
  /** Title of the alert when the form as a whole is refused, without any field error. */
  formErrorsTitle?: string;
  /** Takes the focus at each refused submission (with JavaScript); true by default. */
  focus?: boolean;
}

/**
 * The error summary of a conform form (RGAA 11.10), put
 * first in the form: every message of the form, each field's as a link to
 * it, the form's own last (alone, they show as the form's error alert,
 * `FormErrors`: a refusal of the whole form, such as too many requests, is
 * no field to fix). Shown after a refused submission — the server's
 * (without JavaScript, in the page as sent) or the browser's check — and
 * kept, with the current messages, until they are all fixed; an error that
 * appears on blur before any submission only shows under its field. With
 * JavaScript it takes the focus at each refused submission — never on a
 * field's blur, which would take the user away from the next field — and
 * the page title starts with "Erreur : " while it is shown (the server writes the
 * title itself after a refused post, see `formulaireRefuse`).
 */
export function FormErrorSummary({
  form,
  order,
  targets = {},
  title,
  formErrorsTitle,
  focus = true,
}: FormErrorSummaryProps) {
  // conform's `form.status` is that of the last check, a field's on blur included: it tells a
  // refused submission only in the first render (the server's answer to a post without JavaScript).
  const [refuseAuChargement] = useState(form.status === "error");
  const [tente, setTente] = useState(false);
  // A submission awaits its answer: the next "error" status is its refusal, not a field's blur.
  const reponseAttendue = useRef(form.status === "error");
  // conform's `form.errorId`: the form's `aria-describedby` while it has errors of its own.
  const summaryId = `${form.id}-error`;
  const entries = errorSummaryEntries(form.id, form.allErrors, order).map((entry) => {
    const name = entry.fieldId?.slice(form.id.length + 1);
    return name && targets[name] ? { ...entry, fieldId: targets[name] } : entry;
  });
  const visible = (refuseAuChargement || tente) && entries.length > 0;

  // A submission refused by the browser's check or by the server: the summary is read first.
  useEffect(() => {
    const element = document.getElementById(form.id);
    if (!(element instanceof HTMLFormElement)) return;
    const onSubmit = (event: SubmitEvent) => {
      // conform checks a field on blur by submitting the form with its own hidden button.
      if (event.submitter?.getAttribute("name") === INTENTION_CONFORM) return;
      setTente(true);
      reponseAttendue.current = true;
      // After conform has checked the fields and React has shown the result: a summary now is
      // the browser's refusal; none, and the server's answer is awaited.
      window.setTimeout(() => {
        const resume = document.getElementById(summaryId);
        if (!resume) return;
        reponseAttendue.current = false;
        if (focus) resume.focus();
      }, 0);
    };
    element.addEventListener("submit", onSubmit);
    return () => element.removeEventListener("submit", onSubmit);
  }, [form.id, summaryId, focus]);
  useEffect(() => {
    if (form.status !== "error" || !reponseAttendue.current) return;
    reponseAttendue.current = false;
    if (focus) document.getElementById(summaryId)?.focus();
  }, [focus, form.status, summaryId]);
  useEffect(() => (visible ? prefixeErreur() : undefined), [visible]);

  if (!visible) return null;
  if (entries.every((entry) => entry.fieldId === null))
    return (
      <FormErrors
        id={summaryId}
        errors={entries.map((entry) => entry.message)}
        title={formErrorsTitle}
        focus={focus}
        className="fr-mb-4w"
      />
    );
  return (
    <ErrorSummary
      id={summaryId}
      entries={entries}
      title={title ?? MESSAGES_INTERFACE.resumeErreurs}
      focus={false}
    />
  );
}
