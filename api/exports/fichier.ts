/**
 * What an export of the domain hands back instead of writing the answer
 * itself: the file's name, its type and its bytes, still unread. The
 * domain knows nothing of HTTP; api/http/envoyer-fichier.ts sets the
 * download headers and streams the bytes to the client.
 */
import type { Readable } from "node:stream";
import type { EntreeZip } from "./zip.ts";

/**
 * A file whose bytes are a stream (a CSV read batch by batch): only what
 * the client has pulled is produced, so a large export never sits in memory.
 */
export interface FichierEnFlux {
  nomFichier: string;
  /** Content-Type of the answer, e.g. `TYPE_CSV` of ./csv.ts. */
  typeMime: string;
  contenu: Readable;
}

/**
 * A file already whole in memory (a PDF generated at once, a CSV of a few
 * hundred rows at most): sent in one write.
 */
export interface FichierEnMemoire {
  nomFichier: string;
  /** Content-Type of the answer. */
  typeMime: string;
  contenu: Buffer;
}

/**
 * A ZIP archive (application/zip) built as the client reads it: its
 * entries are opened one at a time (see ./zip.ts).
 */
export interface FichierZip {
  nomFichier: string;
  entrees: readonly EntreeZip[];
}

/** A generated file to send as a download. */
export type FichierGenere = FichierEnFlux | FichierEnMemoire | FichierZip;
