/**
 * The scan job (ADR 0030): files stored `en_attente` (or
 * left `erreur`) are streamed from the file store to clamd, oldest first,
 * and get their verdict: `sain`, `infecte` or `erreur`. The pg-boss job
 * `antivirus-analyse` (api/jobs/taches.ts) runs it every minute (the re-queue
 * of whatever is still waiting: a scanner that was down, a wake-up lost) and
 * as soon as an upload wakes it up (api/antivirus/registre.ts).
 *
 * Idempotent: a verdict is written only over `en_attente` or `erreur`, in
 * one conditional UPDATE; so a file scanned twice at once (two instances)
 * gets one verdict, one history row and one mail.
 *
 * A rule of the domain (history row, mail through the outbox), not of
 * api/antivirus/, which holds what the domain calls: the scanner, the
 * ZIP limits and which stores are scanned.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Logger } from "pino";
import { ACTION_FICHIER_INFECTE } from "../../contract/antivirus.ts";
import type { ApiConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { historique, piecesJointes, utilisateurs } from "../db/schema.ts";
import type { Horloge } from "./horloge.ts";
import { createFileStore } from "../files/store.ts";
import type { FileStore } from "../files/types.ts";
import { planifierTravail, ressourceDemande } from "./travaux.ts";
import type { Analyseur, Verdict } from "../antivirus/analyseur.ts";
import { AnalyseImpossibleError, analyseurClamd } from "../antivirus/clamd.ts";
import { courrielFichierInfecte } from "../antivirus/courriel.ts";

/** pg-boss queue of the scan job. */
export const TACHE_ANTIVIRUS = "antivirus-analyse";

/** History action of an infected file, on the resource the file belongs to. */
export { ACTION_FICHIER_INFECTE };

/** Files scanned by one run at most (the next run, a minute later, goes on). */
export const LOT_ANALYSES = 50;

/** What the job needs. */
export interface DepsAnalyse {
  config: ApiConfig;
  database: Database;
  horloge: Horloge;
  logger: Logger;
  /** The file store; by default the one `config` describes (local disk or S3). */
  fichiers?: FileStore;
  /** The scanner; by default clamd at `config.clamav`. */
  analyseur?: Analyseur;
}

type PieceAAnalyser = Pick<
  typeof piecesJointes.$inferSelect,
  "id" | "cle" | "nom" | "ressourceType" | "ressourceId" | "deposeParId"
>;

/**
 * Scans up to {@link LOT_ANALYSES} files `en_attente` or `erreur`, oldest
 * first. clamd out of reach: the file stays `en_attente` (or `erreur`) and
 * the run stops there (the next one tries again); any other failure (clamd
 * answered no verdict, bytes missing from the store) makes it `erreur`,
 * tried again by the next runs. An infected file gets a history row
 * {@link ACTION_FICHIER_INFECTE} on its resource and its uploader a mail
 * (through the outbox, in the same transaction). Returns how many files got
 * a verdict. Does nothing without CLAMAV_HOST.
 */
export async function analyserPiecesEnAttente(deps: DepsAnalyse): Promise<number> {
  const { config, database, horloge } = deps;
  if (!config.clamav && !deps.analyseur) return 0;
  const logger = deps.logger.child({ module: "antivirus" });
  const analyseur = deps.analyseur ?? analyseurClamd(config.clamav!);
  const fichiers =
    deps.fichiers ?? createFileStore({ dataDir: config.dataDir, s3: config.s3, logger });
  const pieces: PieceAAnalyser[] = await database.db
    .select({
      id: piecesJointes.id,
      cle: piecesJointes.cle,
      nom: piecesJointes.nom,
      ressourceType: piecesJointes.ressourceType,
      ressourceId: piecesJointes.ressourceId,
      deposeParId: piecesJointes.deposeParId,
    })
    .from(piecesJointes)
    .where(inArray(piecesJointes.etatAntivirus, ["en_attente", "erreur"]))
    .orderBy(asc(piecesJointes.dateCreation), asc(piecesJointes.id))
    .limit(LOT_ANALYSES);
  let faits = 0;
  for (const piece of pieces) {
    let verdict: Verdict | { etat: "erreur"; raison: string };
    try {
      verdict = await analyseur.analyser(await fichiers.lire(piece.cle));
    } catch (error) {
      if (error instanceof AnalyseImpossibleError && error.injoignable) {
        logger.warn(
          { err: error, pieceJointeId: piece.id, enAttente: pieces.length - faits },
          "Antivirus injoignable : les fichiers restent en attente d'analyse",
        );
        break;
      }
      logger.error({ err: error, pieceJointeId: piece.id }, "Échec de l'analyse antivirus");
      verdict = { etat: "erreur", raison: (error as Error).message };
    }
    if (await enregistrerVerdict(deps, piece, verdict, horloge.now())) faits += 1;
    if (verdict.etat === "infecte")
      logger.warn(
        { pieceJointeId: piece.id, signature: verdict.signature },
        "Fichier infecté bloqué par l'antivirus",
      );
  }
  return faits;
}

/**
 * Writes `verdict` over a file still `en_attente` or `erreur` (false when
 * another run got there first), with, for an infected file, its history row
 * and the mail to its uploader.
 */
async function enregistrerVerdict(
  deps: DepsAnalyse,
  piece: PieceAAnalyser,
  verdict: Verdict | { etat: "erreur"; raison: string },
  maintenant: Date,
): Promise<boolean> {
  const resultat =
    verdict.etat === "infecte"
      ? verdict.signature
      : verdict.etat === "erreur"
        ? verdict.raison
        : "OK";
  return deps.database.db.transaction(async (tx) => {
    const [maj] = await tx
      .update(piecesJointes)
      .set({
        etatAntivirus: verdict.etat,
        dateAnalyseAntivirus: maintenant,
        resultatAntivirus: resultat.slice(0, 500),
      })
      .where(
        and(
          eq(piecesJointes.id, piece.id),
          inArray(piecesJointes.etatAntivirus, ["en_attente", "erreur"]),
        ),
      )
      .returning({ id: piecesJointes.id });
    if (!maj) return false;
    if (verdict.etat !== "infecte") return true;
    await tx.insert(historique).values({
      ressourceType: piece.ressourceType,
      ressourceId: piece.ressourceId,
      action: ACTION_FICHIER_INFECTE,
      acteurId: null,
      acteurRole: "systeme",
      commentaire: `Fichier « ${piece.nom} » bloqué par l'antivirus (${verdict.signature}) : il ne peut pas être ouvert et reste hors des archives et des exports.`,
      donnees: { pieceJointeId: piece.id, nom: piece.nom, signature: verdict.signature },
      date: maintenant,
    });
    const [auteur] = piece.deposeParId
      ? await tx
          .select({ email: utilisateurs.email, prenom: utilisateurs.prenom, nom: utilisateurs.nom })
          .from(utilisateurs)
          .where(eq(utilisateurs.id, piece.deposeParId))
      : [];
    if (auteur)
      await planifierTravail(
        tx,
        {
          type: "courriel",
          donnees: {
            message: {
              to: auteur.email,
              ...courrielFichierInfecte({
                destinataire: auteur,
                nomFichier: piece.nom,
                lien: `${deps.config.publicUrl}/`,
              }),
            },
          },
          cle: `antivirus:${piece.id}`,
          ressource:
            piece.ressourceType === "demande" || piece.ressourceType === "changement-notable"
              ? ressourceDemande(piece.ressourceId)
              : null,
        },
        maintenant,
      );
    return true;
  });
}
