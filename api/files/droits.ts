/**
 * Permissions of what the portal keeps on disk: its
 * account only. Used at start on DATA_DIR (server/data-dir.ts) and on the
 * embedded database's folder once PGlite has written it (api/db/client.ts).
 */
import { chmod, lstat, readdir } from "node:fs/promises";
import { join } from "node:path";

/** Permission bits of group and others. */
const GROUPE_ET_AUTRES = 0o077;

/**
 * Removes the group and others permission bits of `dossier` and of
 * everything under it (symbolic links are neither followed nor changed):
 * folders become 700 and files 600 when they were 755 and 644. Returns how
 * many entries were changed and how many could not be (another owner).
 */
export async function restreindreDroits(
  dossier: string,
): Promise<{ corriges: number; echecs: number }> {
  const bilan = { corriges: 0, echecs: 0 };
  /** Restricts `chemin`; true when it is a folder to walk into. */
  const restreindre = async (chemin: string): Promise<boolean> => {
    const infos = await lstat(chemin).catch(() => null);
    // Gone since listed, or a link: nothing to restrict.
    if (!infos || infos.isSymbolicLink()) return false;
    if ((infos.mode & GROUPE_ET_AUTRES) !== 0) {
      try {
        await chmod(chemin, infos.mode & 0o7700);
        bilan.corriges += 1;
      } catch {
        bilan.echecs += 1;
      }
    }
    return infos.isDirectory();
  };
  const parcourir = async (courant: string): Promise<void> => {
    const entrees = await readdir(courant).catch(() => [] as string[]);
    // One folder's entries at a time: the file store holds a few hundred per folder.
    const dossiers = await Promise.all(
      entrees.map(async (nom) => ((await restreindre(join(courant, nom))) ? nom : null)),
    );
    for (const nom of dossiers) if (nom) await parcourir(join(courant, nom));
  };
  if (await restreindre(dossier)) await parcourir(dossier);
  return bilan;
}
