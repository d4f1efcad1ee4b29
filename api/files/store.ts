/**
 * File storage (DESIGN §2, §7): local disk under DATA_DIR/files, one file per
 * content hash (sha256) in a two-level fan-out (`files/ab/ab12…`), the
 * embedded default; S3-compatible object storage with the same keys when
 * S3_BUCKET is set (api/files/store-s3.ts, ADR 0031).
 *
 * Crash safety: bytes are written to `files/tmp/<uuid>.tmp`,
 * flushed to disk (fsync), renamed into place, and the folder that received
 * them is flushed too; so after a crash a key names either nothing or its
 * whole bytes. Temporary files a crash leaves are swept at start
 * ({@link balayerTemporaires}). Every read checks the bytes against their
 * hash: a truncated or altered file is refused, never sent.
 * Files are created mode 600 and folders 700 (item 4), whatever the umask.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readdir, rename, rm, stat } from "node:fs/promises";
import { dirname, join } from "node:path";
import { pipeline } from "node:stream/promises";
import {
  DOSSIER_TEMPORAIRE,
  cheminRelatif,
  controlerEnEnvoyant,
  creerDossier,
  ecrireTemporaire,
  recevoirFichier,
  hacher,
  synchroniserDossier,
  type JournalStockage,
} from "./store-commun.ts";
import { createS3FileStore } from "./store-s3.ts";
import { FichierIndisponibleError, type FileStore, type ReglagesS3 } from "./types.ts";

/**
 * The portal's file store (ADR 0031): on S3-compatible object storage when
 * `s3` is given (S3_BUCKET set, {@link createS3FileStore}), otherwise on
 * local disk under `${dataDir}/files` ({@link createLocalFileStore}, the
 * embedded default). Both write received bytes to `${dataDir}/files/tmp`
 * first. `logger` receives the refusals of altered or missing files.
 */
export function createFileStore(options: {
  dataDir: string;
  logger?: JournalStockage;
  s3?: ReglagesS3;
}): FileStore {
  return options.s3
    ? createS3FileStore({ dataDir: options.dataDir, logger: options.logger, s3: options.s3 })
    : createLocalFileStore(options);
}

/**
 * Local-disk store rooted at `${dataDir}/files`. `logger` receives the
 * refusals of altered or missing files (error) and the repairs (warn).
 */
export function createLocalFileStore(options: {
  dataDir: string;
  logger?: JournalStockage;
}): FileStore {
  const root = join(options.dataDir, "files");
  const temporaires = join(root, DOSSIER_TEMPORAIRE);
  const logger = options.logger;
  const chemin = (cle: string) => join(root, cheminRelatif(cle));

  const refuser = (erreur: FichierIndisponibleError, details: Record<string, unknown> = {}) => {
    logger?.error(
      { cle: erreur.cle, raison: erreur.raison, ...details },
      "Fichier stocké refusé : absent ou altéré sur le disque, il n'est pas envoyé",
    );
    return erreur;
  };

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
        const ecrit = await ecrireTemporaire(temporaires, contenu);
        await placer(ecrit.temporaire, sha256, contenu.length);
      }
      return { cle: sha256, sha256, taille: contenu.length };
    },

    recevoir(flux) {
      return recevoirFichier(temporaires, flux, placer);
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
      const verifie = controlerEnEnvoyant(cle, refuser);
      // pipeline closes the file when the reader goes away or either side fails.
      pipeline(createReadStream(fichier), verifie).catch(() => undefined);
      return verifie;
    },

    async supprimer(cle) {
      await rm(chemin(cle), { force: true });
    },
  };
}

/**
 * Deletes the temporary files a crash may have left in `${dataDir}/files`:
 * everything in `files/tmp/`, and the `*.tmp` files the
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
