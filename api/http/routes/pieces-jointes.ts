/**
 * Attachments of a request (spec §7 Files; §5 Attachments; DESIGN §4, §7),
 * declared in contract/api/pieces-jointes.ts: upload by rubric, deletion,
 * download. The type comes from the bytes, the size and count limits from
 * the configuration.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { Router, type Response } from "express";
import multer from "multer";
import { pipeline } from "node:stream/promises";
import type { TypeDossier } from "../../../contract/etats.ts";
import {
  ajouterPiecesJointes,
  supprimerPieceJointe,
  telechargerPieceJointe,
} from "../../../contract/api/pieces-jointes.ts";
import {
  CODES_RUBRIQUE_DEMANDE,
  MESSAGES_PJ,
  type MimeTypeAccepte,
} from "../../../contract/pieces-jointes.ts";
import {
  MESSAGE_ANALYSE_EN_COURS,
  MESSAGE_FICHIER_INFECTE,
  telechargeable,
} from "../../../contract/antivirus.ts";
import type { PieceJointe } from "../../../contract/schemas/demande.ts";
import type { Database } from "../../db/client.ts";
import { demandes, piecesJointes } from "../../db/schema.ts";
import { chargerDemandeAccessible, coteDe, type DemandeRow } from "../../domain/acces.ts";
import {
  LIBELLES_TYPES_ACCEPTES,
  ajouterPieceJointe,
  assainirNomFichier,
  type PieceJointeRow,
} from "../../domain/pieces-jointes.ts";
import { abandonnerRecus, fichierRecu, stockageFlux } from "../reception-multer.ts";
import { FichierIndisponibleError, type FileStore } from "../../files/types.ts";
import { estPieceJointeDeNote } from "../../domain/notes.ts";
import { chargerAgrementAccessible } from "../../domain/agrements.ts";
import { verifierAccesRapport } from "../../domain/rapports-annuels/lecture.ts";
import { RUBRIQUE_AVIS } from "../../domain/demandes/avis.ts";
import { CHAMP_FICHIER } from "../../domain/demandes/fichiers-action.ts";
import { estModifiableParDemandeur } from "../../domain/workflow.ts";
import type { UtilisateurConnecte } from "../auth.ts";
import type { ApiDeps } from "../deps.ts";
import { endpoints } from "../endpoint.ts";
import { erreurFichier, lireMultipart } from "../multipart.ts";
import { HttpError, conflict, forbidden, notFound } from "../errors.ts";

export const MESSAGE_PJ_NON_MODIFIABLES =
  "Les pièces jointes de cette demande ne peuvent plus être modifiées.";

/** 500 of an attachment whose stored copy is missing or altered. */
export const MESSAGE_FICHIER_INDISPONIBLE =
  "Ce fichier ne peut pas être envoyé : sa copie sur le serveur est manquante ou endommagée. " +
  "L'incident a été signalé à l'équipe technique.";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The request `id` of `kind` if the signed-in user is its owner applicant
 * and its files may still change (brouillon, or en_edition after
 * RETOURNER_EN_EDITION: ETATS_MODIFIABLES_DEMANDEUR): 404 when he may not
 * see it, 403 when he sees it without owning it (staff), 409 otherwise.
 */
async function chargerDemandeModifiable(
  database: Database,
  utilisateur: UtilisateurConnecte,
  kind: TypeDossier,
  id: string,
): Promise<DemandeRow> {
  const demande = await chargerDemandeAccessible(database, utilisateur, kind, id);
  if (!utilisateur.roles.includes("demandeur") || coteDe(utilisateur, demande) !== "demandeur")
    throw forbidden();
  if (!estModifiableParDemandeur(demande.etat)) throw conflict(MESSAGE_PJ_NON_MODIFIABLES);
  return demande;
}

/** Inside a transaction: locks the request row and re-checks its state (two tabs at once). */
async function verrouillerDemande(tx: Database["db"], id: string): Promise<DemandeRow> {
  const [demande] = await tx.select().from(demandes).where(eq(demandes.id, id)).for("update");
  if (!demande) throw notFound();
  if (!estModifiableParDemandeur(demande.etat)) throw conflict(MESSAGE_PJ_NON_MODIFIABLES);
  return demande;
}

/** Every write to a request's files changes the request (DESIGN §3 version). */
async function marquerModifiee(tx: Database["db"], id: string, date: Date): Promise<void> {
  await tx
    .update(demandes)
    .set({ version: sql`${demandes.version} + 1`, dateModification: date })
    .where(eq(demandes.id, id));
}

/** One upload to a rubric of a draft: where, the files received and their types, who and when. */
interface AjoutRubrique {
  kind: TypeDossier;
  demandeId: string;
  rubrique: string;
  recus: Express.Multer.File[];
  /** The type of each of `recus`, read from its bytes (none null: checked before). */
  types: (MimeTypeAccepte | null)[];
  deposeParId: string;
  date: Date;
}

/**
 * Inside a transaction: locks the request of `ajout`, adds its files to
 * `fichiers` and to their rubric (422 when the rubric would then hold more
 * than `maxFichiers`), and marks the request modified. Returns the
 * attachments added.
 */
async function ajouterALaRubrique(
  tx: Database["db"],
  fichiers: FileStore,
  maxFichiers: number,
  ajout: AjoutRubrique,
): Promise<PieceJointe[]> {
  await verrouillerDemande(tx, ajout.demandeId);
  const [{ existantes }] = await tx
    .select({ existantes: count() })
    .from(piecesJointes)
    .where(
      and(
        eq(piecesJointes.ressourceType, ajout.kind),
        eq(piecesJointes.ressourceId, ajout.demandeId),
        eq(piecesJointes.rubrique, ajout.rubrique),
      ),
    );
  if (Number(existantes) + ajout.recus.length > maxFichiers)
    throw erreurFichier([MESSAGES_PJ.trop]);
  const resultat: PieceJointe[] = [];
  for (const [index, fichier] of ajout.recus.entries()) {
    resultat.push(
      await ajouterPieceJointe(tx, fichiers, {
        ressourceType: ajout.kind,
        ressourceId: ajout.demandeId,
        rubrique: ajout.rubrique,
        nom: fichier.originalname,
        contenu: fichierRecu(fichier),
        mimeType: ajout.types[index]!,
        deposeParId: ajout.deposeParId,
        date: ajout.date,
      }),
    );
  }
  await marquerModifiee(tx, ajout.demandeId, ajout.date);
  return resultat;
}

/**
 * Whether the signed-in user may download `piece` (DESIGN §4); 404
 * otherwise. A request's files: whoever may see the request, except the
 * instruction's internal files for its applicant (notes', and the staff's
 * opinions' `pj_avis`; the decision's pj_avis_decideur is his). An
 * approval's files (certificate): the company holding it, or staff who may
 * see the request it was granted on. Other resources (annual reports,
 * establishments) add their rule here.
 */
async function verifierAccesRessource(
  database: Database,
  utilisateur: UtilisateurConnecte,
  piece: PieceJointeRow,
): Promise<void> {
  if (piece.ressourceType === "demande" || piece.ressourceType === "changement-notable") {
    const demande = await chargerDemandeAccessible(
      database,
      utilisateur,
      piece.ressourceType,
      piece.ressourceId,
    );
    // A note's file is internal to the instruction (spec §3 Note).
    if (
      coteDe(utilisateur, demande) === "demandeur" &&
      (await estPieceJointeDeNote(database, piece.id))
    )
      throw notFound();
    if (piece.rubrique === RUBRIQUE_AVIS && coteDe(utilisateur, demande) === "demandeur")
      throw notFound();
    return;
  }
  if (piece.ressourceType === "agrement") {
    await chargerAgrementAccessible(database, utilisateur, piece.ressourceId);
    return;
  }
  if (piece.ressourceType === "rapport-annuel") {
    await verifierAccesRapport(database, piece.ressourceId, (id) =>
      chargerAgrementAccessible(database, utilisateur, id),
    );
    return;
  }
  throw notFound();
}

/** Seconds a client may wait before asking again for a file whose scan is pending. */
const ATTENTE_ANALYSE_SECONDES = 60;

/**
 * Throws the 409 of a file that is not `sain` nor `non_analyse` (ADR 0030):
 * pending or retried scan (with Retry-After), or infected.
 */
function refuserSiNonAnalyse(piece: PieceJointeRow, res: Response): void {
  if (telechargeable(piece.etatAntivirus)) return;
  if (piece.etatAntivirus === "infecte") throw conflict(MESSAGE_FICHIER_INFECTE);
  res.set("Retry-After", String(ATTENTE_ANALYSE_SECONDES));
  throw conflict(MESSAGE_ANALYSE_EN_COURS);
}

/** Routes of spec §7 Files, each behind `authenticate`. */
export function piecesJointesRoutes(deps: ApiDeps): Router {
  const router = Router();
  routesPiecesJointesBrouillon(router, deps);
  routeTelechargementPieceJointe(router, deps);
  return router;
}

/**
 * Mounts on `router` the owner's writes to the files of his draft: upload
 * by rubric and deletion (`deps` gives the store, the limits and the clock).
 */
function routesPiecesJointesBrouillon(router: Router, deps: ApiDeps): void {
  const { database, fichiers, config, horloge, authenticate } = deps;
  const points = endpoints(router, authenticate);
  const tailleMaxOctets = config.uploadMaxMo * 1024 * 1024;
  const upload = multer({
    // Streamed to the store's temporary folder, never whole in memory.
    storage: stockageFlux(fichiers),
    // Browsers send UTF-8 names without saying so; busboy would read latin1.
    defParamCharset: "utf8",
    limits: {
      fileSize: tailleMaxOctets,
      files: config.uploadMaxFichiers,
      fields: 20,
      fieldSize: 10_000,
    },
  }).any();

  /**
   * POST /api/{kind}/{id}/pj, multipart: `codeTypePJ` (a step-3 rubric) and
   * one or several files `fichier`. Owner applicant of a draft only (404
   * unseen, 403 not owner, 409 no longer a draft). Every file must be PDF,
   * PNG, JPEG or ZIP by its bytes, at most UPLOAD_MAX_MO Mo, and the rubric
   * may hold at most UPLOAD_MAX_FICHIERS files: otherwise 422
   * `{ detail, errors: { fichier } }` and nothing is added (files already
   * there stay). 201 with the added attachments; bumps the request's
   * version and modification date. The body is read after the access
   * checks, streamed to the store's temporary folder.
   */
  points.registerMultipart(
    ajouterPiecesJointes,
    (req, res) => lireMultipart(upload, req, res, tailleMaxOctets),
    async ({ params, utilisateur, readBody }, req, res) => {
      const kind = params.kind;
      const demande = await chargerDemandeModifiable(database, utilisateur, kind, params.id);
      let ajoutees: PieceJointe[];
      try {
        const {
          body: { codeTypePJ },
          files,
        } = await readBody();
        const recus = files.filter((fichier) => CHAMP_FICHIER.test(fichier.fieldname));
        if (recus.length === 0) throw erreurFichier([MESSAGES_PJ.requis]);

        // Typed from their bytes as they were received (api/files/store.ts recevoir).
        const types = recus.map((fichier) => fichierRecu(fichier).mimeType);
        if (types.some((type) => type === null))
          throw erreurFichier([MESSAGES_PJ.type(LIBELLES_TYPES_ACCEPTES)]);

        const ajout: AjoutRubrique = {
          kind,
          demandeId: demande.id,
          rubrique: codeTypePJ,
          recus,
          types,
          deposeParId: utilisateur.row.id,
          date: horloge.now(),
        };
        ajoutees = await database.db.transaction((tx) =>
          ajouterALaRubrique(tx, fichiers, config.uploadMaxFichiers, ajout),
        );
      } catch (error) {
        // A refusal deletes the received bytes before it is answered: nothing written.
        await abandonnerRecus(req);
        throw error;
      }
      res.status(201).json(ajoutees);
    },
  );

  /**
   * DELETE /api/{kind}/{id}/pj/{fileId}: removes an attachment of the
   * owner's draft (same 404/403/409 as the upload). 404 when the file is not
   * one of that request's; 403 for files the portal generated (recap PDF)
   * or that are not step-3 rubrics. 204; bumps version and modification
   * date. The bytes stay in the store: other rows may share their hash.
   */
  points.register(supprimerPieceJointe, async ({ params, utilisateur }, _req, res) => {
    const kind = params.kind;
    const demande = await chargerDemandeModifiable(database, utilisateur, kind, params.id);
    const fileId = params.fileId;
    if (!UUID.test(fileId)) throw notFound();
    const maintenant = horloge.now();
    await database.db.transaction(async (tx) => {
      await verrouillerDemande(tx, demande.id);
      const [piece] = await tx
        .select()
        .from(piecesJointes)
        .where(
          and(
            eq(piecesJointes.id, fileId),
            eq(piecesJointes.ressourceType, kind),
            eq(piecesJointes.ressourceId, demande.id),
          ),
        );
      if (!piece) throw notFound();
      if (!CODES_RUBRIQUE_DEMANDE.includes(piece.rubrique)) throw forbidden();
      await tx.delete(piecesJointes).where(eq(piecesJointes.id, piece.id));
      await marquerModifiee(tx, demande.id, maintenant);
    });
    res.status(204).end();
  });
}

/**
 * Mounts on `router` the download of one attachment, to whoever may see
 * the resource it belongs to (`deps` gives the database and the store).
 */
function routeTelechargementPieceJointe(router: Router, deps: ApiDeps): void {
  const { database, fichiers, authenticate } = deps;
  const points = endpoints(router, authenticate);

  /**
   * GET /api/piece-jointe/{id}: the bytes of an attachment, to anyone who
   * may see the resource it belongs to (404 otherwise, as for an unknown
   * id). Sent as a download under its name (RFC 6266 `filename*`, extension
   * of its type: nom-fichier.ts), with its checked type, its length,
   * nosniff, and never cached by shared caches. Bytes that no longer match
   * their hash, or a missing file, answer 500 {@link MESSAGE_FICHIER_INDISPONIBLE}
   * (logged by the store): never sent. A file the antivirus has not found
   * clean answers 409: {@link MESSAGE_ANALYSE_EN_COURS} with Retry-After
   * while its scan is pending or retried, {@link MESSAGE_FICHIER_INFECTE}.
   */
  points.register(telechargerPieceJointe, async ({ params: { id }, utilisateur }, _req, res) => {
    if (!UUID.test(id)) throw notFound();
    const [piece] = await database.db.select().from(piecesJointes).where(eq(piecesJointes.id, id));
    if (!piece) throw notFound();
    await verifierAccesRessource(database, utilisateur, piece);
    // Neither pending nor infected bytes leave the portal (ADR 0030): 409.
    refuserSiNonAnalyse(piece, res);
    let contenu;
    try {
      contenu = await fichiers.lire(piece.cle);
    } catch (error) {
      // The store logged it; the altered bytes are never sent.
      if (error instanceof FichierIndisponibleError)
        throw new HttpError(500, { message: MESSAGE_FICHIER_INDISPONIBLE });
      throw error;
    }
    // res.attachment writes the name with the content-disposition package:
    // RFC 6266 `filename*` (UTF-8) and an ASCII `filename` fallback.
    res.attachment(assainirNomFichier(piece.nom, piece.mimeType));
    res.set({
      "Content-Type": piece.mimeType,
      "Content-Length": String(piece.taille),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store, no-transform",
    });
    await pipeline(contenu, res);
  });
}
