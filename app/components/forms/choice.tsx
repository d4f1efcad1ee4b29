import type { InputHTMLAttributes, ReactNode } from "react";

/** Props of {@link Checkbox} and {@link Radio}: the input's attributes, its label and hint. */
export type ChoiceProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type"> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The small DSFR box (`--sm`), for long lists. */
  small?: boolean;
};

/** The markup both kinds share: the input, then its label with the hint inside. */
function Choice({
  kind,
  id,
  label,
  hint,
  small = false,
  ...input
}: ChoiceProps & { kind: "checkbox" | "radio" }) {
  const group = kind === "checkbox" ? "fr-checkbox-group" : "fr-radio-group";
  return (
    <div className={small ? `${group} ${group}--sm` : group}>
      <input {...input} type={kind} id={id} />
      <label className="fr-label" htmlFor={id}>
        {label}
        {hint ? <span className="fr-hint-text">{hint}</span> : null}
      </label>
    </div>
  );
}

/**
 * One DSFR checkbox (`fr-checkbox-group`) without a message area of its
 * own: a box of a {@link CheckboxGroup}, or of a list the page controls
 * (the request's perimeter).
 */
export function Checkbox(props: ChoiceProps) {
  return <Choice kind="checkbox" {...props} />;
}

/** One DSFR radio (`fr-radio-group`), the radio counterpart of {@link Checkbox}. */
export function Radio(props: ChoiceProps) {
  return <Choice kind="radio" {...props} />;
}
