/**
 * File store on S3-compatible object storage (ADR 0031),
 * through `@aws-sdk/client-s3`. Same keys as the local store (the sha256 of
 * the bytes, object key `ab/ab12…`), same guarantees:
 *
 * - received bytes are written to `${dataDir}/files/tmp` first, hashed,
 *   counted and typed on the way (store-commun.ts), then streamed to the
 *   bucket from that file under their key: nothing is visible under a key
 *   before its whole bytes (a PUT is atomic), and no file is ever whole in
 *   memory;
 * - a read streams the object into a temporary file while hashing it, and
 *   refuses it ({@link FichierIndisponibleError}) when it does not hash to
 *   its key; only then is it sent (checked again as it goes);
 * - the service unreachable or failing (refused connection, time-out, 5xx,
 *   refused credentials) rejects with {@link StockageIndisponibleError}: the
 *   API answers 503, never 500.
 */
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, rm } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import {
  DOSSIER_TEMPORAIRE,
  cheminRelatif,
  controlerEnEnvoyant,
  ecrireTemporaire,
  recevoirFichier,
  type JournalStockage,
} from "./store-commun.ts";
import {
  FichierIndisponibleError,
  StockageIndisponibleError,
  type FileStore,
  type ReglagesS3,
} from "./types.ts";

/** Time to open a connection to the service, in ms, before the attempt fails. */
const DELAI_CONNEXION_MS = 5_000;
/** Time without a byte from the service, in ms, before the attempt fails. */
const DELAI_INACTIVITE_MS = 30_000;

/**
 * An S3 client for `reglages`. The SDK's default CRC checksums (sent as
 * `aws-chunked` bodies since 3.729) are asked for only where S3 requires
 * them: several S3-compatible services do not read those bodies, and the
 * sha256 key checks every byte end to end anyway. Short connection time-out
 * and the SDK's 3 attempts: an unreachable service fails a request in
 * seconds, not minutes.
 */
export function creerClientS3(reglages: ReglagesS3): S3Client {
  return new S3Client({
    region: reglages.region,
    endpoint: reglages.endpoint,
    forcePathStyle: reglages.forcePathStyle,
    credentials:
      reglages.accessKeyId && reglages.secretAccessKey
        ? { accessKeyId: reglages.accessKeyId, secretAccessKey: reglages.secretAccessKey }
        : undefined,
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    requestHandler: {
      connectionTimeout: DELAI_CONNEXION_MS,
      requestTimeout: DELAI_INACTIVITE_MS,
    },
  });
}

/** True for the SDK's answer "no such object" (404 of GET or HEAD). */
function estAbsent(error: unknown): boolean {
  const erreur = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    erreur?.name === "NoSuchKey" ||
    erreur?.name === "NotFound" ||
    erreur?.$metadata?.httpStatusCode === 404
  );
}

/** Runs `appel` against the service; any failure of it becomes a {@link StockageIndisponibleError}. */
async function joindre<T>(operation: string, appel: () => Promise<T>): Promise<T> {
  try {
    return await appel();
  } catch (error) {
    if (error instanceof StockageIndisponibleError) throw error;
    throw new StockageIndisponibleError(operation, { cause: error });
  }
}

/** Size in bytes of the object `cle` of `bucket`, or null when there is none. */
export async function tailleObjet(
  client: S3Client,
  bucket: string,
  cle: string,
): Promise<number | null> {
  try {
    const tete = await client.send(
      new HeadObjectCommand({ Bucket: bucket, Key: cheminRelatif(cle) }),
    );
    return tete.ContentLength ?? 0;
  } catch (error) {
    if (estAbsent(error)) return null;
    throw new StockageIndisponibleError("HEAD", { cause: error });
  }
}

/**
 * The sha256 (hex) of the bytes of object `cle` of `bucket`, read as a
 * stream and never kept, or null when there is no such object. Rejects with
 * {@link StockageIndisponibleError} when the service fails.
 */
export async function empreinteObjet(
  client: S3Client,
  bucket: string,
  cle: string,
): Promise<string | null> {
  let corps: Readable;
  try {
    const objet = await client.send(
      new GetObjectCommand({ Bucket: bucket, Key: cheminRelatif(cle) }),
    );
    corps = objet.Body as Readable;
  } catch (error) {
    if (estAbsent(error)) return null;
    throw new StockageIndisponibleError("GET", { cause: error });
  }
  return joindre("GET", async () => {
    const empreinte = createHash("sha256");
    for await (const morceau of corps) empreinte.update(morceau as Buffer);
    return empreinte.digest("hex");
  });
}

/**
 * Streams the file at `chemin` (`taille` bytes) to object `cle` of
 * `bucket`: one PUT whose body is read from disk as it goes (the SDK signs
 * a file stream by reading it once more, never by holding it).
 */
export async function deposerObjet(
  client: S3Client,
  bucket: string,
  cle: string,
  chemin: string,
  taille: number,
): Promise<void> {
  await joindre("PUT", () =>
    client.send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: cheminRelatif(cle),
        Body: createReadStream(chemin),
        ContentLength: taille,
        ContentType: "application/octet-stream",
      }),
    ),
  );
}

/**
 * S3 store of the files of `s3.bucket`; `dataDir` holds its temporary files
 * (`files/tmp`, swept at start like the local store's). `client` replaces
 * the one built from `s3` (tests).
 */
export function createS3FileStore(options: {
  dataDir: string;
  s3: ReglagesS3;
  logger?: JournalStockage;
  client?: S3Client;
}): FileStore {
  const { bucket } = options.s3;
  const client = options.client ?? creerClientS3(options.s3);
  const temporaires = join(options.dataDir, "files", DOSSIER_TEMPORAIRE);
  const logger = options.logger;

  const refuser = (erreur: FichierIndisponibleError, details: Record<string, unknown> = {}) => {
    logger?.error(
      { cle: erreur.cle, raison: erreur.raison, bucket, ...details },
      "Fichier stocké refusé : absent ou altéré dans le stockage objet, il n'est pas envoyé",
    );
    return erreur;
  };

  /**
   * Sends the file at `chemin` under `cle` unless an object of the same
   * size is there already (content-addressed: same key, same bytes); an
   * object of another size (truncated) is replaced by these bytes.
   */
  async function placer(chemin: string, cle: string, taille: number): Promise<void> {
    const existante = await tailleObjet(client, bucket, cle);
    if (existante === taille) return;
    if (existante !== null)
      logger?.warn(
        { cle, taille: existante, attendue: taille, bucket },
        "Fichier stocké tronqué remplacé par les mêmes octets reçus à nouveau",
      );
    await deposerObjet(client, bucket, cle, chemin, taille);
  }

  return {
    async enregistrer(contenu) {
      const sha256 = createHash("sha256").update(contenu).digest("hex");
      const existante = await tailleObjet(client, bucket, sha256);
      if (existante !== contenu.length) {
        // Through a temporary file, as an upload: one way of sending, streamed.
        const ecrit = await ecrireTemporaire(temporaires, contenu);
        try {
          await placer(ecrit.temporaire, sha256, contenu.length);
        } finally {
          await rm(ecrit.temporaire, { force: true });
        }
      }
      return { cle: sha256, sha256, taille: contenu.length };
    },

    recevoir(flux) {
      // Sent or not, the temporary file goes: a failed upload is refused
      // (503) and the applicant sends the file again.
      return recevoirFichier(temporaires, flux, (temporaire, sha256, taille) =>
        placer(temporaire, sha256, taille).finally(() => rm(temporaire, { force: true })),
      );
    },

    async lire(cle) {
      const objet = cheminRelatif(cle);
      let corps: Readable;
      try {
        const reponse = await client.send(new GetObjectCommand({ Bucket: bucket, Key: objet }));
        corps = reponse.Body as Readable;
      } catch (error) {
        if (estAbsent(error)) throw refuser(new FichierIndisponibleError(cle, "absent"));
        throw new StockageIndisponibleError("GET", { cause: error });
      }
      // The whole object is checked before its first byte is sent: it goes
      // to a temporary file (never to memory) while it is hashed.
      const { temporaire, sha256 } = await joindre("GET", () =>
        ecrireTemporaire(temporaires, corps),
      );
      let handle;
      try {
        if (sha256 !== cle)
          throw refuser(new FichierIndisponibleError(cle, "altere"), { empreinte: sha256 });
        handle = await open(temporaire, "r");
      } finally {
        // Open (or refused), the file needs no name any more: nothing is
        // left behind, whatever happens to the download.
        await rm(temporaire, { force: true });
      }
      const verifie = controlerEnEnvoyant(cle, refuser);
      // pipeline closes the file when the reader goes away or either side fails.
      pipeline(handle.createReadStream(), verifie).catch(() => undefined);
      return verifie;
    },

    async supprimer(cle) {
      await joindre("DELETE", () =>
        client.send(new DeleteObjectCommand({ Bucket: bucket, Key: cheminRelatif(cle) })),
      );
    },
  };
}
