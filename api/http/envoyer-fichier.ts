/**
 * The HTTP side of the domain's exports: a file the domain describes
 * (api/exports/fichier.ts) becomes a download answer, written once here
 * rather than in each route.
 */
import type { Response } from "express";
import type { Logger } from "pino";
import { entetesTelechargement } from "../exports/entetes.ts";
import type { FichierGenere } from "../exports/fichier.ts";
import { envoyerFlux } from "../exports/flux.ts";
import { envoyerZip } from "../exports/zip.ts";

/**
 * Sends `fichier` as the answer: the download headers (Content-Type,
 * Content-Disposition with its name, `Cache-Control: private, no-store`),
 * then its bytes piped to `res` with backpressure. Resolves when the answer
 * is complete or was cut; once the first byte has left, a failure of the
 * source cuts the connection and is logged on `logger` (see envoyerFlux),
 * it is never thrown.
 */
export async function envoyerFichier(
  res: Response,
  logger: Logger,
  fichier: FichierGenere,
): Promise<void> {
  if ("entrees" in fichier) {
    await envoyerZip(res, logger, fichier.nomFichier, fichier.entrees);
    return;
  }
  entetesTelechargement(res, fichier.nomFichier, fichier.typeMime);
  await envoyerFlux(res, logger, fichier.contenu);
}
