/**
 * The forms module: every form of the portal is built from
 * these components, bound to conform and zod, in DSFR markup, so that
 * labels, hints, stars, messages, `aria-invalid` and `aria-describedby` are
 * written once.
 */
export { fieldErrorsOf, refusEnErreurs } from "./api-errors";
export { Checkbox, Radio, type ChoiceProps } from "./choice";
export {
  CheckboxField,
  CheckboxInputField,
  CheckboxGroup,
  RadioField,
  RadioGroup,
  type CheckboxFieldProps,
  type ChoiceGroupProps,
  type ChoiceOption,
} from "./choice-groups";
export { ErrorList, describedBy, errorIds, normaliseErrors, type Errors } from "./error-list";
export {
  ErrorSummary,
  errorSummaryEntries,
  type ErrorSummaryEntry,
  type ErrorSummaryProps,
} from "./error-summary";
export { Field, type FieldProps } from "./field";
export {
  InputField,
  InputFields,
  TextareaField,
  type Champ,
  type InputFieldDescription,
  type InputFieldProps,
} from "./input-field";
export {
  FormErrorSummary,
  type FormErrorSummaryProps,
  type SummaryForm,
} from "./form-error-summary";
export { Fieldset, FieldsetElement, type FieldsetProps } from "./fieldset";
export { FormErrors, type FormErrorsProps } from "./form-errors";
export { FormSection } from "./form-section";
export { RequiredFieldsNotice, RequiredStar } from "./required";
export { SelectField, type SelectFieldProps, type SelectOption } from "./select-field";
export { SubmitButton } from "./submit-button";
export { PREFIXE_TITRE_ERREUR, formulaireRefuse, prefixeErreur, titreErreur } from "./titre-erreur";
export {
  UploadField,
  UploadProgress,
  acceptAttribute,
  checkFilesBeforeUpload,
  type UploadFieldProps,
  type UploadLimits,
} from "./upload";
