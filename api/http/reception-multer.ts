/**
 * Uploads streamed into the file store instead of buffered: a multer
 * storage engine of the HTTP layer that hands each file's stream to
 * {@link FileStore.recevoir} (api/files/). A file is never whole in
 * memory; it waits in the store's temporary folder, hashed, sized and typed,
 * until the route keeps it (`recu.conserver()`, inside its transaction) or
 * not. Whatever the route has not kept when the answer ends is deleted, so a
 * refused request writes nothing.
 */
import type { Request } from "express";
import type { StorageEngine } from "multer";
import type { FichierRecu, FileStore } from "../files/types.ts";

/** A file multer read with {@link stockageFlux}: `recu` instead of `buffer`. */
export type FichierMulterRecu = Express.Multer.File & { recu: FichierRecu };

/** Files received per request, dropped when its answer ends if still waiting. */
const recusParRequete = new WeakMap<Request, Set<FichierRecu>>();

/** Registers `recu` for deletion once `req`'s answer is finished or cut. */
function suivre(req: Request, recu: FichierRecu): void {
  let recus = recusParRequete.get(req);
  if (!recus) {
    const ensemble = new Set<FichierRecu>();
    recus = ensemble;
    recusParRequete.set(req, ensemble);
    const abandonner = () => {
      for (const fichier of ensemble) void fichier.abandonner().catch(() => undefined);
    };
    // "finish" once the answer is written, "close" also when the client goes away
    // (the in-process answers of ADR 0007 emit only the first).
    req.res?.once("finish", abandonner).once("close", abandonner);
  }
  recus.add(recu);
}

/**
 * A multer `storage` that streams every file into `fichiers` (replaces
 * `multer.memoryStorage()`). Each file of `req.files` then carries `recu`
 * ({@link FichierMulterRecu}: `sha256`, `taille`, `mimeType` read from the
 * bytes, `conserver()`, `abandonner()`) and `size`; no `buffer`. Multer's
 * limits apply as before: a file over `limits.fileSize` is cut and dropped
 * with the LIMIT_FILE_SIZE error, and every file of a failed body is dropped.
 */
export function stockageFlux(fichiers: FileStore): StorageEngine {
  return {
    _handleFile(req, file, callback) {
      fichiers.recevoir(file.stream).then(
        (recu) => {
          suivre(req, recu);
          callback(null, { size: recu.taille, recu } as Partial<Express.Multer.File>);
        },
        (error: unknown) => callback(error),
      );
    },
    _removeFile(_req, file, callback) {
      const recu = (file as Partial<FichierMulterRecu>).recu;
      if (!recu) return callback(null);
      recu.abandonner().then(
        () => callback(null),
        (error: Error) => callback(error),
      );
    },
  };
}

/**
 * Deletes now every file `req` received that was not kept: for a route to
 * call before it answers a refusal, so that the refused bytes are gone when
 * the client reads the answer (the "finish" clean-up comes after it).
 */
export async function abandonnerRecus(req: Request): Promise<void> {
  const recus = recusParRequete.get(req);
  if (recus) await Promise.all([...recus].map((recu) => recu.abandonner()));
}

/** The received file of a multer file read with {@link stockageFlux}. */
export function fichierRecu(file: Express.Multer.File): FichierRecu {
  const recu = (file as Partial<FichierMulterRecu>).recu;
  if (!recu) throw new Error("Fichier lu sans stockageFlux : aucun fichier reçu");
  return recu;
}
