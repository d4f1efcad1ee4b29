/**
 * The entries of a ZIP archive (DESIGN §7 "exports stream"): what a domain
 * puts in an archive (./fichier.ts `FichierZip`) and the paths it gives
 * them. api/http/envoyer-fichier.ts writes the archive as the client reads
 * it, opening the stored files one at a time.
 */
import type { Readable } from "node:stream";

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
