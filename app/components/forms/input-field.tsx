import { getInputProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { Field } from "./field";
import { FieldsetElement } from "./fieldset";

/** A field of any form's schema (conform's metadata, read for its name, id, value and errors). */
export type Champ = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/** Props of {@link InputField}. */
export interface InputFieldProps {
  /** conform's metadata of the field (`fields.nom`). */
  field: Champ;
  type: "text" | "tel" | "email" | "date" | "password";
  label: ReactNode;
  hint?: ReactNode;
  /** Shows the star; defaults to the schema's constraint on the input. */
  required?: boolean;
  /** What the input carries besides conform's props: `autoComplete`, `inputMode`, `spellCheck`… */
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id">;
}

/**
 * One labelled input bound to a conform field: {@link Field} (label, hint,
 * star, messages, ARIA) and the `<input>` with conform's props, then
 * `inputProps`. The markup every form of the portal wrote by hand for each
 * text, phone, e-mail, date or password field.
 */
export function InputField({ field, type, label, hint, required, inputProps }: InputFieldProps) {
  return (
    <Field id={field.id} label={label} hint={hint} required={required} errors={field.errors}>
      <input {...getInputProps(field, { type })} {...inputProps} />
    </Field>
  );
}

/** A labelled `<textarea>` bound to a conform field, `rows` high: as {@link InputField}. */
export function TextareaField({
  field,
  label,
  hint,
  rows,
}: Pick<InputFieldProps, "field" | "label" | "hint"> & { rows: number }) {
  return (
    <Field id={field.id} label={label} hint={hint} errors={field.errors}>
      <textarea {...getTextareaProps(field)} rows={rows} />
    </Field>
  );
}

/** One row of the table {@link InputFields} renders. */
export interface InputFieldDescription extends Omit<InputFieldProps, "field" | "type"> {
  /** The field's key in conform's `fields`. */
  name: string;
  /** "text" when absent. */
  type?: InputFieldProps["type"];
  /** Class of the fieldset element (its width in the grid, e.g. "fr-col-12 fr-col-md-6"). */
  className?: string;
  /** The input's `autoComplete`, put before `inputProps`. */
  autoComplete?: string;
}

/**
 * The inputs of a DSFR fieldset described as data: for each row of
 * `inputs`, in order, a fieldset element holding the {@link InputField} of
 * `fields[name]`.
 */
export function InputFields({
  fields,
  inputs,
}: {
  fields: Record<string, Champ>;
  inputs: readonly InputFieldDescription[];
}) {
  return inputs.map(
    ({ name, type = "text", className, autoComplete, inputProps, ...description }) => (
      <FieldsetElement key={name} className={className}>
        <InputField
          field={fields[name]}
          type={type}
          inputProps={autoComplete ? { autoComplete, ...inputProps } : inputProps}
          {...description}
        />
      </FieldsetElement>
    ),
  );
}
