/**
 * Error messages of one field or group, as conform gives them
 * (`fields.x.errors`) or as a server answer carries them; empty or absent
 * means valid.
 */
export type Errors = readonly (string | null | undefined)[] | string | null | undefined;

/** The messages to show: trimmed, blanks dropped, a lone string as a list of one. */
export function normaliseErrors(errors: Errors): string[] {
  if (!errors) return [];
  const list = typeof errors === "string" ? [errors] : [...errors];
  return list.map((message) => (message ?? "").trim()).filter(Boolean);
}

/**
 * Ids of the message paragraphs of a field: the first is `errorId` (the id
 * conform puts in `aria-describedby`, `${fieldId}-error`), the next ones
 * `${errorId}-2`, `${errorId}-3`… so that a control can be described by all.
 */
export function errorIds(errorId: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) =>
    index === 0 ? errorId : `${errorId}-${index + 1}`,
  );
}

/** Props of {@link ErrorList}. */
export interface ErrorListProps {
  /** The field's id: the group is `${id}-messages`. */
  id: string;
  /** Id of the first message; `${id}-error` by default (conform's `errorId`). */
  errorId?: string;
  errors?: Errors;
}

/**
 * The DSFR message area of a field or fieldset (`fr-messages-group`, a
 * polite live region, present even when empty so that a message appearing
 * is announced): one `fr-message--error` paragraph per message, never
 * several messages joined in one.
 */
export function ErrorList({ id, errorId = `${id}-error`, errors }: ErrorListProps) {
  const messages = normaliseErrors(errors);
  const ids = errorIds(errorId, messages.length);
  return (
    <div className="fr-messages-group" id={`${id}-messages`} aria-live="polite">
      {messages.map((message, index) => (
        <p className="fr-message fr-message--error" id={ids[index]} key={ids[index]}>
          {message}
        </p>
      ))}
    </div>
  );
}

/**
 * Splits and merges `aria-describedby` tokens, without duplicates: the
 * control's own descriptions kept, the field's error ids added while shown
 * and removed once the error is gone.
 */
export function describedBy(
  own: string | undefined,
  errorId: string,
  messageCount: number,
): string | undefined {
  const shown = errorIds(errorId, messageCount);
  const tokens = (own ?? "")
    .split(/\s+/)
    .filter(Boolean)
    .filter((token) => token !== errorId && !token.startsWith(`${errorId}-`));
  const all = [...new Set([...shown, ...tokens])];
  return all.length ? all.join(" ") : undefined;
}
