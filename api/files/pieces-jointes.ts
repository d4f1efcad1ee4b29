/**
 * Attachments (spec §3 Attachment, DESIGN §7): bytes in the file store under
 * their content hash, one `piece_jointe` row per file. Used by the upload
 * route and by whatever the portal generates itself (recap PDF at deposit,
 * letters, certificates).
 */
import type { PieceJointe } from "../../contract/schemas/demande.ts";
import { MESSAGES_PJ, TYPES_FICHIER } from "../../contract/pieces-jointes.ts";
import type { Database, Db } from "../db/client.ts";
import { piecesJointes, type TYPES_RESSOURCE } from "../db/schema.ts";
import { HttpError } from "../http/errors.ts";
import { detecterTypeFichier } from "./type-fichier.ts";
import type { FileStore } from "./types.ts";

export type PieceJointeRow = typeof piecesJointes.$inferSelect;
export type TypeRessource = (typeof TYPES_RESSOURCE)[number];

/** Longest file name kept, in characters. */
export const NOM_FICHIER_MAX = 200;

/** Types accepted, as the upload messages list them ("PDF, PNG, JPG, ZIP"). */
export const LIBELLES_TYPES_ACCEPTES = Object.values(TYPES_FICHIER)
  .map((type) => type.libelle)
  .join(", ");

/**
 * A file name safe to store and to send back in Content-Disposition: the
 * last segment of a path (browsers of old sent "C:\…\x.pdf"), without
 * control or bidirectional-override characters, spaces collapsed, accents
 * kept (NFC), at most {@link NOM_FICHIER_MAX} characters with the extension
 * preserved. An empty result becomes "fichier" plus the type's extension.
 */
export function assainirNomFichier(nom: string, mimeType?: string): string {
  const dernier = nom.normalize("NFC").split(/[\\/]/).pop() ?? "";
  let propre = dernier
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  if (/^\.*$/.test(propre)) {
    const extension = TYPES_FICHIER[mimeType as keyof typeof TYPES_FICHIER]?.extension;
    propre = extension ? `fichier.${extension}` : "fichier";
  }
  const caracteres = [...propre];
  if (caracteres.length <= NOM_FICHIER_MAX) return propre;
  const point = propre.lastIndexOf(".");
  const extension = point > 0 ? [...propre.slice(point)] : [];
  if (extension.length > 0 && extension.length <= 10) {
    const radical = [...propre.slice(0, point)].slice(0, NOM_FICHIER_MAX - extension.length);
    return radical.join("").trimEnd() + extension.join("");
  }
  return caracteres.slice(0, NOM_FICHIER_MAX).join("").trimEnd();
}

/** The API shape of an attachment row (contract/schemas/demande.ts PieceJointe). */
export function versPieceJointe(row: PieceJointeRow): PieceJointe {
  return {
    id: row.id,
    nom: row.nom,
    mimeType: row.mimeType,
    size: row.taille,
    codeTypePJ: row.rubrique,
    dateCreation: row.dateCreation.toISOString(),
  };
}

/** What {@link ajouterPieceJointe} stores. */
export interface NouvellePieceJointe {
  ressourceType: TypeRessource;
  ressourceId: string;
  /** Step-3 rubric or attachment type code (`codeTypePJ`). */
  rubrique: string;
  /** File name as given; sanitised here. */
  nom: string;
  contenu: Buffer;
  deposeParId: string | null;
  /** History row of the action that brought the file, if any. */
  historiqueId?: number | null;
  /** Known type (files the portal generates); otherwise read from the bytes. */
  mimeType?: string;
  /** Creation instant (the API clock); the database's now() otherwise. */
  date?: Date;
}

/**
 * Stores `contenu` in `fichiers` and inserts its `piece_jointe` row through
 * `handle` (the database, its drizzle handle, or a transaction: the row then
 * commits or rolls back with it; the stored bytes stay, harmlessly, since
 * they are addressed by their hash). Without `mimeType` the type is read
 * from the bytes; a type not accepted throws 422 `{ detail, errors.fichier }`
 * with the spec §5 message. Returns the attachment as the API shows it.
 */
export async function ajouterPieceJointe(
  handle: Database | Db,
  fichiers: FileStore,
  piece: NouvellePieceJointe,
): Promise<PieceJointe> {
  const db = "exec" in handle ? handle.db : handle;
  const mimeType = piece.mimeType ?? (await detecterTypeFichier(piece.contenu));
  if (!mimeType) {
    const message = MESSAGES_PJ.type(LIBELLES_TYPES_ACCEPTES);
    throw new HttpError(422, { detail: message, errors: { fichier: [message] } });
  }
  const stocke = await fichiers.enregistrer(piece.contenu);
  const [row] = await db
    .insert(piecesJointes)
    .values({
      ressourceType: piece.ressourceType,
      ressourceId: piece.ressourceId,
      rubrique: piece.rubrique,
      nom: assainirNomFichier(piece.nom, mimeType),
      mimeType,
      taille: stocke.taille,
      sha256: stocke.sha256,
      cle: stocke.cle,
      deposeParId: piece.deposeParId,
      historiqueId: piece.historiqueId ?? null,
      ...(piece.date ? { dateCreation: piece.date } : {}),
    })
    .returning();
  return versPieceJointe(row);
}
