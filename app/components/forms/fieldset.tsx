import type { ReactNode } from "react";
import { ErrorList, normaliseErrors, type Errors } from "./error-list";
import { RequiredStar } from "./required";

/** Props of {@link Fieldset}. */
export interface FieldsetProps {
  /** The fieldset's id; its legend is `${id}-legend`, its messages `${id}-messages`. */
  id: string;
  legend: ReactNode;
  /** The legend as a heading of this level (a form section); plain text when absent. */
  heading?: "h2" | "h3" | "h4";
  /** DSFR classes of that heading; `fr-h5 fr-mb-0` by default. */
  headingClassName?: string;
  /** The lighter legend of a group of boxes or radios (`fr-fieldset__legend--regular`). */
  regular?: boolean;
  /** Help text under the legend, inside it. */
  hint?: ReactNode;
  /** Shows the star: at least one answer is expected (spec §5). */
  required?: boolean;
  /**
   * Messages of the whole group. Passing the prop, even empty, gives the
   * fieldset its message area (read with the legend); without it, none.
   */
  errors?: Errors;
  /** Id of the first message; `${id}-error` by default (conform's `errorId`). */
  errorId?: string;
  /** The messages right under the legend rather than at the end (long groups). */
  errorsFirst?: boolean;
  className?: string;
  children: ReactNode;
}

/**
 * A DSFR fieldset (`fr-fieldset`): the legend (heading or text, star,
 * hint), the elements, and the group's message area. The fieldset is
 * labelled by its legend and, when it has them, its messages
 * (`aria-labelledby`), so that a screen reader entering the group hears
 * both; `fr-fieldset--error` while a message is shown. Wrap each element in
 * `fr-fieldset__element` (see {@link FieldsetElement}).
 */
export function Fieldset({
  id,
  legend,
  heading: Heading,
  headingClassName = "fr-h5 fr-mb-0",
  regular = false,
  hint,
  required = false,
  errors,
  errorId,
  errorsFirst = false,
  className,
  children,
}: FieldsetProps) {
  const withMessages = errors !== undefined;
  const invalid = normaliseErrors(errors).length > 0;
  const messages = withMessages ? <ErrorList id={id} errorId={errorId} errors={errors} /> : null;
  return (
    <fieldset
      className={["fr-fieldset", invalid ? "fr-fieldset--error" : null, className]
        .filter(Boolean)
        .join(" ")}
      id={id}
      aria-labelledby={withMessages ? `${id}-legend ${id}-messages` : `${id}-legend`}
    >
      <legend
        className={["fr-fieldset__legend", regular ? "fr-fieldset__legend--regular" : null]
          .filter(Boolean)
          .join(" ")}
        id={`${id}-legend`}
      >
        {Heading ? (
          <Heading className={headingClassName}>
            {legend}
            {required ? <RequiredStar /> : null}
          </Heading>
        ) : (
          <>
            {legend}
            {required ? <RequiredStar /> : null}
          </>
        )}
        {hint ? <span className="fr-hint-text">{hint}</span> : null}
      </legend>
      {errorsFirst ? messages : null}
      {children}
      {errorsFirst ? null : messages}
    </fieldset>
  );
}

/**
 * One element of a {@link Fieldset} (`fr-fieldset__element`); `inline`
 * puts short choices side by side, `className` adds grid columns
 * (`fr-col-12 fr-col-md-6`).
 */
export function FieldsetElement({
  inline = false,
  className,
  children,
}: {
  inline?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={["fr-fieldset__element", inline ? "fr-fieldset__element--inline" : null, className]
        .filter(Boolean)
        .join(" ")}
    >
      {children}
    </div>
  );
}
