/**
 * Error answers of the API (DESIGN §7, spec §8): 422 `{ detail }`, 401/403/404/
 * 409/500 `{ message }`, bad input 400/413 `{ detail, message }`.
 * Handlers throw `HttpError`, the domain its `ErreurDomaine`
 * (api/domain/erreurs.ts); `errorHandler` writes both.
 */
import type { ErrorRequestHandler, Request, RequestHandler } from "express";
import type { Logger } from "pino";
import { ZodError } from "zod";
import { MESSAGES_ERREURS, PAGES_ERREUR } from "../../contract/messages/index.ts";
import { ErreurDomaine } from "../domain/erreurs.ts";
import { validationDetail } from "../domain/validation.ts";

// Reading input with zod lives in the domain, which must not import HTTP;
// the routes keep importing it from here.
export {
  MESSAGE_CARACTERE_NUL,
  contientNul,
  fieldErrors,
  issueMessage,
  parseOrThrow,
  validationDetail,
} from "../domain/validation.ts";

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.message === "string" ? body.message : `HTTP ${status}`);
  }
}

export const unauthorized = () => new HttpError(401, { message: "Authentification requise" });
export const forbidden = () => new HttpError(403, { message: MESSAGES_ERREURS[403] });
export const notFound = () => new HttpError(404, { message: "Ressource introuvable" });
/** 409, e.g. a stale resource version (DESIGN §3). */
export const conflict = (message: string) => new HttpError(409, { message });
export const unprocessable = (detail: string) => new HttpError(422, { detail });
/** 400 or 413 of bad input: `{ detail, message }`, the same French text. */
export const badInput = (message: string, status = 400) =>
  new HttpError(status, { detail: message, message });

export const MESSAGE_CORPS_TROP_GROS = "Le corps de la requête est trop volumineux.";
export const MESSAGE_ENCODAGE_CORPS = "L'encodage du corps de la requête n'est pas pris en charge.";
export const MESSAGE_JSON_INVALIDE = "Le corps de la requête n'est pas un JSON valide.";
export const MESSAGE_REQUETE_INVALIDE = "La requête est invalide.";
export const MESSAGE_VALEUR_INVALIDE = "Une valeur de la requête est invalide ou hors limites.";

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
 * The answer of an error of the domain (the table of api/domain/erreurs.ts):
 * 404, 403 and 409 `{ message }`; 422 `{ detail, errors?, manquants? }`;
 * 400 `{ detail, message }`; 429 `{ message, retryAfter }`.
 */
export function reponseErreurDomaine(erreur: ErreurDomaine): HttpError {
  switch (erreur.nature) {
    case "introuvable":
      return new HttpError(404, { message: erreur.message });
    case "interdit":
      return new HttpError(403, { message: erreur.message });
    case "conflit":
      return new HttpError(409, { message: erreur.message });
    case "illisible":
      return badInput(erreur.message);
    case "trop":
      return new HttpError(429, {
        message: erreur.message,
        retryAfter: erreur.precisions.retryAfterSecondes ?? 1,
      });
    case "invalide": {
      const { champs, manquants } = erreur.precisions;
      return new HttpError(422, {
        detail: erreur.message,
        ...(champs ? { errors: champs } : {}),
        ...(manquants ? { manquants } : {}),
      });
    }
  }
}

/**
 * Writes `HttpError`s as they are, errors of the domain as
 * {@link reponseErreurDomaine} says; client errors as 400/413 `{ detail,
 * message }` (see {@link erreurClient}), logged at warn; anything else as
 * 500 "Erreur Serveur", logged with the request id and never with the stack
 * in the body.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (erreur: unknown, req: Request, res, next) => {
    if (res.headersSent) return next(erreur);
    const error = erreur instanceof ErreurDomaine ? reponseErreurDomaine(erreur) : erreur;
    if (error instanceof HttpError) {
      if (error.status === 401) res.set("WWW-Authenticate", 'Bearer realm="mar_users"');
      if (error.status === 429 && typeof error.body.retryAfter === "number")
        res.set("Retry-After", String(error.body.retryAfter));
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
    res.status(500).json({ message: PAGES_ERREUR[500].titre });
  };
}
