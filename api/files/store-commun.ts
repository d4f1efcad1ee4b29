/**
 * What both file stores share (api/files/store.ts on local disk,
 * api/files/store-s3.ts on object storage, ADR 0031): the temporary folder
 * `${dataDir}/files/tmp` where received bytes are written, hashed and
 * counted before they get their key, and the check of bytes against their
 * hash as they are sent.
 */
import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Transform, Writable, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { detecterTypeFichierSurDisque } from "./type-fichier.ts";
import { FichierIndisponibleError, type FichierRecu, type FichierStocke } from "./types.ts";

/** What the stores log through (a pino logger). */
export interface JournalStockage {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** Folder of `files/` where bytes wait before they get their key. */
export const DOSSIER_TEMPORAIRE = "tmp";
export const MODE_DOSSIER = 0o700;
export const MODE_FICHIER = 0o600;

/** A storage key: the sha256 of the bytes, 64 lowercase hexadecimal digits. */
export const CLE_FICHIER = /^[0-9a-f]{64}$/;

/** Throws unless `cle` is a storage key ({@link CLE_FICHIER}). */
export function verifierCle(cle: string): void {
  if (!CLE_FICHIER.test(cle)) throw new Error("Clé de fichier invalide");
}

/**
 * Where the bytes of `cle` live relative to the root of a store: a
 * two-level fan-out `ab/ab12…` (a folder of DATA_DIR/files, an object key
 * of the bucket: the same layout, so a copy maps one to one).
 */
export function cheminRelatif(cle: string): string {
  verifierCle(cle);
  return `${cle.slice(0, 2)}/${cle}`;
}

/** Flushes a folder's entries (a rename, a new file) to disk. */
export async function synchroniserDossier(dossier: string): Promise<void> {
  let handle;
  try {
    handle = await open(dossier, "r");
    await handle.sync();
  } catch (error) {
    // Some platforms and file systems cannot fsync a folder: nothing more to do there.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EISDIR" && code !== "EPERM" && code !== "EINVAL") throw error;
  } finally {
    await handle?.close();
  }
}

/**
 * Creates `dossier` (and its missing parents) mode 700, flushing the parent
 * of each folder created so that the new entries survive a crash.
 */
export async function creerDossier(dossier: string): Promise<void> {
  const premier = await mkdir(dossier, { recursive: true, mode: MODE_DOSSIER });
  if (!premier) return;
  for (let cree = dossier; ; cree = dirname(cree)) {
    await synchroniserDossier(dirname(cree));
    if (cree === premier || dirname(cree) === cree) break;
  }
}

/** The sha256 of a file's bytes, read as a stream. */
export async function hacher(chemin: string): Promise<string> {
  const empreinte = createHash("sha256");
  for await (const morceau of createReadStream(chemin)) empreinte.update(morceau as Buffer);
  return empreinte.digest("hex");
}

/**
 * Writes `source` into a new file of `temporaires` (`<uuid>.tmp`, mode 600),
 * hashing and counting on the way, and flushes it to disk. On any failure
 * the temporary file is gone. → its path, sha256 (hex) and size in bytes.
 */
export async function ecrireTemporaire(
  temporaires: string,
  source: Buffer | Readable,
): Promise<{ temporaire: string; sha256: string; taille: number }> {
  // A stream failing before the pipeline below listens (a browser gone while
  // the folder is created) must reject this write, not crash the process:
  // pipeline still sees the stream's error (`errored`).
  const ignorer = () => undefined;
  if (!Buffer.isBuffer(source)) source.on("error", ignorer);
  try {
    return await ecrireEtFlusher(temporaires, source);
  } finally {
    if (!Buffer.isBuffer(source)) source.off("error", ignorer);
  }
}

/** {@link ecrireTemporaire} once the source's early errors are caught. */
async function ecrireEtFlusher(
  temporaires: string,
  source: Buffer | Readable,
): Promise<{ temporaire: string; sha256: string; taille: number }> {
  await creerDossier(temporaires);
  const temporaire = join(temporaires, `${randomUUID()}.tmp`);
  const empreinte = createHash("sha256");
  let taille = 0;
  const handle = await open(temporaire, "wx", MODE_FICHIER);
  try {
    const ecrire = async (morceau: Buffer) => {
      empreinte.update(morceau);
      taille += morceau.length;
      for (let ecrits = 0; ecrits < morceau.length;)
        ecrits += (await handle.write(morceau, ecrits)).bytesWritten;
    };
    if (Buffer.isBuffer(source)) await ecrire(source);
    else
      // Our own writer, so that the handle stays open for the fsync below.
      await pipeline(
        source,
        new Writable({
          write(morceau: Buffer, _encodage, suite) {
            ecrire(morceau).then(() => suite(), suite);
          },
        }),
      );
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temporaire, { force: true });
    throw error;
  }
  await handle.close();
  return { temporaire, sha256: empreinte.digest("hex"), taille };
}

/**
 * A pass-through stream that hashes what goes through it and fails at its
 * end with `refuser(new FichierIndisponibleError(cle, "altere"), { empreinte })`
 * when the bytes do not hash to `cle`: bytes altered between the check
 * before sending and the sending itself never end as a complete download.
 */
export function controlerEnEnvoyant(
  cle: string,
  refuser: (erreur: FichierIndisponibleError, details: Record<string, unknown>) => Error,
): Transform {
  const controle = createHash("sha256");
  return new Transform({
    transform(morceau: Buffer, _encodage, suite) {
      controle.update(morceau);
      suite(null, morceau);
    },
    flush(suite) {
      const finale = controle.digest("hex");
      suite(
        finale === cle
          ? null
          : refuser(new FichierIndisponibleError(cle, "altere"), { empreinte: finale }),
      );
    },
  });
}

/**
 * The `recevoir` of both stores (local disk and S3): the bytes of `flux`
 * are streamed to a temporary file of `temporaires` while hashed, and typed
 * from their bytes (throws what {@link ecrireTemporaire} and
 * `detecterTypeFichierSurDisque` throw, the temporary file removed). The
 * returned file is put under its key by `placer` (once, whatever the number
 * of calls) when the caller keeps it; `abandonner` removes the temporary
 * file. `placer` owns the temporary file from then on (the local store
 * renames it, the S3 store sends then removes it).
 */
export async function recevoirFichier(
  temporaires: string,
  flux: Readable,
  placer: (temporaire: string, sha256: string, taille: number) => Promise<void>,
): Promise<FichierRecu> {
  const { temporaire, sha256, taille } = await ecrireTemporaire(temporaires, flux);
  let mimeType;
  try {
    mimeType = await detecterTypeFichierSurDisque(temporaire);
  } catch (error) {
    await rm(temporaire, { force: true });
    throw error;
  }
  let etat: "en attente" | "conserve" | "abandonne" = "en attente";
  let placement: Promise<FichierStocke> | undefined;
  const stocke: FichierStocke = { cle: sha256, sha256, taille };
  return {
    ...stocke,
    mimeType,
    conserver() {
      if (etat === "abandonne") return Promise.reject(new Error("Fichier reçu déjà abandonné"));
      etat = "conserve";
      placement ??= placer(temporaire, sha256, taille).then(() => stocke);
      return placement;
    },
    async abandonner() {
      if (etat !== "en attente") return;
      etat = "abandonne";
      await rm(temporaire, { force: true });
    },
  };
}
