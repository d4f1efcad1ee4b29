/**
 * `npm run stockage:vers-s3`: copies the local file store (DATA_DIR/files,
 * api/files/store.ts) into the S3 bucket of the S3_* settings (ADR 0031),
 * and checks every object. For each stored file `files/ab/<sha256>`:
 *
 * - its local bytes are hashed first: a file that no longer hashes to its
 *   name (altered or truncated on disk) is not copied, and counted;
 * - the object of the same key is hashed as it is read (streamed, never
 *   kept): present with the right hash, it is left as is (the command can
 *   run again, after a failure or to check a copy);
 * - otherwise (absent, or other bytes) the file is streamed to it, then the
 *   object is read back and hashed: a mismatch is counted.
 *
 * Prints one line per anomaly and the counts, in French; exits 1 when any
 * file could not be copied or checked, 2 when S3_BUCKET is unset.
 */
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { CLE_FICHIER, hacher } from "../api/files/store-commun.ts";
import { creerClientS3, deposerObjet, empreinteObjet } from "../api/files/store-s3.ts";
import type { ReglagesS3 } from "../api/files/types.ts";
import { loadConfig } from "../server/config.ts";

/** What a copy did, file by file (counts). */
export interface BilanCopie {
  /** Stored files found under DATA_DIR/files. */
  examines: number;
  /** Sent to the bucket (absent there, or other bytes there) and checked. */
  copies: number;
  /** Already in the bucket with the right hash: left as is. */
  dejaPresents: number;
  /** Local bytes that no longer hash to their key: not copied. */
  alteresLocalement: number;
  /** Objects whose bytes, read back after the copy, do not hash to their key. */
  echecsVerification: number;
  /** Files the storage refused or could not be reached for (after the SDK's retries). */
  echecsEnvoi: number;
}

/** Files copied at once: enough to hide the latency of each request, few for a small service. */
const EN_PARALLELE = 4;

/** Every stored file of DATA_DIR/files (`ab/<sha256>`): its key and path. */
async function fichiersLocaux(dataDir: string): Promise<{ cle: string; chemin: string }[]> {
  const racine = join(dataDir, "files");
  const dossiers = await readdir(racine, { withFileTypes: true }).catch((error) => {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  });
  const fichiers: { cle: string; chemin: string }[] = [];
  for (const dossier of dossiers) {
    // `tmp` and anything else than the fan-out folders hold no stored file.
    if (!dossier.isDirectory() || !/^[0-9a-f]{2}$/.test(dossier.name)) continue;
    for (const nom of await readdir(join(racine, dossier.name)))
      if (CLE_FICHIER.test(nom) && nom.startsWith(dossier.name))
        fichiers.push({ cle: nom, chemin: join(racine, dossier.name, nom) });
  }
  return fichiers.sort((a, b) => a.cle.localeCompare(b.cle));
}

/**
 * Copies the stored files of `dataDir` into the bucket of `s3` and checks
 * each object (see the file's comment); `ecrire` receives one French line
 * per anomaly. Never rejects for one file: its failure is counted.
 */
export async function copierVersS3(options: {
  dataDir: string;
  s3: ReglagesS3;
  ecrire?: (ligne: string) => void;
}): Promise<BilanCopie> {
  const { bucket } = options.s3;
  const ecrire = options.ecrire ?? (() => undefined);
  const client = creerClientS3(options.s3);
  const bilan: BilanCopie = {
    examines: 0,
    copies: 0,
    dejaPresents: 0,
    alteresLocalement: 0,
    echecsVerification: 0,
    echecsEnvoi: 0,
  };

  async function traiter({ cle, chemin }: { cle: string; chemin: string }): Promise<void> {
    bilan.examines += 1;
    if ((await hacher(chemin)) !== cle) {
      bilan.alteresLocalement += 1;
      ecrire(`Altéré sur le disque, non copié : ${chemin}`);
      return;
    }
    try {
      const distante = await empreinteObjet(client, bucket, cle);
      if (distante === cle) {
        bilan.dejaPresents += 1;
        return;
      }
      if (distante !== null) ecrire(`Objet différent dans le stockage, remplacé : ${cle}`);
      const { size } = await stat(chemin);
      await deposerObjet(client, bucket, cle, chemin, size);
      const relue = await empreinteObjet(client, bucket, cle);
      if (relue !== cle) {
        bilan.echecsVerification += 1;
        ecrire(
          `Vérification en échec après copie : ${cle} (empreinte relue : ${relue ?? "objet absent"})`,
        );
        return;
      }
      bilan.copies += 1;
    } catch (error) {
      bilan.echecsEnvoi += 1;
      const cause = (error as { cause?: { message?: string } }).cause?.message;
      ecrire(`Échec de l'envoi : ${cle} (${cause ?? (error as Error).message})`);
    }
  }

  try {
    const fichiers = await fichiersLocaux(options.dataDir);
    let suivant = 0;
    await Promise.all(
      Array.from({ length: EN_PARALLELE }, async () => {
        while (suivant < fichiers.length) await traiter(fichiers[suivant++]);
      }),
    );
  } finally {
    client.destroy();
  }
  return bilan;
}

/** The counts of `bilan` as the command prints them. */
export function rapportCopie(bilan: BilanCopie, bucket: string): string {
  return [
    `Copie du stockage local vers le stockage objet (compartiment « ${bucket} ») :`,
    `  fichiers examinés                     ${bilan.examines}`,
    `  copiés et vérifiés                    ${bilan.copies}`,
    `  déjà présents avec la bonne empreinte ${bilan.dejaPresents}`,
    `  altérés sur le disque (non copiés)    ${bilan.alteresLocalement}`,
    `  vérifications en échec après copie    ${bilan.echecsVerification}`,
    `  envois en échec                       ${bilan.echecsEnvoi}`,
    "",
  ].join("\n");
}

/** True when the copy left something uncopied or unchecked: the command then exits 1. */
export const copieIncomplete = (bilan: BilanCopie) =>
  bilan.alteresLocalement + bilan.echecsVerification + bilan.echecsEnvoi > 0;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const config = loadConfig();
  if (!config.s3) {
    process.stderr.write(
      "S3_BUCKET n'est pas défini : aucun stockage objet où copier (voir README, « Paramètres »).\n",
    );
    process.exit(2);
  }
  const bilan = await copierVersS3({
    dataDir: config.dataDir,
    s3: config.s3,
    ecrire: (ligne) => process.stdout.write(`${ligne}\n`),
  });
  process.stdout.write(rapportCopie(bilan, config.s3.bucket));
  if (copieIncomplete(bilan)) {
    process.stderr.write("Copie incomplète : voir les lignes ci-dessus.\n");
    process.exitCode = 1;
  }
}
