/**
 * ZIP answers (DESIGN §7 "exports stream"): archiver writes the archive as
 * the client reads it; stored files are opened one at a time, only when the
 * previous entry is written, so a large file never sits in memory and a
 * request with many files never holds many descriptors open.
 */
import type { Response } from "express";
import { once } from "node:events";
import type { Readable } from "node:stream";
import type { Logger } from "pino";
import { entetesTelechargement } from "./entetes.ts";
import { envoyerFlux } from "./flux.ts";

/** One file of an archive: its path inside, its date, its bytes or how to open them. */
export interface EntreeZip {
  chemin: string;
  date: Date;
  contenu: Buffer | (() => Promise<Readable>);
}

/**
 * A different path for each entry: a second "dossier/nom.pdf" (compared
 * without case, as Windows and macOS would) becomes "dossier/nom (2).pdf",
 * then "(3)"…, keeping the extension.
 */
export function cheminsUniques(chemins: readonly string[]): string[] {
  const pris = new Set<string>();
  return chemins.map((chemin) => {
    const slash = chemin.lastIndexOf("/");
    const dossier = chemin.slice(0, slash + 1);
    const nom = chemin.slice(slash + 1);
    const point = nom.lastIndexOf(".");
    const [radical, extension] = point > 0 ? [nom.slice(0, point), nom.slice(point)] : [nom, ""];
    let candidat = chemin;
    for (let rang = 2; pris.has(candidat.toLowerCase()); rang += 1)
      candidat = `${dossier}${radical} (${rang})${extension}`;
    pris.add(candidat.toLowerCase());
    return candidat;
  });
}

/**
 * Streams a ZIP named `nom` holding `entrees` in order. Files already
 * compressed (PDF, images, ZIP) gain little from deflate: a light level keeps
 * the CPU free. A file that cannot be read mid-way cuts the download (see
 * envoyerFlux) instead of sending an archive that silently lacks it.
 */
export async function envoyerZip(
  res: Response,
  logger: Logger,
  nom: string,
  entrees: readonly EntreeZip[],
): Promise<void> {
  // Loaded on the first archive, not at start: few requests ever need it (ADR 0034).
  const { ZipArchive } = await import("archiver");
  entetesTelechargement(res, nom, "application/zip");
  const archive = new ZipArchive({ zlib: { level: 1 } });
  const fin = new AbortController();
  const envoi = envoyerFlux(res, logger, archive).finally(() => fin.abort());
  try {
    for (const entree of entrees) {
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
