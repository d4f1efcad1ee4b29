import { getCollectionProps, getInputProps } from "@conform-to/react";
import {
  cloneElement,
  isValidElement,
  type AriaAttributes,
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
} from "react";
import { Checkbox, Radio } from "./choice";
import { ErrorList, normaliseErrors, type Errors } from "./error-list";
import { ariaErrorProps } from "./field";
import type { Champ } from "./input-field";
import { Fieldset, FieldsetElement } from "./fieldset";
import { RequiredStar } from "./required";

/** Attributes the single checkbox reads from, and sets on, its input. */
interface CheckboxControlProps {
  id?: string;
  required?: boolean;
  "aria-describedby"?: string;
  "aria-invalid"?: AriaAttributes["aria-invalid"];
}

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
 * One checkbox with its own messages in DSFR markup (`fr-checkbox-group`),
 * the counterpart of `Field` for a consent box: label after the box, a star
 * when the box must be ticked (spec §5), the messages inside the group
 * (conform's `${id}-error` first). Throws when `children` is not an element.
 */
export function CheckboxField({ id, label, hint, errors, children }: CheckboxFieldProps) {
  if (!isValidElement(children)) throw new Error("CheckboxField attend un élément <input>.");
  const messages = normaliseErrors(errors);
  const invalid = messages.length > 0;
  const control = cloneElement(children, {
    id,
    ...ariaErrorProps(id, messages.length, children.props["aria-describedby"]),
  });
  return (
    <div className={["fr-checkbox-group", invalid ? "fr-checkbox-group--error" : null].join(" ")}>
      {control}
      <label className="fr-label" htmlFor={id}>
        {label}
        {children.props.required ? <RequiredStar /> : null}
        {hint ? <span className="fr-hint-text">{hint}</span> : null}
      </label>
      <ErrorList id={id} errors={messages} />
    </div>
  );
}

/** A {@link CheckboxField} bound to a conform field (`fields.x`): its box, label and messages. */
export function CheckboxInputField({ field, label }: { field: Champ; label: ReactNode }) {
  return (
    <CheckboxField id={field.id} label={label} errors={field.errors}>
      <input {...getInputProps(field, { type: "checkbox" })} />
    </CheckboxField>
  );
}

/** One box or radio of a group: conform's `getCollectionProps` item (or plain attributes) and its label. */
export interface ChoiceOption {
  props: InputHTMLAttributes<HTMLInputElement> & { key?: string; id: string };
  label: ReactNode;
  hint?: ReactNode;
}

/** Props of {@link CheckboxGroup} and {@link RadioGroup}. */
export interface ChoiceGroupProps {
  /** The field's id (`fields.x.id`): the fieldset's id, its error is `${id}-error`. */
  id: string;
  legend: ReactNode;
  hint?: ReactNode;
  /** Shows the star: an answer is expected. */
  required?: boolean;
  errors?: Errors;
  /** `getCollectionProps(fields.x, { type, options })`, each with its label. */
  options: readonly ChoiceOption[];
  /** Choices side by side (short labels such as Oui / Non). */
  inline?: boolean;
}

function ChoiceGroup({
  kind,
  id,
  legend,
  hint,
  required,
  errors,
  options,
  inline = false,
}: ChoiceGroupProps & { kind: "checkbox" | "radio" }) {
  const messages = normaliseErrors(errors);
  const Input = kind === "checkbox" ? Checkbox : Radio;
  return (
    <Fieldset id={id} legend={legend} regular hint={hint} required={required} errors={messages}>
      {options.map(({ props: { key, ...props }, label, hint: indice }) => (
        <FieldsetElement inline={inline} key={key ?? props.id}>
          <Input {...props} label={label} hint={indice} {...ariaErrorProps(id, messages.length)} />
        </FieldsetElement>
      ))}
    </Fieldset>
  );
}

/**
 * A group of checkboxes where one or several may be ticked, in DSFR
 * fieldset markup: the legend (with star and hint) and the messages are
 * both read when a box gets focus (the fieldset's `aria-labelledby`), each
 * box is described by the messages while they are shown.
 */
export function CheckboxGroup(props: ChoiceGroupProps) {
  return <ChoiceGroup kind="checkbox" {...props} />;
}

/**
 * A choice of one value among a few in DSFR fieldset markup (radios), the
 * radio counterpart of {@link CheckboxGroup}.
 */
export function RadioGroup(props: ChoiceGroupProps) {
  return <ChoiceGroup kind="radio" {...props} />;
}

/**
 * A {@link RadioGroup} bound to conform's `field` (its id and messages):
 * one radio a value of `valeurs`, in order, labelled by `libelles` (else by
 * the value itself); "Oui" and "Non" by default.
 */
export function RadioField({
  field,
  libelles = { oui: "Oui", non: "Non" },
  valeurs = Object.keys(libelles),
  ...groupe
}: Omit<ChoiceGroupProps, "id" | "errors" | "options"> & {
  field: Champ;
  libelles?: Readonly<Record<string, ReactNode>>;
  valeurs?: readonly string[];
}) {
  const options = getCollectionProps(field, { type: "radio", options: [...valeurs] });
  return (
    <RadioGroup
      id={field.id}
      errors={field.errors}
      options={options.map((props) => ({ props, label: libelles[props.value] ?? props.value }))}
      {...groupe}
    />
  );
}
