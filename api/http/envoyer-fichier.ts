/**
 * The HTTP side of the domain's exports: a file the domain describes
 * (api/exports/fichier.ts) becomes a download answer, written once here
 * rather than in each route.
 */
import type { Response } from "express";
import { once } from "node:events";
import type { Logger } from "pino";
import type { FichierGenere, FichierZip } from "../exports/fichier.ts";
import { envoyerFlux } from "./envoyer-flux.ts";

/** Cache-Control of a download: whatever it holds belongs to the caller. */
const CACHE_PRIVE = "private, no-store";

/**
 * Sends `fichier` as the answer: the download headers (Content-Type,
 * Content-Disposition with its name, Cache-Control `cache`, by default
 * `private, no-store`), then its bytes: a file in memory in one write, a
 * stream or a ZIP piped to `res` with backpressure. Resolves when the answer
 * is complete or was cut; once the first byte has left, a failure of the
 * source cuts the connection and is logged on `logger` (see envoyerFlux),
 * it is never thrown.
 */
export async function envoyerFichier(
  res: Response,
  logger: Logger,
  fichier: FichierGenere,
  cache: string = CACHE_PRIVE,
): Promise<void> {
  if ("entrees" in fichier) {
    await envoyerZip(res, logger, fichier, cache);
    return;
  }
  entetesTelechargement(res, fichier.nomFichier, fichier.typeMime, cache);
  if (Buffer.isBuffer(fichier.contenu)) res.end(fichier.contenu);
  else await envoyerFlux(res, logger, fichier.contenu);
}

/**
 * Sends what follows as a download named `nom` of type `contentType`,
 * cached as `cache` says and never sniffed. Plain ASCII names go as a
 * quoted `filename="…"`, which every client reads; any other name through
 * Express's `res.attachment` (RFC 6266 `filename*`).
 */
function entetesTelechargement(
  res: Response,
  nom: string,
  contentType: string,
  cache: string,
): void {
  if (/^[\w.() -]+$/.test(nom)) res.set("Content-Disposition", `attachment; filename="${nom}"`);
  else res.attachment(nom);
  res.set({
    "Content-Type": contentType,
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": cache,
  });
}

/**
 * Streams the ZIP `fichier`, its entries in order (DESIGN §7 "exports
 * stream"): archiver writes the archive as the client reads it; stored
 * files are opened one at a time, only when the previous entry is written,
 * so a large file never sits in memory and a request with many files never
 * holds many descriptors open. Files already compressed (PDF, images, ZIP)
 * gain little from deflate: a light level keeps the CPU free. A file that
 * cannot be read mid-way cuts the download (see envoyerFlux) instead of
 * sending an archive that silently lacks it.
 */
async function envoyerZip(
  res: Response,
  logger: Logger,
  fichier: FichierZip,
  cache: string,
): Promise<void> {
  // Loaded on the first archive, not at start: few requests ever need it (ADR 0034).
  const { ZipArchive } = await import("archiver");
  entetesTelechargement(res, fichier.nomFichier, "application/zip", cache);
  const archive = new ZipArchive({ zlib: { level: 1 } });
  const fin = new AbortController();
  const envoi = envoyerFlux(res, logger, archive).finally(() => fin.abort());
  try {
    for (const entree of fichier.entrees) {
      const source = Buffer.isBuffer(entree.contenu) ? entree.contenu : await entree.contenu();
      archive.append(source, { name: entree.chemin, date: entree.date });
      await once(archive, "entry", { signal: fin.signal });
    }
    archive.finalize().catch(() => undefined);
  } catch (error) {
    if (!fin.signal.aborted) archive.destroy(error as Error);
  }
  await envoi;
}
