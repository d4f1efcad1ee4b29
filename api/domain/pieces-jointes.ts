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
import { Readable } from "node:stream";
import { ETATS_ANTIVIRUS_BLOQUANTS, type EtatAntivirusBloquant } from "../../contract/antivirus.ts";
import { refusZip } from "../antivirus/archive-zip.ts";
import { antivirusActif, signalerDepot } from "../antivirus/registre.ts";
import { invalide } from "./erreurs.ts";
import { assainirNomFichier } from "../files/nom-fichier.ts";
import { detecterTypeFichier } from "../files/type-fichier.ts";
import type { FichierRecu, FileStore } from "../files/types.ts";

export type PieceJointeRow = typeof piecesJointes.$inferSelect;
export type TypeRessource = (typeof TYPES_RESSOURCE)[number];

export { NOM_FICHIER_MAX, assainirNomFichier } from "../files/nom-fichier.ts";

/** Types accepted, as the upload messages list them ("PDF, PNG, JPG, ZIP"). */
export const LIBELLES_TYPES_ACCEPTES = Object.values(TYPES_FICHIER)
  .map((type) => type.libelle)
  .join(", ");

/**
 * The API shape of an attachment row (contract/schemas/demande.ts
 * PieceJointe). The name goes through {@link assainirNomFichier} again, so
 * that rows stored before it set the extension show the one they download
 * under.
 */
export function versPieceJointe(row: PieceJointeRow): PieceJointe {
  return {
    id: row.id,
    nom: assainirNomFichier(row.nom, row.mimeType),
    mimeType: row.mimeType,
    size: row.taille,
    codeTypePJ: row.rubrique,
    dateCreation: row.dateCreation.toISOString(),
    // Only while it cannot be downloaded (ADR 0030): pages show why instead of the link.
    ...(ETATS_ANTIVIRUS_BLOQUANTS.includes(row.etatAntivirus as EtatAntivirusBloquant)
      ? { etatAntivirus: row.etatAntivirus as EtatAntivirusBloquant }
      : {}),
  };
}

/** What {@link ajouterPieceJointe} stores. */
export interface NouvellePieceJointe {
  ressourceType: TypeRessource;
  ressourceId: string;
  /** Step-3 rubric or attachment type code (`codeTypePJ`). */
  rubrique: string;
  /** File name as given; sanitised here (nom-fichier.ts). */
  nom: string;
  /** The bytes, or an upload already received as a stream (kept here). */
  contenu: Buffer | FichierRecu;
  deposeParId: string | null;
  /** History row of the action that brought the file, if any. */
  historiqueId?: number | null;
  /** Known type (files the portal generates); otherwise read from the bytes. */
  mimeType?: string;
  /** Creation instant (the API clock); the database's now() otherwise. */
  date?: Date;
}

/**
 * Stores `contenu` in `fichiers` (an upload received as a stream: keeps it)
 * and inserts its `piece_jointe` row through `handle` (the database, its
 * drizzle handle, or a transaction: the row then commits or rolls back with
 * it; the stored bytes stay, harmlessly, since they are addressed by their
 * hash). The name is normalised by {@link assainirNomFichier}. Without `mimeType` the type is read
 * from the bytes; a type not accepted throws 422 `{ detail, errors.fichier }`
 * with the spec §5 message, and so does a ZIP beyond the limits of
 * archive-zip.ts. A file a person uploaded (`deposeParId`) through
 * a store whose uploads are scanned (CLAMAV_HOST: api/antivirus/registre.ts)
 * is stored `en_attente` and the scan job woken up; every other file
 * `non_analyse` (ADR 0030). Returns the attachment as the API shows it.
 */
export async function ajouterPieceJointe(
  handle: Database | Db,
  fichiers: FileStore,
  piece: NouvellePieceJointe,
): Promise<PieceJointe> {
  const db = "exec" in handle ? handle.db : handle;
  const { contenu } = piece;
  const recu = Buffer.isBuffer(contenu) ? null : contenu;
  const mimeType =
    piece.mimeType ?? (recu ? recu.mimeType : await detecterTypeFichier(contenu as Buffer));
  if (!mimeType) {
    const message = MESSAGES_PJ.type(LIBELLES_TYPES_ACCEPTES);
    throw invalide(message, { champs: { fichier: [message] } });
  }
  const stocke = recu ? await recu.conserver() : await fichiers.enregistrer(contenu as Buffer);
  if (mimeType === "application/zip") {
    // Read back from the store (an upload's bytes are there now), central directory only.
    const refus = await refusZip(
      recu ? await fichiers.lire(stocke.cle) : Readable.from([contenu as Buffer]),
      stocke.taille,
    );
    if (refus) throw invalide(refus, { champs: { fichier: [refus] } });
  }
  const analyse = piece.deposeParId !== null && antivirusActif(fichiers);
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
      ...(analyse ? { etatAntivirus: "en_attente" as const } : {}),
    })
    .returning();
  if (analyse) signalerDepot(fichiers);
  return versPieceJointe(row);
}
