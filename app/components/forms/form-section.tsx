import { Fieldset, type FieldsetProps } from "./fieldset";

/**
 * A section of a long form (account creation, referencing): a
 * {@link Fieldset} whose legend is an h2 styled as `fr-h4`.
 */
export function FormSection(props: Omit<FieldsetProps, "heading" | "headingClassName">) {
  return <Fieldset heading="h2" headingClassName="fr-h4 fr-mb-0" {...props} />;
}
