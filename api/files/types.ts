/**
 * What the API needs from file storage: api/files/store.ts implements it on
 * local disk, api/files/store-s3.ts on S3-compatible object storage (ADR 0031).
 */
import type { Readable } from "node:stream";
import type { MimeTypeAccepte } from "../../contract/pieces-jointes.ts";

export interface FichierStocke {
  /** Storage key (content-addressed: the same bytes get the same key). */
  cle: string;
  sha256: string;
  /** Bytes. */
  taille: number;
}

/**
 * Bytes received from a stream ({@link FileStore.recevoir}), written aside
 * and not yet in the store: the caller checks them first, then keeps or
 * drops them. Until then nothing of them is visible under a key.
 */
export interface FichierRecu extends FichierStocke {
  /** The accepted type the bytes show (type-fichier.ts), null for any other. */
  mimeType: MimeTypeAccepte | null;
  /** Moves the bytes into the store (durably); idempotent. Throws after {@link abandonner}. */
  conserver(): Promise<FichierStocke>;
  /** Deletes the bytes set aside; idempotent, and a no-op once kept. */
  abandonner(): Promise<void>;
}

export interface FileStore {
  /** Stores `contenu`; idempotent for identical bytes. */
  enregistrer(contenu: Buffer): Promise<FichierStocke>;
  /**
   * Reads `flux` to its end into a temporary file, hashing, counting and
   * typing the bytes on the way (never whole in memory). Rejects, leaving
   * nothing behind, when `flux` fails.
   */
  recevoir(flux: Readable): Promise<FichierRecu>;
  /**
   * A stream of the bytes under `cle`, checked against their hash first.
   * Rejects with {@link FichierIndisponibleError} when the file is missing
   * or its bytes no longer match (a truncated or altered file is never sent).
   */
  lire(cle: string): Promise<Readable>;
  /**
   * Deletes the bytes under `cle` (the caller knows no row refers to them
   * any more); idempotent: a missing file is not an error.
   */
  supprimer(cle: string): Promise<void>;
}

/**
 * S3-compatible object storage of the files (ADR 0031), from S3_* settings
 * (README "Paramètres"). Absent (S3_BUCKET unset): the local-disk store.
 */
export interface ReglagesS3 {
  bucket: string;
  /** Region used to sign requests (`us-east-1` unless S3_REGION says otherwise). */
  region: string;
  /** Address of an S3-compatible service; undefined: AWS S3 itself. */
  endpoint?: string;
  /** Keys; undefined: the SDK's usual sources (AWS_* variables, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Bucket in the path (`endpoint/bucket/key`) rather than in the host name. */
  forcePathStyle: boolean;
}

/**
 * The object storage cannot be reached or answers with its own fault
 * (connection refused, time-out, 5xx, refused credentials): a temporary
 * fault of the service, not of the request. The API answers 503 with
 * Retry-After and a French message (api/http/errors.ts), never 500.
 */
export class StockageIndisponibleError extends Error {
  constructor(
    readonly operation: string,
    options?: { cause?: unknown },
  ) {
    super(`Stockage des fichiers injoignable (${operation})`, options);
    this.name = "StockageIndisponibleError";
  }
}

/** French message of the 503 answered while the file storage is unreachable. */
export const MESSAGE_STOCKAGE_INDISPONIBLE =
  "Le stockage des fichiers est momentanément indisponible. Veuillez réessayer dans quelques instants.";

/**
 * A stored file that cannot be sent: missing, or whose bytes no longer hash
 * to its key (truncated by a crash, altered on disk). A fault of the server,
 * not of the request: logged at error by the store, answered as an error.
 */
export class FichierIndisponibleError extends Error {
  constructor(
    readonly cle: string,
    readonly raison: "absent" | "altere",
  ) {
    super(
      raison === "absent"
        ? `Fichier stocké absent : ${cle}`
        : `Fichier stocké altéré (empreinte différente) : ${cle}`,
    );
    this.name = "FichierIndisponibleError";
  }
}
