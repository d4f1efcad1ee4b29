/**
 * The real type of an uploaded file, read from its bytes (DESIGN §7): the
 * name and the type the browser declared are never trusted.
 */
import { fileTypeFromBuffer } from "file-type";
import { MIME_TYPES_ACCEPTES, type MimeTypeAccepte } from "../../contract/pieces-jointes.ts";

/**
 * The accepted mime type (contract/pieces-jointes.ts: PDF, PNG, JPEG, ZIP)
 * that `contenu`'s magic bytes show, or null for anything else, e.g. a text
 * file named ".pdf", an empty file, or a ZIP-based office document.
 */
export async function detecterTypeFichier(contenu: Uint8Array): Promise<MimeTypeAccepte | null> {
  if (contenu.length === 0) return null;
  const detecte = await fileTypeFromBuffer(contenu);
  const mime = detecte?.mime as string | undefined;
  return MIME_TYPES_ACCEPTES.find((accepte) => accepte === mime) ?? null;
}
