/**
 * Archives of one request (spec §7 `GET /api/{kind}/{id}/download-all-pj`
 * and `GET /api/{kind}/{id}/dossier`; spec §9 "request archive named by
 * number and date"): its attachments, one folder per rubric or type code,
 * and for the whole file also its history as CSV and its recap PDF as of
 * now.
 */
import { and, asc, eq, ne, notExists, notInArray, sql } from "drizzle-orm";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { CODES_RUBRIQUE_DEMANDE } from "../../../contract/pieces-jointes.ts";
import { telechargeable } from "../../../contract/antivirus.ts";
import { LIBELLES_ACTION } from "../../../contract/schemas/instruction.ts";
import type { EntreeHistorique } from "../../../contract/schemas/demande.ts";
import { libelleEtat } from "../../../contract/libelles.ts";
import { ROLE_LABELS, type Role } from "../../../contract/roles.ts";
import type { ActionDemande } from "../../../contract/etats.ts";
import { aujourdhuiParis } from "../../../contract/validation.ts";
import type { Database } from "../../db/client.ts";
import { avis, notes, piecesJointes } from "../../db/schema.ts";
import { creerCsv, ligneCsv, type ColonneCsv } from "../../exports/csv.ts";
import type { FichierZip } from "../../exports/fichier.ts";
import { cheminsUniques, type EntreeZip } from "../../exports/zip.ts";
import type { FileStore } from "../../files/types.ts";
import { genererRecapDemande } from "../../pdf/recap-demande.ts";
import { dateHeureParis } from "../../pdf/identite.ts";
import { coteDe, type DemandeRow } from "../acces.ts";
import { assainirNomFichier, type PieceJointeRow } from "../pieces-jointes.ts";
import type { UtilisateurConnecte } from "../utilisateur-connecte.ts";
import { versDetail } from "./dto.ts";
import { historiqueDe } from "./historique.ts";

/** Type codes of staff-only files: internal notes and the opinions before the decision. */
const RUBRIQUES_INTERNES = ["note", "pj_avis"];

/** What names the archives of a request that has no number yet (a draft). */
const SANS_NUMERO = "brouillon";

/** What an archive of a request reads: the database and the file store. */
interface ContexteArchive {
  database: Database;
  fichiers: FileStore;
}

/**
 * The attachments of `demande` that `utilisateur` may download, by rubric
 * then date then name. The applicant's side never gets the staff's files
 * (ADR 0005): notes' files and opinions other than the decision, whatever
 * rubric they were filed under.
 */
async function piecesJointesVisibles(
  database: Database,
  utilisateur: UtilisateurConnecte,
  demande: DemandeRow,
): Promise<PieceJointeRow[]> {
  const { db } = database;
  const conditions = [
    eq(piecesJointes.ressourceType, demande.kind),
    eq(piecesJointes.ressourceId, demande.id),
  ];
  if (coteDe(utilisateur, demande) === "demandeur")
    conditions.push(
      notInArray(piecesJointes.rubrique, RUBRIQUES_INTERNES),
      notExists(
        db
          .select({ un: sql`1` })
          .from(notes)
          .where(eq(notes.pieceJointeId, piecesJointes.id)),
      ),
      notExists(
        db
          .select({ un: sql`1` })
          .from(avis)
          .where(and(eq(avis.pieceJointeId, piecesJointes.id), ne(avis.typeAvis, "avis_decideur"))),
      ),
    );
  return db
    .select()
    .from(piecesJointes)
    .where(and(...conditions))
    .orderBy(asc(piecesJointes.rubrique), asc(piecesJointes.dateCreation), asc(piecesJointes.nom));
}

/**
 * The entries of `toutes`, "<rubrique>/<nom>" de-duplicated, opened lazily
 * from `fichiers`, but for the files the antivirus has not found clean
 * (pending, retried, infected: ADR 0030), left out.
 */
function entreesPiecesJointes(toutes: PieceJointeRow[], fichiers: FileStore): EntreeZip[] {
  const pieces = toutes.filter((piece) => telechargeable(piece.etatAntivirus));
  const chemins = cheminsUniques(
    pieces.map((piece) => `${piece.rubrique}/${assainirNomFichier(piece.nom, piece.mimeType)}`),
  );
  return pieces.map((piece, index) => ({
    chemin: chemins[index]!,
    date: piece.dateCreation,
    contenu: () => fichiers.lire(piece.cle),
  }));
}

/**
 * "dossier.zip", the spec's default name of the attachments archive (§9
 * Exports: "default dossier.zip, request archive named by number and
 * date"), whatever the request: the complete archive is the one named by
 * number ({@link nomArchiveDossier}).
 */
function nomArchivePiecesJointes(): string {
  return "dossier.zip";
}

/** "<numeroDossier>_<AAAA-MM-JJ>.zip", today in Europe/Paris ("brouillon" before deposit). */
function nomArchiveDossier(demande: DemandeRow, maintenant: Date): string {
  return `${demande.numeroDossier ?? SANS_NUMERO}_${aujourdhuiParis(maintenant)}.zip`;
}

const libelleRole = (role: string | null) =>
  role === "systeme" ? "Système" : role ? (ROLE_LABELS[role as Role] ?? role) : "";

/** Columns of historique.csv. */
const COLONNES_HISTORIQUE: ColonneCsv<EntreeHistorique>[] = [
  { entete: "Date", valeur: (entree) => dateHeureParis(new Date(entree.date)) },
  {
    entete: "Action",
    valeur: (entree) => LIBELLES_ACTION[entree.action as ActionDemande] ?? entree.action,
  },
  {
    entete: "État avant",
    valeur: (entree) => (entree.etatAvant ? libelleEtat(entree.etatAvant) : ""),
  },
  {
    entete: "État après",
    valeur: (entree) => (entree.etatApres ? libelleEtat(entree.etatApres) : ""),
  },
  {
    entete: "Auteur",
    valeur: (entree) =>
      entree.acteur ? `${entree.acteur.prenom} ${entree.acteur.nom}`.trim() : "",
  },
  { entete: "Rôle", valeur: (entree) => libelleRole(entree.acteur?.role ?? null) },
  { entete: "Commentaire", valeur: (entree) => entree.commentaire },
];

/**
 * historique.csv of `demande` as `lecteur` may read it ({@link historiqueDe}:
 * the applicant's rows and comments filtered), oldest event first, with the
 * export CSV conventions.
 */
async function historiqueCsv(
  database: Database,
  lecteur: UtilisateurConnecte,
  demande: DemandeRow,
): Promise<Buffer> {
  const entrees = (await historiqueDe(database, lecteur, demande)).reverse();
  const csv = creerCsv(COLONNES_HISTORIQUE);
  Readable.from(entrees.map((entree) => ligneCsv(COLONNES_HISTORIQUE, entree))).pipe(csv);
  return buffer(csv);
}

/**
 * Entries of the whole-file archive: historique.csv and recapitulatif.pdf
 * (the recap as the file stands now, generated here) at the root, then the
 * attachments by rubric. Everything but the stored files is built before
 * the answer starts, so a failure there is still a JSON error.
 */
async function entreesDossier(
  contexte: ContexteArchive,
  utilisateur: UtilisateurConnecte,
  demande: DemandeRow,
  maintenant: Date,
): Promise<EntreeZip[]> {
  const { database, fichiers } = contexte;
  const pieces = await piecesJointesVisibles(database, utilisateur, demande);
  const recap = await genererRecapDemande(
    await versDetail(database, utilisateur, demande, maintenant),
    {
      genereLe: maintenant,
      piecesJointes: pieces
        .filter((piece) => CODES_RUBRIQUE_DEMANDE.includes(piece.rubrique))
        .map((piece) => ({ rubrique: piece.rubrique, nom: piece.nom, size: piece.taille })),
    },
  );
  return [
    {
      chemin: "historique.csv",
      date: maintenant,
      contenu: await historiqueCsv(database, utilisateur, demande),
    },
    { chemin: "recapitulatif.pdf", date: maintenant, contenu: recap },
    ...entreesPiecesJointes(pieces, fichiers),
  ];
}

/**
 * The archive of `GET /api/{kind}/{id}/download-all-pj`: "dossier.zip"
 * holding every attachment of `demande` that `utilisateur` may see, one
 * folder per rubric, names made unique.
 */
export async function archivePiecesJointes(
  contexte: ContexteArchive,
  utilisateur: UtilisateurConnecte,
  demande: DemandeRow,
): Promise<FichierZip> {
  const pieces = await piecesJointesVisibles(contexte.database, utilisateur, demande);
  return {
    nomFichier: nomArchivePiecesJointes(),
    entrees: entreesPiecesJointes(pieces, contexte.fichiers),
  };
}

/**
 * The archive of `GET /api/{kind}/{id}/dossier` as of `maintenant`:
 * "<numeroDossier>_<AAAA-MM-JJ>.zip" holding historique.csv,
 * recapitulatif.pdf and the attachments as in {@link archivePiecesJointes};
 * everything but the stored files is built before this resolves.
 */
export async function archiveDossier(
  contexte: ContexteArchive,
  utilisateur: UtilisateurConnecte,
  demande: DemandeRow,
  maintenant: Date,
): Promise<FichierZip> {
  const entrees = await entreesDossier(contexte, utilisateur, demande, maintenant);
  return { nomFichier: nomArchiveDossier(demande, maintenant), entrees };
}
