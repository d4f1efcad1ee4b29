/**
 * Sending a generated stream (CSV, ZIP) as the answer (./envoyer-fichier.ts).
 * Once the first byte has left, an error can no longer become a JSON
 * answer: the connection is cut so the client sees an incomplete download
 * rather than a file that looks whole, and the cause is logged.
 */
import type { Response } from "express";
import { pipeline } from "node:stream/promises";
import { Transform, type Readable } from "node:stream";
import type { Logger } from "pino";

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
    await pipeline([source, ...transformations, regrouper(), res]);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "ERR_STREAM_PREMATURE_CLOSE" && res.destroyed && !res.writableFinished)
      logger.debug({ err: error }, "Téléchargement interrompu par le client");
    else logger.error({ err: error }, "Le fichier généré n'a pas pu être envoyé en entier");
    res.destroy();
  }
}

/** Bytes gathered before a write to the response. */
const TAILLE_ENVOI = 64 * 1024;

/**
 * Gathers small pieces (archiver's compressed blocks, a short CSV batch)
 * into writes of at least {@link TAILLE_ENVOI} bytes: each write to the
 * response costs a compression job and a socket write, which took a quarter
 * of the CSV export's CPU when it wrote line by line. A piece big
 * enough on its own leaves as it is. Memory stays bounded by that size.
 */
function regrouper(): Transform {
  let morceaux: Buffer[] = [];
  let taille = 0;
  const envoyer = (flux: Transform) => {
    flux.push(morceaux.length === 1 ? morceaux[0] : Buffer.concat(morceaux, taille));
    morceaux = [];
    taille = 0;
  };
  return new Transform({
    transform(morceau: Buffer, _encodage, suite) {
      morceaux.push(morceau);
      taille += morceau.length;
      if (taille >= TAILLE_ENVOI) envoyer(this);
      suite();
    },
    flush(suite) {
      if (taille > 0) envoyer(this);
      suite();
    },
  });
}
