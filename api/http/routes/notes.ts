/**
 * Internal notes of instruction staff (spec §3 Note, §7 Messages and notes),
 * declared in contract/api/notes.ts: list, write (multipart with an
 * optional file) and mark read. Notes never reach the applicant side: an
 * applicant gets 404 on every route.
 */
import express, { Router } from "express";
import multer from "multer";
import { deposerNote, listerNotes, marquerNotesLues } from "../../../contract/api/notes.ts";
import { CODE_TYPE_PJ_NOTE } from "../../../contract/schemas/notes.ts";
import { chargerDemandeAccessible } from "../../domain/acces.ts";
import { marquerLu } from "../../domain/lectures.ts";
import {
  ajouterNote,
  listerNotes as listerNotesDe,
  verifierAccesNotes,
} from "../../domain/notes.ts";
import type { ApiDeps } from "../deps.ts";
import { endpoints } from "../endpoint.ts";
import { TAILLE_CHAMP_MAX, lireMultipart } from "../multipart.ts";
import { HttpError } from "../errors.ts";

/** 422 of `read?type=` with anything but `note`. */
export const MESSAGE_TYPE_LECTURE = "Le type de lecture doit être « note ».";

/** Routes of this resource, each behind `authenticate`. */
export function notesRoutes(deps: ApiDeps): Router {
  const { database, fichiers, horloge, config, authenticate } = deps;
  const router = Router();
  const points = endpoints(router, authenticate);
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
  points.register(listerNotes, async ({ params, utilisateur }, _req, res) => {
    const demande = await chargerDemandeAccessible(database, utilisateur, params.type, params.id);
    verifierAccesNotes(utilisateur, demande, "lecture");
    res.json(await listerNotesDe(database, demande, utilisateur.row.id));
  });

  /**
   * POST /api/{type}/{id}/note, multipart (or form, or JSON without file):
   * `note` (required, ≤ 5000 characters), optional `fichier` (one file,
   * PDF/PNG/JPG/ZIP by its bytes, ≤ UPLOAD_MAX_MO), its display name `nom`
   * (default: the file's own) and `codeTypePJ` (only `note`, the default).
   * Instruction staff who see the file; central roles 403; applicant side
   * and unseen 404, before the body is read. 422 `{ detail, errors }` on bad
   * input, nothing saved. → 201 Note.
   */
  points.registerMultipart(
    deposerNote,
    (req, res) =>
      lireMultipart(
        upload,
        req,
        res,
        tailleMaxOctets,
        "Une note ne peut porter qu'un fichier, envoyé sous le nom « fichier ».",
      ),
    async ({ params, utilisateur, readBody }, _req, res) => {
      const demande = await chargerDemandeAccessible(database, utilisateur, params.type, params.id);
      verifierAccesNotes(utilisateur, demande, "ecriture");
      const { body: corps, files } = await readBody();
      const [fichier] = files;
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
    { parsers: [urlencoded] },
  );

  /**
   * POST /api/{type}/{id}/read?type=note: the reader has seen the notes up
   * to now (clears his unread-notes count). Same access as reading; 422
   * for another `type`, after the access check; 204.
   */
  points.register(marquerNotesLues, async ({ params, query, utilisateur }, _req, res) => {
    const kind = params.type;
    const demande = await chargerDemandeAccessible(database, utilisateur, kind, params.id);
    verifierAccesNotes(utilisateur, demande, "lecture");
    if (query.type !== "note")
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
