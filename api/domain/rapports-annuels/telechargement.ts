/**
 * The archive of one annual report (spec §7 GET
 * /api/agrement/{id}/telechargement-raa/{year or id}):
 * "rapport-annuel-<annee>-<numeroAgrement>.zip", the synthesis PDF at the
 * root, then the documents in one folder per type code.
 */
import { inArray } from "drizzle-orm";
import { telechargeable } from "../../../contract/antivirus.ts";
import type { RapportAnnuel } from "../../../contract/schemas/rapport-annuel.ts";
import type { Database } from "../../db/client.ts";
import { piecesJointes } from "../../db/schema.ts";
import type { FichierZip } from "../../exports/fichier.ts";
import { cheminsUniques } from "../../exports/zip.ts";
import type { FileStore } from "../../files/types.ts";
import { genererSyntheseRapportAnnuel } from "../../pdf/synthese-rapport-annuel.ts";
import { assainirNomFichier } from "../pieces-jointes.ts";

/**
 * The archive of `rapport` (the report of `annee` of approval
 * `numeroAgrement`, as its reader sees it) as of `maintenant`: the
 * synthesis is generated before this resolves, the documents are opened
 * from `contexte.fichiers` as the archive is written. Files the antivirus
 * has not found clean stay out (ADR 0030).
 */
export async function archiveRapportAnnuel(
  contexte: { database: Database; fichiers: FileStore },
  lu: { numeroAgrement: string; annee: number; rapport: RapportAnnuel; maintenant: Date },
): Promise<FichierZip> {
  const { database, fichiers } = contexte;
  const { annee, rapport, maintenant } = lu;
  const synthese = await genererSyntheseRapportAnnuel(rapport, maintenant);
  const pieces = rapport.piecesJointes.filter((piece) => telechargeable(piece.etatAntivirus));
  const cles = new Map(
    (rapport.id
      ? await lireCles(
          database,
          rapport.piecesJointes.map((piece) => piece.id),
        )
      : []
    ).map((ligne) => [ligne.id, ligne.cle]),
  );
  const chemins = cheminsUniques(
    pieces.map((piece) => `${piece.codeTypePJ}/${assainirNomFichier(piece.nom, piece.mimeType)}`),
  );
  return {
    nomFichier: `rapport-annuel-${annee}-${lu.numeroAgrement}.zip`,
    entrees: [
      { chemin: `synthese-rapport-annuel-${annee}.pdf`, date: maintenant, contenu: synthese },
      ...pieces.map((piece, index) => ({
        chemin: chemins[index]!,
        date: new Date(piece.dateCreation),
        contenu: () => fichiers.lire(cles.get(piece.id)!),
      })),
    ],
  };
}

/** The store keys of attachments `ids`. */
async function lireCles(database: Database, ids: string[]): Promise<{ id: string; cle: string }[]> {
  if (!ids.length) return [];
  return database.db
    .select({ id: piecesJointes.id, cle: piecesJointes.cle })
    .from(piecesJointes)
    .where(inArray(piecesJointes.id, ids));
}
