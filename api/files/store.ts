/**
 * File storage (DESIGN §2, §7): local disk under DATA_DIR/files, one file per
 * content hash (sha256) in a two-level fan-out (`files/ab/ab12…`). An
 * S3-compatible store can implement the same interface later.
 *
 * Crash safety (issue 20 item 13): bytes are written to `files/tmp/<uuid>.tmp`,
 * flushed to disk (fsync), renamed into place, and the folder that received
 * them is flushed too; so after a crash a key names either nothing or its
 * whole bytes. Temporary files a crash leaves are swept at start
 * ({@link balayerTemporaires}). Every read checks the bytes against their
 * hash: a truncated or altered file is refused, never sent.
 * Files are created mode 600 and folders 700 (item 4), whatever the umask.
 */
import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { Transform, Writable, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { detecterTypeFichierSurDisque } from "./type-fichier.ts";
import {
  FichierIndisponibleError,
  type FichierRecu,
  type FichierStocke,
  type FileStore,
} from "./types.ts";

/** What the store logs through (a pino logger). */
interface JournalStockage {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** Folder of `files/` where bytes wait before they get their key. */
const DOSSIER_TEMPORAIRE = "tmp";
const MODE_DOSSIER = 0o700;
const MODE_FICHIER = 0o600;

/** Flushes a folder's entries (a rename, a new file) to disk. */
async function synchroniserDossier(dossier: string): Promise<void> {
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
async function creerDossier(dossier: string): Promise<void> {
  const premier = await mkdir(dossier, { recursive: true, mode: MODE_DOSSIER });
  if (!premier) return;
  for (let cree = dossier; ; cree = dirname(cree)) {
    await synchroniserDossier(dirname(cree));
    if (cree === premier || dirname(cree) === cree) break;
  }
}

/** The sha256 of a file's bytes, read as a stream. */
async function hacher(chemin: string): Promise<string> {
  const empreinte = createHash("sha256");
  for await (const morceau of createReadStream(chemin)) empreinte.update(morceau as Buffer);
  return empreinte.digest("hex");
}

/**
 * Local-disk store rooted at `${dataDir}/files`. `logger` receives the
 * refusals of altered or missing files (error) and the repairs (warn).
 */
export function createFileStore(options: { dataDir: string; logger?: JournalStockage }): FileStore {
  const root = join(options.dataDir, "files");
  const temporaires = join(root, DOSSIER_TEMPORAIRE);
  const logger = options.logger;
  const chemin = (cle: string) => {
    if (!/^[0-9a-f]{64}$/.test(cle)) throw new Error("Clé de fichier invalide");
    return join(root, cle.slice(0, 2), cle);
  };

  const refuser = (erreur: FichierIndisponibleError, details: Record<string, unknown> = {}) => {
    logger?.error(
      { cle: erreur.cle, raison: erreur.raison, ...details },
      "Fichier stocké refusé : absent ou altéré sur le disque, il n'est pas envoyé",
    );
    return erreur;
  };

  /**
   * Writes `source` into a new temporary file, hashing and counting on the
   * way, and flushes it to disk. On any failure the temporary file is gone.
   */
  async function ecrireTemporaire(
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
   * Gives the flushed `temporaire` its key: renamed into place, then its
   * folder flushed. Bytes already there with the same size are kept (the
   * temporary file goes); a stored file of another size (truncated) is
   * replaced by these bytes, which hash to its key.
   */
  async function placer(temporaire: string, sha256: string, taille: number): Promise<void> {
    const destination = chemin(sha256);
    const existant = await stat(destination).catch(() => null);
    if (existant?.isFile() && existant.size === taille) {
      await rm(temporaire, { force: true });
      return;
    }
    if (existant)
      logger?.warn(
        { cle: sha256, taille: existant.size, attendue: taille },
        "Fichier stocké tronqué remplacé par les mêmes octets reçus à nouveau",
      );
    await creerDossier(dirname(destination));
    await rename(temporaire, destination);
    await synchroniserDossier(dirname(destination));
  }

  return {
    async enregistrer(contenu) {
      const sha256 = createHash("sha256").update(contenu).digest("hex");
      const existant = await stat(chemin(sha256)).catch(() => null);
      if (!(existant?.isFile() && existant.size === contenu.length)) {
        const ecrit = await ecrireTemporaire(contenu);
        await placer(ecrit.temporaire, sha256, contenu.length);
      }
      return { cle: sha256, sha256, taille: contenu.length };
    },

    async recevoir(flux) {
      const { temporaire, sha256, taille } = await ecrireTemporaire(flux);
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
      const recu: FichierRecu = {
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
      return recu;
    },

    async lire(cle) {
      const fichier = chemin(cle);
      let obtenue: string;
      try {
        obtenue = await hacher(fichier);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT")
          throw refuser(new FichierIndisponibleError(cle, "absent"));
        throw error;
      }
      if (obtenue !== cle)
        throw refuser(new FichierIndisponibleError(cle, "altere"), { empreinte: obtenue });
      // Checked again as it is sent: bytes altered since fail the stream at its end.
      const controle = createHash("sha256");
      const verifie = new Transform({
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
      // pipeline closes the file when the reader goes away or either side fails.
      pipeline(createReadStream(fichier), verifie).catch(() => undefined);
      return verifie;
    },
  };
}

/**
 * Deletes the temporary files a crash may have left in `${dataDir}/files`
 * (issue 20 item 13): everything in `files/tmp/`, and the `*.tmp` files the
 * store wrote next to their destination before (ba68e8d). Meant for the
 * start, before any upload: the local store serves one process (several
 * instances share S3, DESIGN §2). Returns how many were deleted.
 */
export async function balayerTemporaires(dataDir: string): Promise<number> {
  const root = join(dataDir, "files");
  const entrees = await readdir(root, { withFileTypes: true }).catch((error) => {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  });
  let supprimes = 0;
  const supprimer = async (fichier: string) => {
    await rm(fichier, { force: true, recursive: true });
    supprimes += 1;
  };
  for (const entree of entrees) {
    const chemin = join(root, entree.name);
    if (entree.isDirectory() && entree.name === DOSSIER_TEMPORAIRE) {
      for (const nom of await readdir(chemin)) await supprimer(join(chemin, nom));
    } else if (entree.isDirectory() && /^[0-9a-f]{2}$/.test(entree.name)) {
      for (const nom of await readdir(chemin))
        if (nom.endsWith(".tmp")) await supprimer(join(chemin, nom));
    } else if (entree.name.endsWith(".tmp")) {
      await supprimer(chemin);
    }
  }
  return supprimes;
}
