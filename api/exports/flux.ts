/**
 * Sending a generated stream (CSV, ZIP) as the answer. Once the first byte
 * has left, an error can no longer become a JSON answer: the connection is
 * cut so the client sees an incomplete download rather than a file that
 * looks whole, and the cause is logged.
 */
import type { Response } from "express";
import { pipeline } from "node:stream/promises";
import type { Readable, Transform } from "node:stream";
import type { Logger } from "../../server/logger.ts";

/**
 * Pipes `source` (through `transformations`) into `res` with backpressure.
 * Resolves when the answer is complete or was cut: a client that goes away
 * mid-download is not an error of the portal (logged at debug), a failure
 * of the source is (logged at error).
 */
export async function envoyerFlux(
  res: Response,
  logger: Logger,
  source: Readable,
  ...transformations: Transform[]
): Promise<void> {
  try {
    await pipeline([source, ...transformations, res]);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ERR_STREAM_PREMATURE_CLOSE" && res.destroyed && !res.writableFinished)
      logger.debug({ err: error }, "Téléchargement interrompu par le client");
    else logger.error({ err: error }, "Le fichier généré n'a pas pu être envoyé en entier");
    res.destroy();
  }
}
