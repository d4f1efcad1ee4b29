/**
 * Internal notes of instruction staff on a file (spec §3 Note, §7 Messages
 * and notes): written by instruction staff, read by staff who
 * see the file, never shown to the applicant side. A note may carry one
 * file, stored as an attachment of rubric `note`.
 */
import { and, asc, count, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { TypeDossier } from "../../contract/etats.ts";
import type { Note } from "../../contract/schemas/notes.ts";
import type { Database } from "../db/client.ts";
import { lectures, notes, piecesJointes, utilisateurs } from "../db/schema.ts";
import { ajouterPieceJointe, versPieceJointe } from "./pieces-jointes.ts";
import type { FileStore } from "../files/types.ts";
import type { UtilisateurConnecte } from "./utilisateur-connecte.ts";
import { interdit, introuvable } from "./erreurs.ts";
import { coteDe, type DemandeRow } from "./acces.ts";
import { deLaRessource, parmiLesIds, requetePreparee } from "./requetes-preparees.ts";

/**
 * What `utilisateur` may do with the notes of `demande`, which he may see
 * (chargerDemandeAccessible already ran): instruction staff (instructeur,
 * crhh, superviseur) read and write; central roles only read. The applicant
 * side gets 404, as if notes did not exist; anyone else 403 on writing.
 */
export function verifierAccesNotes(
  utilisateur: UtilisateurConnecte,
  demande: DemandeRow,
  acces: "lecture" | "ecriture",
): void {
  const cote = coteDe(utilisateur, demande);
  if (cote === "demandeur") throw introuvable();
  if (acces === "ecriture" && cote !== "instruction") throw interdit();
}

/** The notes of a resource with author and file, oldest first (ADR 0035). */
const notesDeRessource = requetePreparee("notes_de_ressource", (db, nom) =>
  db
    .select({
      note: notes,
      prenom: utilisateurs.prenom,
      nom: utilisateurs.nom,
      piece: piecesJointes,
    })
    .from(notes)
    .leftJoin(utilisateurs, eq(utilisateurs.id, notes.auteurId))
    .leftJoin(piecesJointes, eq(piecesJointes.id, notes.pieceJointeId))
    .where(deLaRessource(notes))
    .orderBy(asc(notes.date), asc(notes.id))
    .prepare(nom),
);

/** The notes of `demande`, oldest first, `moi` for those written by `lecteurId`. */
export async function listerNotes(
  database: Database,
  demande: Pick<DemandeRow, "id" | "kind">,
  lecteurId: string,
): Promise<Note[]> {
  const rows = await notesDeRessource(database.db).execute({ kind: demande.kind, id: demande.id });
  return rows.map(({ note, prenom, nom, piece }) => ({
    id: note.id,
    texte: note.texte,
    date: note.date.toISOString(),
    auteur: prenom === null || nom === null ? null : { prenom, nom },
    pieceJointe: piece ? versPieceJointe(piece) : null,
    moi: note.auteurId === lecteurId,
  }));
}

/** What {@link ajouterNote} writes. */
export interface NouvelleNote {
  demande: Pick<DemandeRow, "id" | "kind">;
  auteur: UtilisateurConnecte;
  texte: string;
  /** The optional file: bytes, display name, attachment code. */
  fichier?: { contenu: Buffer; nom: string; rubrique: string } | null;
  maintenant: Date;
}

/**
 * Writes a note and its optional file in one transaction: a file whose
 * bytes are not an accepted type throws 422 `{ detail, errors.fichier }`
 * and nothing is saved. Returns the note as GET …/notes shows it.
 */
export async function ajouterNote(
  database: Database,
  fichiers: FileStore,
  nouvelle: NouvelleNote,
): Promise<Note> {
  const { demande, auteur, maintenant } = nouvelle;
  return database.db.transaction(async (tx) => {
    const pieceJointe = nouvelle.fichier
      ? await ajouterPieceJointe(tx, fichiers, {
          ressourceType: demande.kind,
          ressourceId: demande.id,
          rubrique: nouvelle.fichier.rubrique,
          nom: nouvelle.fichier.nom,
          contenu: nouvelle.fichier.contenu,
          deposeParId: auteur.row.id,
          date: maintenant,
        })
      : null;
    const [row] = await tx
      .insert(notes)
      .values({
        ressourceType: demande.kind,
        ressourceId: demande.id,
        auteurId: auteur.row.id,
        texte: nouvelle.texte,
        pieceJointeId: pieceJointe?.id ?? null,
        date: maintenant,
      })
      .returning();
    return {
      id: row.id,
      texte: row.texte,
      date: row.date.toISOString(),
      auteur: { prenom: auteur.row.prenom, nom: auteur.row.nom },
      pieceJointe,
      moi: true,
    };
  });
}

/** Notes of others unread by a reader, per resource of `ids` (an array parameter, ADR 0035). */
const notesNonLuesDe = requetePreparee("notes_non_lues", (db, nom) =>
  db
    .select({ id: notes.ressourceId, nombre: count() })
    .from(notes)
    .leftJoin(
      lectures,
      and(
        eq(lectures.utilisateurId, sql.placeholder("utilisateurId")),
        eq(lectures.ressourceType, notes.ressourceType),
        eq(lectures.ressourceId, notes.ressourceId),
        eq(lectures.type, "note"),
      ),
    )
    .where(
      and(
        eq(notes.ressourceType, sql.placeholder("kind")),
        parmiLesIds(notes.ressourceId),
        // A note whose author was deleted is someone else's.
        sql`${notes.auteurId} is distinct from ${sql.placeholder("utilisateurId")}`,
        or(isNull(lectures.date), gt(notes.date, lectures.date)),
      ),
    )
    .groupBy(notes.ressourceId)
    .prepare(nom),
);

/**
 * Per request of `ids` (kind `kind`), how many notes others wrote after
 * `utilisateurId` last read the notes (`lecture` type `note`; never read =
 * every note of others). Requests without such notes are absent from the
 * map. One query: the lists' `unreadNotifications.note`.
 */
export async function notesNonLues(
  database: Database,
  utilisateurId: string,
  kind: TypeDossier,
  ids: readonly string[],
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await notesNonLuesDe(database.db).execute({ utilisateurId, kind, ids });
  return new Map(rows.map((row) => [row.id, Number(row.nombre)]));
}

/**
 * Whether attachment `pieceJointeId` is the file of a note: the download
 * route then refuses it to the applicant side (notes are internal).
 */
export async function estPieceJointeDeNote(
  database: Database,
  pieceJointeId: string,
): Promise<boolean> {
  const [row] = await database.db
    .select({ id: notes.id })
    .from(notes)
    .where(eq(notes.pieceJointeId, pieceJointeId))
    .limit(1);
  return row !== undefined;
}
