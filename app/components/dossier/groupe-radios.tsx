import type { InputHTMLAttributes, ReactNode } from "react";
import { RequiredStar } from "~/components/field";

/** One radio of a {@link GroupeRadios}: conform's `getCollectionProps` item and its label. */
export interface OptionRadio {
  props: InputHTMLAttributes<HTMLInputElement> & { key?: string; id: string };
  label: ReactNode;
}

/**
 * A required choice among a few values in DSFR fieldset markup (radios),
 * the radio counterpart of `CheckboxGroup`: legend with star and hint, the
 * error in `#${id}-error` read with the legend when a radio gets focus.
 */
export function GroupeRadios({
  id,
  legend,
  hint,
  required,
  errors,
  options,
  inline,
}: {
  /** The field's id (`fields.x.id`). */
  id: string;
  legend: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  errors?: readonly string[] | null;
  options: readonly OptionRadio[];
  /** Radios side by side (short labels such as Oui / Non). */
  inline?: boolean;
}) {
  const messages = (errors ?? []).filter(Boolean);
  const invalide = messages.length > 0;
  return (
    <fieldset
      className={["fr-fieldset", invalide ? "fr-fieldset--error" : null].filter(Boolean).join(" ")}
      id={id}
      aria-labelledby={`${id}-legend ${id}-messages`}
    >
      <legend className="fr-fieldset__legend fr-fieldset__legend--regular" id={`${id}-legend`}>
        {legend}
        {required ? <RequiredStar /> : null}
        {hint ? <span className="fr-hint-text">{hint}</span> : null}
      </legend>
      {options.map(({ props: { key, ...props }, label }) => (
        <div
          className={`fr-fieldset__element${inline ? " fr-fieldset__element--inline" : ""}`}
          key={key ?? props.id}
        >
          <div className="fr-radio-group">
            <input
              {...props}
              type="radio"
              aria-invalid={invalide || undefined}
              aria-describedby={invalide ? `${id}-error` : undefined}
            />
            <label className="fr-label" htmlFor={props.id}>
              {label}
            </label>
          </div>
        </div>
      ))}
      <div className="fr-messages-group" id={`${id}-messages`} aria-live="polite">
        {invalide ? (
          <p className="fr-message fr-message--error" id={`${id}-error`}>
            {messages.join(" ")}
          </p>
        ) : null}
      </div>
    </fieldset>
  );
}
