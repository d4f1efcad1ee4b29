/**
 * Files for upload and PDF tests: real PDF bytes (pdfkit), a PNG, a JPEG, a
 * ZIP, a text file disguised as ".pdf", and `pdfEnTexte` to read a PDF back
 * through poppler's `pdftotext`.
 */
import { execFile } from "node:child_process";
import PDFDocument from "pdfkit";
import { construireZip } from "./zip.ts";

/** A one-page PDF showing `texte`, as real PDF bytes. */
export function petitPdf(texte: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({ size: "A4" });
    const morceaux: Buffer[] = [];
    document.on("data", (morceau: Buffer) => morceaux.push(morceau));
    document.on("end", () => resolve(Buffer.concat(morceaux)));
    document.on("error", reject);
    document.text(texte);
    document.end();
  });
}

/** A 1×1 transparent PNG. */
export const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** The first bytes of a JFIF JPEG (enough for type sniffing). */
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from("JFIF\0", "latin1"),
  Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9]),
]);

/** Text bytes under a PDF name: what a renamed file looks like. */
export function fauxPdf(texte = "Ceci n'est pas un PDF, seulement du texte."): Buffer {
  return Buffer.from(texte, "utf8");
}

/** A ZIP archive holding one stored (uncompressed) file `nom` with `contenu`. */
export function petitZip(nom: string, contenu: Buffer): Buffer {
  return construireZip([{ nom, contenu, methode: "stocke" }]);
}

/** The text of `pdf` as `pdftotext - -` extracts it (UTF-8, layout order). */
export function pdfEnTexte(pdf: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const processus = execFile(
      "pdftotext",
      ["-enc", "UTF-8", "-", "-"],
      { encoding: "utf8", maxBuffer: 10 * 1024 * 1024 },
      (error, stdout) => (error ? reject(error) : resolve(stdout)),
    );
    processus.stdin!.end(pdf);
  });
}
