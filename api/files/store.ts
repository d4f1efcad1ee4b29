/**
 * File storage (DESIGN §2, §7): local disk under DATA_DIR/files, one file per
 * content hash (sha256), written atomically. An S3-compatible store can
 * implement the same interface later.
 */
import { createHash, randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { access, mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { FileStore } from "./types.ts";

/** Local-disk store rooted at `${dataDir}/files` (two-level fan-out by hash). */
export function createFileStore(options: { dataDir: string }): FileStore {
  const root = join(options.dataDir, "files");
  const chemin = (cle: string) => {
    if (!/^[0-9a-f]{64}$/.test(cle)) throw new Error("Clé de fichier invalide");
    return join(root, cle.slice(0, 2), cle);
  };
  return {
    async enregistrer(contenu) {
      const sha256 = createHash("sha256").update(contenu).digest("hex");
      const destination = chemin(sha256);
      const existe = await access(destination).then(
        () => true,
        () => false,
      );
      if (!existe) {
        await mkdir(join(root, sha256.slice(0, 2)), { recursive: true });
        const temporaire = `${destination}.${randomUUID()}.tmp`;
        await writeFile(temporaire, contenu);
        await rename(temporaire, destination);
      }
      return { cle: sha256, sha256, taille: contenu.length };
    },
    async lire(cle) {
      const fichier = chemin(cle);
      await access(fichier);
      return createReadStream(fichier);
    },
  };
}
