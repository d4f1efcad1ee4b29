import common from "~/locales/fr/common";
import notification from "~/locales/fr/notification";
import validation from "~/locales/fr/validation";

/**
 * The portal's UI strings (DESIGN §7): French only, from
 * `app/locales/fr/*.ts` (the spec's texts from contract/messages), bundled on
 * both server and client. No language detection: headless browsers announce
 * English, the portal stays French.
 */
export const messages = { ...common, ...notification, ...validation };

type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** Every dotted key of the catalogue, e.g. "notification.action.success.demande.DEPOSER". */
export type MessageKey = Leaves<typeof messages>;

/** Values substituted for `{{name}}` placeholders. */
export type MessageValues = Record<string, string | number>;

/**
 * The message of a dynamic key (built at run time), or null when the
 * catalogue has no string there. Placeholders `{{name}}` are replaced by
 * `values[name]`; unknown placeholders are left as they are.
 */
export function lookup(key: string, values?: MessageValues): string | null {
  let node: unknown = messages;
  for (const part of key.split(".")) {
    if (node === null || typeof node !== "object" || !hasOwn(node, part)) return null;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? interpolate(node, values) : null;
}

/** The message of a known key (checked at compile time), with placeholders filled. */
export function t(key: MessageKey, values?: MessageValues): string {
  return lookup(key, values) ?? key;
}

/**
 * Spec §8 success notification of an action on a resource:
 * `notification.action.success.{kind}.{action}`, with `.{type}` appended for
 * CREER_PROCEDURE. `kind` is "demande", "changement-notable", "agrement" or
 * "compte". Falls back to a generic sentence for an action without its own.
 */
export function actionSuccessMessage(kind: string, action: string, type?: string): string {
  const base = `notification.action.success.${kind}.${action}`;
  return (
    (type ? lookup(`${base}.${type}`) : null) ?? lookup(base) ?? "L'action a bien été effectuée."
  );
}

function interpolate(text: string, values: MessageValues | undefined): string {
  if (!values) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
    hasOwn(values, name) ? String(values[name]) : placeholder,
  );
}

// Object.hasOwn is missing from the older browsers the portal still serves.
function hasOwn(object: object, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}
