/** What the API needs from file storage (api/files/store.ts implements it). */
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
}

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
