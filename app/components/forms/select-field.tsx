import type { ReactNode, SelectHTMLAttributes } from "react";
import type { Errors } from "./error-list";
import { Field } from "./field";

/** One choice of a {@link SelectField}. */
export interface SelectOption {
  value: string;
  label: string;
}

/** Props of {@link SelectField}. */
export interface SelectFieldProps {
  /** The select's id; with conform, `fields.x.id`. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  errors?: Errors;
  /** The first, empty choice ("Sélectionnez…"); none when absent. */
  placeholder?: string;
  /** The empty choice cannot be picked again once a value is chosen (a required select). */
  placeholderDisabled?: boolean;
  options: readonly SelectOption[];
  /**
   * Attributes of the `<select>`: conform's `getSelectProps(fields.x)` or a
   * plain `name`, with `defaultValue`, `key`…
   */
  selectProps: SelectHTMLAttributes<HTMLSelectElement> & { key?: string };
  className?: string;
}

/**
 * A drop-down list in DSFR markup (`fr-select-group`): a {@link Field}
 * around a `<select>` whose choices are `options`, after the optional
 * empty `placeholder` choice. Label, star, hint and messages as Field.
 */
export function SelectField({
  id,
  label,
  hint,
  errors,
  placeholder,
  placeholderDisabled = false,
  options,
  selectProps: { key, ...selectProps },
  className,
}: SelectFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} errors={errors} className={className}>
      <select key={key} {...selectProps}>
        {placeholder !== undefined ? (
          <option value="" disabled={placeholderDisabled}>
            {placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
