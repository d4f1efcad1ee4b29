/** What the API needs from file storage (api/files/store.ts implements it). */
import type { Readable } from "node:stream";

export interface FichierStocke {
  /** Storage key (content-addressed: the same bytes get the same key). */
  cle: string;
  sha256: string;
  /** Bytes. */
  taille: number;
}

export interface FileStore {
  /** Stores `contenu`; idempotent for identical bytes. */
  enregistrer(contenu: Buffer): Promise<FichierStocke>;
  /** A stream of the bytes under `cle`; rejects when missing. */
  lire(cle: string): Promise<Readable>;
}
