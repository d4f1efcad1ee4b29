/**
 * The real type of an uploaded file, read from its bytes (DESIGN §7): the
 * name and the type the browser declared are never trusted.
 */
import { fileTypeFromBuffer, fileTypeFromFile } from "file-type";
import { MIME_TYPES_ACCEPTES, type MimeTypeAccepte } from "../../contract/pieces-jointes.ts";

/** The accepted type among file-type's answer, or null. */
const accepte = (mime: string | undefined): MimeTypeAccepte | null =>
  MIME_TYPES_ACCEPTES.find((type) => type === mime) ?? null;

/**
 * The accepted mime type (contract/pieces-jointes.ts: PDF, PNG, JPEG, ZIP)
 * that `contenu`'s magic bytes show, or null for anything else, e.g. a text
 * file named ".pdf", an empty file, or a ZIP-based office document.
 */
export async function detecterTypeFichier(contenu: Uint8Array): Promise<MimeTypeAccepte | null> {
  if (contenu.length === 0) return null;
  return accepte((await fileTypeFromBuffer(contenu))?.mime);
}

/**
 * {@link detecterTypeFichier} for a file on disk (an upload received as a
 * stream): file-type reads only the bytes it needs (the first ones, and for
 * a ZIP the entries that tell an office document apart), never the whole
 * file into memory. Null for an empty file.
 */
export async function detecterTypeFichierSurDisque(
  chemin: string,
): Promise<MimeTypeAccepte | null> {
  return accepte((await fileTypeFromFile(chemin))?.mime);
}
