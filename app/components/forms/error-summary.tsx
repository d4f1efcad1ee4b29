import { useEffect, useRef, type MouseEvent } from "react";
import { normaliseErrors } from "./error-list";

/** One line of an {@link ErrorSummary}: a message and the field it belongs to. */
export interface ErrorSummaryEntry {
  /** Id of the field's control (or of its fieldset); null for an error of the whole form. */
  fieldId: string | null;
  message: string;
}

/**
 * The summary's lines from conform's `form.allErrors` (field name →
 * messages; conform names a field's control `${formId}-${name}`), one per
 * message, fields in `order` first (the order of the form), then the others;
 * the form's own errors (name "") last, without a field.
 */
export function errorSummaryEntries(
  formId: string,
  allErrors: Record<string, readonly string[] | null | undefined>,
  order: readonly string[] = [],
): ErrorSummaryEntry[] {
  const names = Object.keys(allErrors).filter((name) => name !== "");
  const rank = (name: string) => {
    const index = order.indexOf(name);
    return index === -1 ? order.length : index;
  };
  names.sort((a, b) => rank(a) - rank(b));
  return [
    ...names.flatMap((name) =>
      normaliseErrors(allErrors[name]).map((message) => ({
        fieldId: `${formId}-${name}`,
        message,
      })),
    ),
    ...normaliseErrors(allErrors[""]).map((message) => ({ fieldId: null, message })),
  ];
}

/** Props of {@link ErrorSummary}. */
export interface ErrorSummaryProps {
  /** The summary's id (its title is `${id}-title`). */
  id: string;
  entries: readonly ErrorSummaryEntry[];
  /** Title of the alert; "Le formulaire contient des erreurs" by default. */
  title?: string;
  titleAs?: "h2" | "h3";
  /** Takes the focus when it appears or changes (with JavaScript), as RGAA 11.10 advises. */
  focus?: boolean;
}

/** The control a summary link leads to: the element itself, or the first control of a group. */
function controlOf(fieldId: string): HTMLElement | null {
  const target = document.getElementById(fieldId);
  if (!target) return null;
  if (target.matches("input, select, textarea, button")) return target;
  return target.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea");
}

/**
 * The error summary at the top of a refused form (DSFR error alert; RGAA
 * 11.10): a title, then each error as a link to its field
 * (`#id`, which works without JavaScript; with it, the click focuses the
 * control and scrolls its label into view). With `focus`, it takes the
 * focus when it appears, so that a screen reader reads it first. Nothing
 * when `entries` is empty.
 */
export function ErrorSummary({
  id,
  entries,
  title = "Le formulaire contient des erreurs",
  titleAs: Title = "h2",
  focus = true,
}: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const text = entries.map((entry) => `${entry.fieldId}:${entry.message}`).join("\n");
  useEffect(() => {
    if (focus && text) ref.current?.focus();
  }, [focus, text]);
  if (!entries.length) return null;

  function follow(event: MouseEvent<HTMLAnchorElement>, fieldId: string) {
    const control = controlOf(fieldId);
    if (!control) return;
    event.preventDefault();
    const label =
      document.querySelector(`label[for="${CSS.escape(control.id)}"]`) ??
      control.closest("fieldset")?.querySelector("legend") ??
      control;
    label.scrollIntoView({ block: "start" });
    control.focus({ preventScroll: true });
  }

  return (
    <div
      ref={ref}
      className="fr-alert fr-alert--error fr-mb-4w"
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      role="region"
    >
      <Title className="fr-alert__title" id={`${id}-title`}>
        {title}
      </Title>
      <ul>
        {entries.map((entry, index) => (
          <li key={`${entry.fieldId}-${index}`}>
            {entry.fieldId ? (
              <a href={`#${entry.fieldId}`} onClick={(event) => follow(event, entry.fieldId!)}>
                {entry.message}
              </a>
            ) : (
              entry.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
