/**
 * Error answers of the API (DESIGN §7, spec §8): 422 `{ detail }`, 401/403/404/
 * 409/500 `{ message }`, bad input 400/413 `{ detail, message }` (issue 20
 * items 3 and 7). Handlers throw `HttpError`; `errorHandler` writes it.
 */
import type { ErrorRequestHandler, Request, RequestHandler } from "express";
import {
  ZodError,
  defaultErrorMap,
  type ZodErrorMap,
  type ZodIssue,
  type ZodTypeAny,
  type z,
} from "zod";
import type { Logger } from "../../server/logger.ts";

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.message === "string" ? body.message : `HTTP ${status}`);
  }
}

export const unauthorized = () => new HttpError(401, { message: "Authentification requise" });
export const forbidden = () => new HttpError(403, { message: "Forbidden" });
export const notFound = () => new HttpError(404, { message: "Ressource introuvable" });
/** 409, e.g. a stale resource version (DESIGN §3). */
export const conflict = (message: string) => new HttpError(409, { message });
export const unprocessable = (detail: string) => new HttpError(422, { detail });
/** 400 or 413 of bad input (issue 20 item 7): `{ detail, message }`, the same French text. */
export const badInput = (message: string, status = 400) =>
  new HttpError(status, { detail: message, message });

/** 400 of a value carrying a NUL byte (`%00`): PostgreSQL refuses it in any text. */
export const MESSAGE_CARACTERE_NUL = "La requête contient un caractère interdit (caractère nul).";
export const MESSAGE_CORPS_TROP_GROS = "Le corps de la requête est trop volumineux.";
export const MESSAGE_ENCODAGE_CORPS = "L'encodage du corps de la requête n'est pas pris en charge.";
export const MESSAGE_JSON_INVALIDE = "Le corps de la requête n'est pas un JSON valide.";
export const MESSAGE_REQUETE_INVALIDE = "La requête est invalide.";
export const MESSAGE_VALEUR_INVALIDE = "Une valeur de la requête est invalide ou hors limites.";

/** True when `valeur` (a string, or an array or object of them, at any depth) holds a NUL byte. */
export function contientNul(valeur: unknown): boolean {
  if (typeof valeur === "string") return valeur.includes("\u0000");
  if (Array.isArray(valeur)) return valeur.some(contientNul);
  if (valeur && typeof valeur === "object")
    return Object.entries(valeur).some(([cle, v]) => cle.includes("\u0000") || contientNul(v));
  return false;
}

/** French wording of zod's default messages (spec §5 generic messages). */
const frenchErrorMap: ZodErrorMap = (issue, context) => {
  switch (issue.code) {
    case "invalid_type":
      return {
        message:
          issue.received === "undefined"
            ? "Ce champ est requis"
            : "Le champ n'est pas au bon format",
      };
    case "invalid_string":
      return {
        message:
          issue.validation === "email"
            ? "Cet email n'est pas valide"
            : "Le champ n'est pas au bon format",
      };
    case "too_small":
      if (issue.type === "string") {
        return {
          message:
            Number(issue.minimum) <= 1
              ? "Ce champ est requis"
              : `Ce champ doit contenir au moins ${issue.minimum} caractères.`,
        };
      }
      if (issue.type === "array")
        return { message: `Au moins ${issue.minimum} valeur(s) attendue(s).` };
      return { message: `Cette valeur est inférieur à ${issue.minimum}` };
    case "too_big":
      if (issue.type === "string")
        return { message: `Ce champ doit contenir au plus ${issue.maximum} caractères.` };
      if (issue.type === "array")
        return { message: `Au plus ${issue.maximum} valeur(s) attendue(s).` };
      return { message: `Cette valeur est supérieur à ${issue.maximum}` };
    case "invalid_enum_value":
      return { message: `Valeur non autorisée ; valeurs possibles : ${issue.options.join(", ")}.` };
    case "not_multiple_of":
    case "invalid_date":
      return { message: "Le champ n'est pas au bon format" };
    default:
      return { message: context.defaultError };
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
 * Parses `input` with `schema`; throws 422 `{ detail, errors }` in French on
 * failure (`errors`: messages by field name, see {@link fieldErrors}), and
 * 400 {@link MESSAGE_CARACTERE_NUL} first when a string of `input` holds a
 * NUL byte (it would reach PostgreSQL, which refuses it: issue 20 item 7).
 */
export function parseOrThrow<S extends ZodTypeAny>(schema: S, input: unknown): z.output<S> {
  if (contientNul(input)) throw badInput(MESSAGE_CARACTERE_NUL);
  const result = schema.safeParse(input);
  if (!result.success)
    throw new HttpError(422, {
      detail: validationDetail(result.error),
      errors: fieldErrors(result.error),
    });
  return result.data;
}

/** Last route of the router: any other /api path answers 404 JSON. */
export const notFoundHandler: RequestHandler = () => {
  throw notFound();
};

interface BodyParserError {
  type?: string;
  status?: number;
  expose?: boolean;
  code?: string;
  cause?: { code?: string };
}

/**
 * The answer to a client error that is not an `HttpError`, or null:
 * body-parser's (too large → 413, bad JSON, unknown charset or
 * Content-Encoding → 400), a path that does not decode (URIError), any
 * other 4xx error of a library, and PostgreSQL's "data exception" class 22
 * (a value out of range or not of its column's type that got that far).
 */
function erreurClient(error: unknown): HttpError | null {
  if (error instanceof URIError)
    return badInput("L'adresse demandée contient un encodage invalide.");
  const erreur = (error ?? {}) as BodyParserError;
  switch (erreur.type) {
    case "entity.too.large":
    case "parameters.too.many":
      return badInput(MESSAGE_CORPS_TROP_GROS, 413);
    case "entity.parse.failed":
      return badInput(MESSAGE_JSON_INVALIDE);
    case "charset.unsupported":
    case "encoding.unsupported":
      return badInput(MESSAGE_ENCODAGE_CORPS);
  }
  // zlib's Z_DATA_ERROR…: a Content-Encoding whose bytes do not inflate.
  if (erreur.code?.startsWith("Z_")) return badInput(MESSAGE_ENCODAGE_CORPS);
  const status = erreur.status;
  if (typeof status === "number" && status >= 400 && status < 500 && erreur.expose !== false)
    return badInput(
      status === 413 ? MESSAGE_CORPS_TROP_GROS : MESSAGE_REQUETE_INVALIDE,
      status === 413 ? 413 : 400,
    );
  const codeSql = erreur.code ?? erreur.cause?.code;
  if (typeof codeSql === "string" && /^22[0-9A-Z]{3}$/.test(codeSql))
    return badInput(MESSAGE_VALEUR_INVALIDE);
  return null;
}

/**
 * Writes `HttpError`s as they are; client errors as 400/413 `{ detail,
 * message }` (see {@link erreurClient}), logged at warn; anything else as
 * 500 "Erreur Serveur", logged with the request id and never with the stack
 * in the body.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req: Request, res, next) => {
    if (res.headersSent) return next(error);
    if (error instanceof HttpError) {
      if (error.status === 401) res.set("WWW-Authenticate", 'Bearer realm="mar_users"');
      res.status(error.status).json(error.body);
      return;
    }
    if (error instanceof ZodError) {
      res.status(422).json({ detail: validationDetail(error) });
      return;
    }
    const client = erreurClient(error);
    if (client) {
      (req.log ?? logger).warn(
        { statut: client.status, motif: client.message, requestId: req.id },
        "Requête refusée",
      );
      res.status(client.status).json(client.body);
      return;
    }
    (req.log ?? logger).error({ err: error, requestId: req.id }, "Erreur inattendue de l'API");
    res.status(500).json({ message: "Erreur Serveur" });
  };
}
