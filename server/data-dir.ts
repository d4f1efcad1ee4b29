/**
 * DATA_DIR readable by the portal's account only: it holds
 * the embedded database (password hashes, the identity provider's signing
 * keys, sessions), secrets.json, the file store and the mail outbox. With
 * the usual umask (022) all of it would be world-readable.
 */
import { restreindreDroits } from "../api/files/droits.ts";
import { balayerTemporaires } from "../api/files/store.ts";
import type { Logger } from "./logger.ts";

/** What the process creates from now on: rw for its owner, nothing for group and others. */
export const UMASK_PORTAIL = 0o077;

/**
 * Sets the process umask to {@link UMASK_PORTAIL}, so that every file the
 * portal creates afterwards is mode 600 and every folder 700 (what Postgres
 * writes at run time in PGlite included; PGlite's initial files, which
 * ignore it, are restricted by api/db/client.ts). Returns false where the
 * umask cannot be set (a worker thread): files then rely on
 * {@link restreindreDroits} and the explicit modes of the store and outbox.
 */
export function restreindreUmask(): boolean {
  try {
    process.umask(UMASK_PORTAIL);
    return true;
  } catch {
    return false;
  }
}

/**
 * Start-up work on DATA_DIR, before anything opens a file in it
 * (server/app.ts createPortal): umask 077 for the process, group and others
 * bits removed from DATA_DIR and all it holds (logged with how many were
 * fixed: a DATA_DIR written by an older version or another tool), and the
 * file store's temporary files a crash may have left swept.
 */
export async function preparerDataDir(dataDir: string, logger: Logger): Promise<void> {
  const umask = restreindreUmask();
  const { corriges, echecs } = await restreindreDroits(dataDir);
  const details = { dataDir, corriges, echecs, umask: umask ? "077" : "inchangé" };
  if (corriges > 0 || echecs > 0)
    logger.warn(
      details,
      `DATA_DIR : ${corriges} fichier(s) ou dossier(s) lisibles par d'autres comptes ramenés au seul compte du portail` +
        (echecs > 0 ? `, ${echecs} impossible(s) à corriger (autre propriétaire)` : ""),
    );
  else logger.info(details, "DATA_DIR : droits réservés au compte du portail (700/600)");
  const temporaires = await balayerTemporaires(dataDir);
  if (temporaires > 0)
    logger.info(
      { dataDir, temporaires },
      `Stockage des fichiers : ${temporaires} fichier(s) temporaire(s) laissés par un arrêt brutal supprimés`,
    );
}
