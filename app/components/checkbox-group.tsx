import {
  cloneElement,
  isValidElement,
  type AriaAttributes,
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
} from "react";
import { RequiredStar } from "~/components/field";

/** Attributes the checkbox components read from, and set on, their inputs. */
interface CheckboxControlProps {
  id?: string;
  required?: boolean;
  "aria-describedby"?: string;
  "aria-invalid"?: AriaAttributes["aria-invalid"];
}

/** Error messages as conform gives them (`fields.x.errors`); empty or absent = valid. */
type Errors = readonly string[] | string | null | undefined;

/** Props of {@link CheckboxField}. */
export interface CheckboxFieldProps {
  /** The checkbox's id; with conform, `fields.x.id` (its error id is `${id}-error`). */
  id: string;
  label: ReactNode;
  /** Help text under the label (inside the label, as DSFR does). */
  hint?: ReactNode;
  errors?: Errors;
  /** `<input type="checkbox" {...getInputProps(fields.x, { type: "checkbox" })} />`. */
  children: ReactElement<CheckboxControlProps>;
}

/**
 * One checkbox in DSFR markup (`fr-checkbox-group`), the counterpart of
 * `Field` for a consent box: label after the box, a star when the box must be
 * ticked (spec §5), the error in `#${id}-error` (conform's
 * `aria-describedby` target) inside the group's live message area.
 */
export function CheckboxField({ id, label, hint, errors, children }: CheckboxFieldProps) {
  if (!isValidElement(children)) throw new Error("CheckboxField attend un élément <input>.");
  const messages = normaliseErrors(errors);
  const invalid = messages.length > 0;
  const control = cloneElement(children, {
    id,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? `${id}-error` : undefined,
  });
  return (
    <div className={["fr-checkbox-group", invalid ? "fr-checkbox-group--error" : null].join(" ")}>
      {control}
      <label className="fr-label" htmlFor={id}>
        {label}
        {children.props.required ? <RequiredStar /> : null}
        {hint ? <span className="fr-hint-text">{hint}</span> : null}
      </label>
      <div className="fr-messages-group" id={`${id}-messages`} aria-live="polite">
        {invalid ? (
          <p className="fr-message fr-message--error" id={`${id}-error`}>
            {messages.join(" ")}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** One box of a {@link CheckboxGroup}: conform's `getCollectionProps` item and its label. */
export interface CheckboxOption {
  props: InputHTMLAttributes<HTMLInputElement> & { key?: string; id: string };
  label: ReactNode;
}

/** Props of {@link CheckboxGroup}. */
export interface CheckboxGroupProps {
  /** The field's id (`fields.x.id`): the fieldset's id, its error is `${id}-error`. */
  id: string;
  legend: ReactNode;
  hint?: ReactNode;
  /** Shows the star: at least one box must be ticked. */
  required?: boolean;
  errors?: Errors;
  /** `getCollectionProps(fields.x, { type: "checkbox", options })`, each with its label. */
  options: readonly CheckboxOption[];
}

/**
 * A group of checkboxes where one or several may be ticked, in DSFR fieldset
 * markup (`Field` only covers single controls): the legend (with star and
 * hint) and the error are both read when a box gets focus (`aria-labelledby`
 * of the fieldset), the error sits in `#${id}-error` for conform.
 */
export function CheckboxGroup({ id, legend, hint, required, errors, options }: CheckboxGroupProps) {
  const messages = normaliseErrors(errors);
  const invalid = messages.length > 0;
  return (
    <fieldset
      className={["fr-fieldset", invalid ? "fr-fieldset--error" : null].filter(Boolean).join(" ")}
      id={id}
      aria-labelledby={`${id}-legend ${id}-messages`}
    >
      <legend className="fr-fieldset__legend fr-fieldset__legend--regular" id={`${id}-legend`}>
        {legend}
        {required ? <RequiredStar /> : null}
        {hint ? <span className="fr-hint-text">{hint}</span> : null}
      </legend>
      {options.map(({ props: { key, ...props }, label }) => (
        <div className="fr-fieldset__element" key={key ?? props.id}>
          <div className="fr-checkbox-group">
            <input
              {...props}
              type="checkbox"
              aria-invalid={invalid || undefined}
              aria-describedby={invalid ? `${id}-error` : undefined}
            />
            <label className="fr-label" htmlFor={props.id}>
              {label}
            </label>
          </div>
        </div>
      ))}
      <div className="fr-messages-group" id={`${id}-messages`} aria-live="polite">
        {invalid ? (
          <p className="fr-message fr-message--error" id={`${id}-error`}>
            {messages.join(" ")}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}

function normaliseErrors(errors: Errors): string[] {
  if (!errors) return [];
  const list = typeof errors === "string" ? [errors] : [...errors];
  return list.map((message) => message.trim()).filter(Boolean);
}
