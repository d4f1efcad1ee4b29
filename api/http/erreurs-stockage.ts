/**
 * The file storage out of reach (ADR 0031): the S3 service
 * refusing connections, timing out or failing. Not the user's fault and not
 * a bug: 503 `{ message }` in French with `Retry-After`, never 500. Mounted
 * before the database's own 503 (api/http/erreurs-base.ts), whose cause-
 * chain test would otherwise take a refused S3 connection for the database.
 */
import type { ErrorRequestHandler } from "express";
import type { Logger } from "pino";
import { MESSAGE_STOCKAGE_INDISPONIBLE, StockageIndisponibleError } from "../files/types.ts";
import { RETRY_AFTER_SECONDES } from "./erreurs-base.ts";

/**
 * Error middleware of the API: a {@link StockageIndisponibleError} answers
 * 503 `{ message: MESSAGE_STOCKAGE_INDISPONIBLE }` with `Retry-After`
 * ({@link RETRY_AFTER_SECONDES}) and `Cache-Control: no-store`, logged at
 * error with its cause (an operator has to look at the storage); any other
 * error goes on.
 */
export function erreursStockageIndisponible(logger: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent || !(error instanceof StockageIndisponibleError)) return next(error);
    (req.log ?? logger).error(
      { err: error, operation: error.operation, requestId: req.id },
      "Stockage des fichiers injoignable : réponse 503",
    );
    res.set("Retry-After", String(RETRY_AFTER_SECONDES));
    res.set("Cache-Control", "no-store");
    res.status(503).json({ message: MESSAGE_STOCKAGE_INDISPONIBLE });
  };
}
