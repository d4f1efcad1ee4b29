import {
  cloneElement,
  isValidElement,
  type AriaAttributes,
  type ReactElement,
  type ReactNode,
} from "react";
import { describedBy, ErrorList, normaliseErrors, type Errors } from "./error-list";
import { RequiredStar } from "./required";

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
  errors?: Errors;
  className?: string;
  /**
   * A button joined to the right of the control (DSFR "champ avec bouton",
   * `fr-input-wrap--addon`), e.g. the search button of a search field.
   */
  addon?: ReactNode;
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
 * label, and each error message in its own paragraph, the first in
 * `#${id}-error`, the id conform's `getInputProps` already puts in
 * `aria-describedby`. The control gets `aria-invalid` and
 * `aria-describedby` pointing at the messages only while they are shown.
 * Throws when `children` is not a React element (a programming error).
 */
export function Field({
  id,
  label,
  hint,
  required,
  errors,
  className,
  addon,
  children,
}: FieldProps) {
  if (!isValidElement(children))
    throw new Error("Field attend un élément <input>, <textarea> ou <select>.");
  const isSelect = children.type === "select";
  const group = isSelect ? "fr-select-group" : "fr-input-group";
  const controlClass = isSelect ? "fr-select" : "fr-input";
  const messages = normaliseErrors(errors);
  const invalid = messages.length > 0;
  const isRequired = required ?? Boolean(children.props.required);
  const disabled = Boolean(children.props.disabled);

  const control = cloneElement(children, {
    id,
    className: [controlClass, invalid ? `${controlClass}--error` : null, children.props.className]
      .filter(Boolean)
      .join(" "),
    required: isRequired || undefined,
    ...ariaErrorProps(id, messages.length, children.props["aria-describedby"]),
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
      {addon ? (
        <div className="fr-input-wrap fr-input-wrap--addon">
          {control}
          {addon}
        </div>
      ) : (
        control
      )}
      <ErrorList id={id} errors={messages} />
    </div>
  );
}

/**
 * The ARIA state a control gets from its messages (the first in
 * `#${id}-error`): invalid and described by them while `messages` > 0,
 * besides what the control's own `aria-describedby` already names.
 */
export function ariaErrorProps(id: string, messages: number, ownDescribedBy?: string) {
  return {
    "aria-invalid": messages > 0 || undefined,
    "aria-describedby": describedBy(ownDescribedBy, `${id}-error`, messages),
  };
}
