import {
  cloneElement,
  isValidElement,
  type AriaAttributes,
  type ReactElement,
  type ReactNode,
} from "react";
import { t } from "~/i18n";

/** Attributes Field reads from, and sets on, its control. */
interface ControlProps {
  id?: string;
  className?: string;
  required?: boolean;
  disabled?: boolean;
  "aria-describedby"?: string;
  "aria-invalid"?: AriaAttributes["aria-invalid"];
}

/** Props of {@link Field}. */
export interface FieldProps {
  /** The control's id; with conform, `fields.x.id` (its error id is `${id}-error`). */
  id: string;
  label: ReactNode;
  /** Help text under the label (part of the label, as DSFR does). */
  hint?: ReactNode;
  /** Shows the star; defaults to the control's own `required`. */
  required?: boolean;
  /** Error messages (conform's `fields.x.errors`); empty or absent = valid. */
  errors?: readonly string[] | string | null;
  className?: string;
  /**
   * The control: an `<input>`, `<textarea>` or `<select>` element, e.g.
   * `<input {...getInputProps(fields.nom, { type: "text" })} />`.
   */
  children: ReactElement<ControlProps>;
}

/**
 * One labelled form control in DSFR markup (DSFR input / select group),
 * used by every form of the portal so that accessibility is done once:
 * `<label for>`, a star on required fields (spec §5, with the control's
 * `required` set so assistive technologies announce it), the hint inside the
 * label, and the error message in `#${id}-error`, the id conform's
 * `getInputProps` already puts in `aria-describedby`. The control gets
 * `aria-invalid` and `aria-describedby` pointing at the error only while an
 * error is shown.
 */
export function Field({ id, label, hint, required, errors, className, children }: FieldProps) {
  if (!isValidElement(children))
    throw new Error("Field attend un élément <input>, <textarea> ou <select>.");
  const isSelect = children.type === "select";
  const group = isSelect ? "fr-select-group" : "fr-input-group";
  const controlClass = isSelect ? "fr-select" : "fr-input";
  const messages = normaliseErrors(errors);
  const errorId = `${id}-error`;
  const invalid = messages.length > 0;
  const isRequired = required ?? Boolean(children.props.required);
  const disabled = Boolean(children.props.disabled);

  const describedBy = mergeTokens(
    children.props["aria-describedby"],
    invalid ? errorId : undefined,
  ).filter((token) => invalid || token !== errorId);
  const control = cloneElement(children, {
    id,
    className: [controlClass, invalid ? `${controlClass}--error` : null, children.props.className]
      .filter(Boolean)
      .join(" "),
    required: isRequired || undefined,
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy.length ? describedBy.join(" ") : undefined,
  });

  return (
    <div
      className={[
        group,
        invalid ? `${group}--error` : null,
        disabled ? `${group}--disabled` : null,
        className,
      ]
        .filter(Boolean)
        .join(" ")}
    >
      <label className="fr-label" htmlFor={id}>
        {label}
        {isRequired ? <RequiredStar /> : null}
        {hint ? <span className="fr-hint-text">{hint}</span> : null}
      </label>
      {control}
      <div className="fr-messages-group" id={`${id}-messages`} aria-live="polite">
        {invalid ? (
          <p className="fr-message fr-message--error" id={errorId}>
            {messages.join(" ")}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Spec §5 "required fields carry a star". Hidden from assistive
 * technologies, which announce the control's `required` instead.
 */
export function RequiredStar() {
  return (
    <span className="portail-required" aria-hidden="true">
      {" "}
      *
    </span>
  );
}

/** The sentence that explains the star, shown once at the top of each form. */
export function RequiredFieldsNotice({ className }: { className?: string }) {
  return (
    <p className={["fr-text--sm", className].filter(Boolean).join(" ")}>
      {t("formulaire.champsObligatoires")}
    </p>
  );
}

function normaliseErrors(errors: FieldProps["errors"]): string[] {
  if (!errors) return [];
  const list = typeof errors === "string" ? [errors] : [...errors];
  return list.map((message) => message.trim()).filter(Boolean);
}

function mergeTokens(...values: (string | undefined)[]): string[] {
  const tokens = values.flatMap((value) => (value ? value.split(/\s+/) : [])).filter(Boolean);
  return [...new Set(tokens)];
}
