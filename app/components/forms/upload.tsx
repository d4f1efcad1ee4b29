import type { ReactNode, Ref } from "react";
import {
  MESSAGES_PJ,
  TYPES_FICHIER,
  afficherTaille,
  afficherTypeFichier,
  type MimeTypeAccepte,
} from "#contract/pieces-jointes";
import { describedBy, ErrorList, normaliseErrors, type Errors } from "./error-list";
import { RequiredStar } from "./required";

/**
 * The `accept` attribute of a file input for these mime types: the types
 * and their usual extensions (`.jpg` and `.jpeg` for JPEG), so that the
 * browser's file picker offers the right files. The API checks the bytes.
 */
export function acceptAttribute(types: readonly string[]): string {
  const extensions = types.flatMap((type) => {
    const extension = TYPES_FICHIER[type as MimeTypeAccepte]?.extension;
    return extension === "jpg" ? [".jpg", ".jpeg"] : extension ? [`.${extension}`] : [];
  });
  return [...types, ...extensions].join(",");
}

/** Upload limits as the API announces them: count, size per file (Ko), mime types. */
export interface UploadLimits {
  maxPj: number;
  tailleMaxKo: number;
  typesAcceptes: readonly string[];
}

/**
 * What the browser can tell before sending (spec §5 Attachments): no file
 * (`requiredMessage`), too many files with those already there
 * (`alreadyThere`), a file over the size limit, a declared type not
 * accepted. Returns the messages, none when the files may go; the API
 * checks again and recognises the type from the bytes.
 */
export function checkFilesBeforeUpload(
  files: readonly File[],
  limits: UploadLimits,
  { alreadyThere = 0, requiredMessage }: { alreadyThere?: number; requiredMessage: string },
): string[] {
  if (files.length === 0) return [requiredMessage];
  const errors: string[] = [];
  if (alreadyThere + files.length > limits.maxPj) errors.push(MESSAGES_PJ.trop);
  const maxBytes = limits.tailleMaxKo * 1024;
  if (files.some((file) => file.size > maxBytes))
    errors.push(MESSAGES_PJ.taille(afficherTaille(maxBytes)));
  if (files.some((file) => file.type && !limits.typesAcceptes.includes(file.type)))
    errors.push(MESSAGES_PJ.type(limits.typesAcceptes.map(afficherTypeFichier).join(", ")));
  return errors;
}

/** Props of {@link UploadField}. */
export interface UploadFieldProps {
  /** The input's id; with conform, `fields.x.id` (its error id is `${id}-error`). */
  id: string;
  name: string;
  label: ReactNode;
  /** Limits and formats, under the label (part of it, as DSFR does). */
  hint?: ReactNode;
  /** The browser refuses to send the form without a file. */
  required?: boolean;
  /** Shows the star; defaults to `required`. */
  star?: boolean;
  multiple?: boolean;
  /** See {@link acceptAttribute}. */
  accept?: string;
  errors?: Errors;
  inputRef?: Ref<HTMLInputElement>;
  onChange?: () => void;
  className?: string;
}

/**
 * A file input in DSFR upload markup (`fr-upload-group`): label with star
 * and hint, the input (`aria-invalid`, `aria-describedby` while messages
 * show), then one message per refusal. A browser cannot refill a file
 * input: after a refused post the user chooses the file again.
 */
export function UploadField({
  id,
  name,
  label,
  hint,
  required = false,
  star = required,
  multiple = false,
  accept,
  errors,
  inputRef,
  onChange,
  className,
}: UploadFieldProps) {
  const messages = normaliseErrors(errors);
  const invalid = messages.length > 0;
  return (
    <div
      className={["fr-upload-group", invalid ? "fr-upload-group--error" : null, className]
        .filter(Boolean)
        .join(" ")}
    >
      <label className="fr-label" htmlFor={id}>
        {label}
        {star ? <RequiredStar /> : null}
        {hint ? <span className="fr-hint-text">{hint}</span> : null}
      </label>
      <input
        ref={inputRef}
        className="fr-upload"
        type="file"
        id={id}
        name={name}
        multiple={multiple || undefined}
        required={required || undefined}
        accept={accept}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(undefined, `${id}-error`, messages.length)}
        onChange={onChange}
      />
      <ErrorList id={id} errors={messages} />
    </div>
  );
}

/**
 * The progress of an upload sent by script (DESIGN §6 "with JS, a progress
 * bar"): "Envoi en cours : n %" labelling a `<progress>`; nothing while
 * `percent` is null.
 */
export function UploadProgress({
  id,
  percent,
  className = "fr-mt-1w",
}: {
  id: string;
  percent: number | null;
  className?: string;
}) {
  if (percent === null) return null;
  return (
    <div className={className}>
      <label className="fr-label" htmlFor={id}>
        Envoi en cours : {percent} %
      </label>
      <progress id={id} max={100} value={percent}>
        {percent} %
      </progress>
    </div>
  );
}
