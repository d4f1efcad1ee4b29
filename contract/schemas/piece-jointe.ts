/**
 * An attachment as every answer of the API describes it (spec §3 Attachment).
 * Its own module so that the answers of every concept (request, opinions,
 * complements, notes, approvals) can use it without importing each other.
 */

/** An attachment: its id for download, display name, type recognised from the bytes, size. */
export interface PieceJointe {
  id: string;
  nom: string;
  mimeType: string;
  /** Bytes. */
  size: number;
  codeTypePJ: string;
  dateCreation: string;
  /**
   * Present only while the file cannot be downloaded (ADR 0030):
   * `en_attente` or `erreur` (scan pending or retried: "Analyse antivirus en
   * cours"), `infecte` (blocked for good). Absent: `sain` or `non_analyse`.
   */
  etatAntivirus?: "en_attente" | "erreur" | "infecte";
}
