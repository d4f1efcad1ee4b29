/**
 * Multipart bodies (spec §5 Attachments; DESIGN §7 uploads): one reader
 * for every route that takes files, so that multer's
 * file limits always become the same French 422 `{ detail, errors: { fichier
 * } }`, too many or too long fields a 413, a NUL byte in a field or a file
 * name a 400, and never a 500.
 */
import type { Request, RequestHandler, Response } from "express";
import multer from "multer";
import { MESSAGES_PJ, afficherTaille } from "../../contract/pieces-jointes.ts";
import { HttpError, MESSAGE_CARACTERE_NUL, badInput, contientNul } from "./errors.ts";

/** Most text fields of a multipart body. */
export const CHAMPS_MAX = 100;
/** Largest text field of a multipart body, in bytes. */
export const TAILLE_CHAMP_MAX = 64 * 1024;
/** 413 of a multipart body with more than {@link CHAMPS_MAX} fields. */
export const MESSAGE_TROP_DE_CHAMPS = "Le formulaire envoyé contient trop de champs.";
/** 413 of a multipart field over {@link TAILLE_CHAMP_MAX} bytes. */
export const MESSAGE_CHAMP_TROP_GROS = "Un champ du formulaire envoyé est trop long.";

/** 422 of a body that is not a well-formed form. */
export const MESSAGE_FORMULAIRE_MAL_FORME = "Le formulaire envoyé est incomplet ou mal formé.";

/** 422 `{ detail, errors: { fichier } }` with the given attachment messages (each once). */
export function erreurFichier(messages: string[]): HttpError {
  const uniques = [...new Set(messages)];
  return new HttpError(422, { detail: uniques.join("\n"), errors: { fichier: uniques } });
}

/**
 * Runs the multer middleware `upload` on `req`. Resolves once `req.body`
 * and `req.files` are read; rejects with {@link erreurFichier} when a file
 * is over `tailleMaxOctets` (message quoting the limit in Mo), when there
 * are too many files, or when a file comes under an unexpected name
 * (`messageFichierInattendu`, default spec §5 "too many files"); with 413
 * when there are too many fields or one is too long (whatever `upload`'s
 * own limits, those of {@link CHAMPS_MAX} and {@link TAILLE_CHAMP_MAX} are
 * the most a route should set); with 400 when a field or a file name holds
 * a NUL byte; any other malformed body → 422
 * {@link MESSAGE_FORMULAIRE_MAL_FORME}.
 */
export function lireMultipart(
  upload: RequestHandler,
  req: Request,
  res: Response,
  tailleMaxOctets: number,
  messageFichierInattendu: string = MESSAGES_PJ.trop,
): Promise<void> {
  return new Promise((resolve, reject) => {
    upload(req, res, (error?: unknown) => {
      if (!error) {
        const fichiers: Express.Multer.File[] = [
          ...(req.file ? [req.file] : []),
          ...(Array.isArray(req.files) ? req.files : Object.values(req.files ?? {}).flat()),
        ];
        const noms = fichiers.map((fichier) => fichier.originalname);
        if (contientNul(req.body) || contientNul(noms))
          return reject(badInput(MESSAGE_CARACTERE_NUL));
        return resolve();
      }
      const code = error instanceof multer.MulterError ? error.code : null;
      if (code === "LIMIT_FIELD_COUNT" || code === "LIMIT_PART_COUNT")
        return reject(badInput(MESSAGE_TROP_DE_CHAMPS, 413));
      if (code === "LIMIT_FIELD_VALUE" || code === "LIMIT_FIELD_KEY")
        return reject(badInput(MESSAGE_CHAMP_TROP_GROS, 413));
      if (code === "LIMIT_FILE_SIZE")
        return reject(erreurFichier([MESSAGES_PJ.taille(afficherTaille(tailleMaxOctets))]));
      if (code === "LIMIT_FILE_COUNT") return reject(erreurFichier([MESSAGES_PJ.trop]));
      if (code === "LIMIT_UNEXPECTED_FILE") return reject(erreurFichier([messageFichierInattendu]));
      reject(new HttpError(422, { detail: MESSAGE_FORMULAIRE_MAL_FORME, errors: {} }));
    });
  });
}
