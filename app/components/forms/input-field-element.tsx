import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode } from "react";
import { Field } from "./field";
import { FieldsetElement } from "./fieldset";

/** A field of any form's schema (conform's metadata, read for its name, id, value and errors). */
type Champ = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/** Props of {@link InputFieldElement}. */
export interface InputFieldElementProps {
  /** conform's metadata of the field (`fields.nom`). */
  field: Champ;
  type: "text" | "tel" | "email" | "date" | "password";
  label: ReactNode;
  hint?: ReactNode;
  /** Shows the star; defaults to the schema's constraint on the input. */
  required?: boolean;
  /** Class of the fieldset element (its width in the grid, e.g. "fr-col-12 fr-col-md-6"). */
  className?: string;
  /** What the input carries besides conform's props: `autoComplete`, `inputMode`, `spellCheck`… */
  inputProps?: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id">;
}

/**
 * One labelled input of a DSFR fieldset bound to a conform field: the
 * fieldset element, {@link Field} (label, hint, star, messages, ARIA) and
 * the `<input>` with conform's props, then `inputProps`. The markup every
 * form of the portal wrote by hand for each text, phone, e-mail, date or
 * password field.
 */
export function InputFieldElement({
  field,
  type,
  label,
  hint,
  required,
  className,
  inputProps,
}: InputFieldElementProps) {
  return (
    <FieldsetElement className={className}>
      <Field id={field.id} label={label} hint={hint} required={required} errors={field.errors}>
        <input {...getInputProps(field, { type })} {...inputProps} />
      </Field>
    </FieldsetElement>
  );
}
