import { useEffect, useRef } from "react";
import { normaliseErrors, type Errors } from "./error-list";

/** Props of {@link FormErrors}. */
export interface FormErrorsProps {
  /** The alert's id; with conform, `form.errorId` (the form's `aria-describedby`). */
  id?: string;
  /** Errors of the form as a whole (conform's `form.errors`, a refused request). */
  errors: Errors;
  /** A title for the alert ("Le compte n'a pas pu être créé"); a small alert without. */
  title?: string;
  /** Takes the focus when it appears or changes (with JavaScript). */
  focus?: boolean;
  /** Spacing classes; `fr-mb-3w` by default. */
  className?: string;
}

/**
 * The errors of a form as a whole, above its fields, in a DSFR error alert
 * (`role="alert"`, so that it is announced): one message as a paragraph,
 * several as a list, never joined into one. Nothing
 * when there is no message.
 */
export function FormErrors({
  id,
  errors,
  title,
  focus = false,
  className = "fr-mb-3w",
}: FormErrorsProps) {
  const messages = normaliseErrors(errors);
  const ref = useRef<HTMLDivElement>(null);
  const text = messages.join("\n");
  useEffect(() => {
    if (focus && text) ref.current?.focus();
  }, [focus, text]);
  if (!messages.length) return null;
  return (
    <div
      ref={ref}
      className={["fr-alert", "fr-alert--error", title ? null : "fr-alert--sm", className]
        .filter(Boolean)
        .join(" ")}
      role="alert"
      id={id}
      tabIndex={focus ? -1 : undefined}
    >
      {title ? <h2 className="fr-alert__title">{title}</h2> : null}
      {messages.length === 1 ? (
        <p>{messages[0]}</p>
      ) : (
        <ul>
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
