/**
 * The `errors` map of an API refusal (422 `{ detail, errors }`, spec §8):
 * field name → messages, a lone message as a list of one, empty and
 * malformed entries dropped; `{}` when the body has none. What conform's
 * `submission.reply({ fieldErrors })` expects.
 */
export function fieldErrorsOf(body: unknown): Record<string, string[]> {
  const errors = (body as { errors?: unknown } | null)?.errors;
  if (!errors || typeof errors !== "object") return {};
  return Object.fromEntries(
    Object.entries(errors as Record<string, unknown>)
      .map(([field, messages]) => [field, [messages].flat().map(String).filter(Boolean)] as const)
      .filter(([, messages]) => messages.length > 0),
  );
}

/**
 * conform's `reply` options for an API refusal whose body is `body`: its
 * field errors when it has some, else `message` as the form's own error
 * (a 429, a 409…).
 */
export function refusEnErreurs(
  body: unknown,
  message: string,
): { fieldErrors: Record<string, string[]> } | { formErrors: string[] } {
  const fieldErrors = fieldErrorsOf(body);
  return Object.keys(fieldErrors).length ? { fieldErrors } : { formErrors: [message] };
}
