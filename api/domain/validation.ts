/**
 * Reading input with the contract's zod schemas: a
 * failure becomes an error of the domain (api/domain/erreurs.ts), with
 * zod's messages in French (spec §5 generic messages). The HTTP layer
 * (api/http/errors.ts) re-exports these for its routes.
 */
import {
  defaultErrorMap,
  type ZodError,
  type ZodErrorMap,
  type ZodIssue,
  type ZodTypeAny,
  type z,
} from "zod";
import { MESSAGES_VALIDATION, formater, messageValidation } from "../../contract/messages/index.ts";
import { MESSAGES } from "../../contract/validation.ts";
import { illisible, invalide } from "./erreurs.ts";

/** 400 of a value carrying a NUL byte (`%00`): PostgreSQL refuses it in any text. */
export const MESSAGE_CARACTERE_NUL = "La requête contient un caractère interdit (caractère nul).";

/** True when `valeur` (a string, or an array or object of them, at any depth) holds a NUL byte. */
export function contientNul(valeur: unknown): boolean {
  if (typeof valeur === "string") return valeur.includes("\u0000");
  if (Array.isArray(valeur)) return valeur.some(contientNul);
  if (valeur && typeof valeur === "object")
    return Object.entries(valeur).some(([cle, v]) => cle.includes("\u0000") || contientNul(v));
  return false;
}

/** Name of the field an issue is about (the last name of its path), if any. */
function champDe(issue: Pick<ZodIssue, "path">): string | undefined {
  return issue.path.filter((part): part is string => typeof part === "string").at(-1);
}

/** French wording of zod's default messages (spec §5 generic messages, from the catalogue). */
const frenchErrorMap: ZodErrorMap = (issue) => {
  const { required, pattern, email } = MESSAGES_VALIDATION;
  switch (issue.code) {
    case "invalid_type":
      return { message: issue.received === "undefined" ? required : pattern };
    case "invalid_string":
      return { message: issue.validation === "email" ? email : pattern };
    case "too_small":
      if (issue.type === "string") {
        return {
          message:
            Number(issue.minimum) <= 1
              ? required
              : formater(MESSAGES_VALIDATION.minlength, { n: String(issue.minimum) }),
        };
      }
      if (issue.type === "array")
        return { message: `Au moins ${issue.minimum} valeur(s) attendue(s).` };
      return { message: formater(MESSAGES_VALIDATION.min, { min: String(issue.minimum) }) };
    case "too_big":
      if (issue.type === "string") return { message: MESSAGES.maxLength(String(issue.maximum)) };
      if (issue.type === "array")
        return { message: `Au plus ${issue.maximum} valeur(s) attendue(s).` };
      return { message: formater(MESSAGES_VALIDATION.max, { max: String(issue.maximum) }) };
    case "invalid_enum_value":
      return { message: `Valeur non autorisée ; valeurs possibles : ${issue.options.join(", ")}.` };
    case "not_multiple_of":
    case "invalid_date":
      return { message: pattern };
    default:
      // Spec §5: an error the catalogue has no text for gets its fallback.
      return { message: messageValidation(issue.code, champDe(issue)) };
  }
};

/**
 * French text of one issue: a message the schema wrote itself is kept as is;
 * zod's default (English) message is replaced by the French one, prefixed by
 * the field's name.
 */
export function issueMessage(issue: ZodIssue): string {
  const english = defaultErrorMap(issue, { defaultError: "", data: undefined }).message;
  if (issue.message !== english) return issue.message;
  const french = frenchErrorMap(issue, { defaultError: issue.message, data: undefined }).message;
  const field = issue.path.filter((part) => typeof part === "string").join(".");
  return field ? `${field} : ${french}` : french;
}

/** The 422 detail of a validation failure: its French messages, one per line. */
export function validationDetail(error: ZodError): string {
  return [...new Set(error.issues.map(issueMessage))].join("\n");
}

/**
 * Field errors of a validation failure keyed like conform names them
 * (`a.b`, `list[0]`), so that a form can show each message next to its field.
 */
export function fieldErrors(error: ZodError): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path
      .map((part, index) => (typeof part === "number" ? `[${part}]` : index ? `.${part}` : part))
      .join("");
    const messages = (errors[key] ??= []);
    if (!messages.includes(issue.message)) messages.push(issue.message);
  }
  return errors;
}

/**
 * Parses `input` with `schema`; throws {@link invalide} (422 `{ detail,
 * errors }` in French: `errors` holds the messages by field name, see
 * {@link fieldErrors}) on failure, and {@link illisible} (400
 * {@link MESSAGE_CARACTERE_NUL}) first when a string of `input` holds a NUL
 * byte (it would reach PostgreSQL, which refuses it).
 */
export function parseOrThrow<S extends ZodTypeAny>(schema: S, input: unknown): z.output<S> {
  if (contientNul(input)) throw illisible(MESSAGE_CARACTERE_NUL);
  const result = schema.safeParse(input);
  if (!result.success)
    throw invalide(validationDetail(result.error), { champs: fieldErrors(result.error) });
  return result.data;
}
