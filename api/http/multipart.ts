/**
 * Multipart bodies (spec §5 Attachments; DESIGN §7 uploads): one reader for
 * every route that takes files, so that multer's limits always become the
 * same French 422 `{ detail, errors: { fichier } }` and never a 500.
 */
import type { Request, RequestHandler, Response } from "express";
import multer from "multer";
import { MESSAGES_PJ, afficherTaille } from "../../contract/pieces-jointes.ts";
import { HttpError } from "./errors.ts";

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
 * (`messageFichierInattendu`, default spec §5 "too many files"); any other
 * malformed body → 422 {@link MESSAGE_FORMULAIRE_MAL_FORME}.
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
      if (!error) return resolve();
      const code = error instanceof multer.MulterError ? error.code : null;
      if (code === "LIMIT_FILE_SIZE")
        return reject(erreurFichier([MESSAGES_PJ.taille(afficherTaille(tailleMaxOctets))]));
      if (code === "LIMIT_FILE_COUNT") return reject(erreurFichier([MESSAGES_PJ.trop]));
      if (code === "LIMIT_UNEXPECTED_FILE") return reject(erreurFichier([messageFichierInattendu]));
      reject(new HttpError(422, { detail: MESSAGE_FORMULAIRE_MAL_FORME, errors: {} }));
    });
  });
}
