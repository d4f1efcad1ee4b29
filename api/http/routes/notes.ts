/**
 * Internal notes of instruction staff (spec §3 Note, §7 Messages and notes):
 * list, write (multipart with an optional file) and mark read. Notes never
 * reach the applicant side: an applicant gets 404 on every route.
 */
import express, { Router } from "express";
import multer from "multer";
import { CODE_TYPE_PJ_NOTE, schemaNote } from "../../../contract/schemas/notes.ts";
import { chargerDemandeAccessible, lireKind } from "../../domain/acces.ts";
import { marquerLu } from "../../domain/lectures.ts";
import { ajouterNote, listerNotes, verifierAccesNotes } from "../../domain/notes.ts";
import { currentUser } from "../auth.ts";
import type { ApiDeps } from "../deps.ts";
import { TAILLE_CHAMP_MAX, lireMultipart } from "../multipart.ts";
import { HttpError, parseOrThrow } from "../errors.ts";
import { seulementDemandes } from "../segments.ts";

/** 422 of `read?type=` with anything but `note`. */
export const MESSAGE_TYPE_LECTURE = "Le type de lecture doit être « note ».";

/** Routes of this resource, each behind `authenticate`. */
export function notesRoutes(deps: ApiDeps): Router {
  const { database, fichiers, horloge, config, authenticate } = deps;
  const router = Router();
  const tailleMaxOctets = config.uploadMaxMo * 1024 * 1024;
  const upload = multer({
    storage: multer.memoryStorage(),
    // Browsers send UTF-8 names without saying so; busboy would read latin1.
    defParamCharset: "utf8",
    limits: { fileSize: tailleMaxOctets, files: 1, fields: 10, fieldSize: TAILLE_CHAMP_MAX },
  }).single("fichier");
  const urlencoded = express.urlencoded({ extended: false, limit: "100kb" });

  /**
   * GET /api/{type}/{id}/notes → Note[], oldest first, `moi` on the
   * reader's own. Instruction and central staff who see the file (404
   * otherwise, and always for the applicant side). Does not mark them read.
   */
  router.get("/:type/:id/notes", seulementDemandes("type"), authenticate, async (req, res) => {
    const utilisateur = currentUser(req);
    const demande = await chargerDemandeAccessible(
      database,
      utilisateur,
      lireKind(req.params.type as string),
      req.params.id as string,
    );
    verifierAccesNotes(utilisateur, demande, "lecture");
    res.json(await listerNotes(database, demande, utilisateur.row.id));
  });

  /**
   * POST /api/{type}/{id}/note, multipart (or form, or JSON without file):
   * `note` (required, ≤ 5000 characters), optional `fichier` (one file,
   * PDF/PNG/JPG/ZIP by its bytes, ≤ UPLOAD_MAX_MO), its display name `nom`
   * (default: the file's own) and `codeTypePJ` (only `note`, the default).
   * Instruction staff who see the file; central roles 403; applicant side
   * and unseen 404. 422 `{ detail, errors }` on bad input, nothing saved.
   * → 201 Note.
   */
  router.post(
    "/:type/:id/note",
    seulementDemandes("type"),
    authenticate,
    urlencoded,
    async (req, res) => {
      const utilisateur = currentUser(req);
      const demande = await chargerDemandeAccessible(
        database,
        utilisateur,
        lireKind(req.params.type as string),
        req.params.id as string,
      );
      verifierAccesNotes(utilisateur, demande, "ecriture");
      await lireMultipart(
        upload,
        req,
        res,
        tailleMaxOctets,
        "Une note ne peut porter qu'un fichier, envoyé sous le nom « fichier ».",
      );
      const corps = parseOrThrow(schemaNote, req.body ?? {});
      const fichier = req.file;
      const note = await ajouterNote(database, fichiers, {
        demande,
        auteur: utilisateur,
        texte: corps.note,
        fichier: fichier
          ? {
              contenu: fichier.buffer,
              nom: corps.nom ?? fichier.originalname,
              rubrique: corps.codeTypePJ ?? CODE_TYPE_PJ_NOTE,
            }
          : null,
        maintenant: horloge.now(),
      });
      res.status(201).json(note);
    },
  );

  /**
   * POST /api/{type}/{id}/read?type=note: the reader has seen the notes up
   * to now (clears his unread-notes count). Same access as reading; 422
   * for another `type`; 204.
   */
  router.post("/:type/:id/read", seulementDemandes("type"), authenticate, async (req, res) => {
    const utilisateur = currentUser(req);
    const kind = lireKind(req.params.type as string);
    const demande = await chargerDemandeAccessible(
      database,
      utilisateur,
      kind,
      req.params.id as string,
    );
    verifierAccesNotes(utilisateur, demande, "lecture");
    if (req.query.type !== "note")
      throw new HttpError(422, {
        detail: MESSAGE_TYPE_LECTURE,
        errors: { type: [MESSAGE_TYPE_LECTURE] },
      });
    await marquerLu(database, {
      utilisateurId: utilisateur.row.id,
      ressourceType: kind,
      ressourceId: demande.id,
      type: "note",
      date: horloge.now(),
    });
    res.status(204).end();
  });

  return router;
}
