/**
 * The database out of reach (ADR 0032): PostgreSQL restarting, down,
 * or the pool's connection cut. A request that meets it is not the user's
 * fault and not a bug either: it answers 503 with `Retry-After` and a
 * French message, never 500, and the pool reconnects by itself on the next
 * request (ADR 0032). This file tells such errors apart
 * ({@link estErreurConnexionBase}) and writes the API's answer
 * ({@link erreursBaseIndisponible}); server/indisponibilite.ts does the pages.
 */
import type { ErrorRequestHandler } from "express";
import type { Logger } from "pino";
import { MESSAGES_INTERFACE } from "../../contract/messages/interface.ts";

/** Seconds a client should wait before trying again (`Retry-After`). */
export const RETRY_AFTER_SECONDES = 5;

/** The French text of the 503, in the API's `{ message }` and on the page. */
export const MESSAGE_SERVICE_INDISPONIBLE = MESSAGES_INTERFACE.serviceIndisponible;

/**
 * Error codes of a connection that cannot be opened or was cut: the
 * system's (refused, reset, timed out, name not resolved) and PostgreSQL's
 * 57P01 (admin shutdown: `pg_ctl stop -m fast`, a restart), 57P02 (crash
 * shutdown), 57P03 (starting up or shutting down) and 53300 (too many
 * connections). Class 08 (connection exception) is matched by prefix.
 */
const CODES_CONNEXION = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

/**
 * Messages of node-postgres errors that carry no code: a connection closed
 * under a query, a pool connection that timed out, a client already broken.
 */
const MESSAGES_CONNEXION = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
];

/**
 * True when `error`, or one of its causes (drizzle wraps the driver's error
 * as `cause`; an AggregateError lists one per address tried), says the
 * database could not be reached: see {@link CODES_CONNEXION} and
 * {@link MESSAGES_CONNEXION}. Any other error (a bad query, a constraint)
 * is false.
 */
export function estErreurConnexionBase(error: unknown): boolean {
  const vues = new Set<unknown>();
  const aExaminer: unknown[] = [error];
  while (aExaminer.length > 0) {
    const courante = aExaminer.pop();
    if (!courante || typeof courante !== "object" || vues.has(courante)) continue;
    vues.add(courante);
    const { code, message, cause, errors } = courante as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === "string" && (CODES_CONNEXION.has(code) || /^08[0-9A-Z]{3}$/.test(code)))
      return true;
    if (typeof message === "string" && MESSAGES_CONNEXION.some((motif) => motif.test(message)))
      return true;
    aExaminer.push(cause);
    if (Array.isArray(errors)) aExaminer.push(...errors);
  }
  return false;
}

/**
 * Error middleware of the API, before its last `errorHandler`: a database
 * out of reach answers 503 `{ message }` with `Retry-After`
 * ({@link RETRY_AFTER_SECONDES}) and `Cache-Control: no-store`, logged at
 * warn; any other error goes on.
 */
export function erreursBaseIndisponible(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent || !estErreurConnexionBase(error)) return next(error);
    (req.log ?? logger).warn(
      { err: error, requestId: req.id },
      "Base de données injoignable : réponse 503",
    );
    res.set("Retry-After", String(RETRY_AFTER_SECONDES));
    res.set("Cache-Control", "no-store");
    res.status(503).json({ message: MESSAGE_SERVICE_INDISPONIBLE });
  };
}
