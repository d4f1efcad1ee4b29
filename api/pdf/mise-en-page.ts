/**
 * Layout shared by the PDFs that describe a request (recap and synthesis,
 * spec §3 "Approval request content"): headings, "Libellé : valeur" lines
 * and perimeter names, in the standard fonts of api/pdf/identite.ts.
 */
import { NON_RENSEIGNE } from "../../contract/libelles.ts";
import type { DemandeDetail } from "../../contract/schemas/demande.ts";
import { creerDocumentAnah, texteWinAnsi } from "./identite.ts";

/** A heading never stays alone at the bottom of a page. */
function eviterTitreOrphelin(document: PDFKit.PDFDocument, hauteur: number): void {
  if (document.y + hauteur > document.page.maxY()) document.addPage();
}

/** A blue 13 pt section heading at the left margin; the body text follows in 10 pt. */
export function section(document: PDFKit.PDFDocument, titre: string): void {
  eviterTitreOrphelin(document, 70);
  document.moveDown(0.8).font("Helvetica-Bold").fontSize(13).fillColor("#000091");
  document.text(texteWinAnsi(titre), document.page.margins.left);
  document.moveDown(0.3).font("Helvetica").fontSize(10).fillColor("#161616");
}

/** A bold 11 pt sub-heading at the left margin; the body text follows in 10 pt. */
export function sousSection(document: PDFKit.PDFDocument, titre: string): void {
  eviterTitreOrphelin(document, 45);
  document.moveDown(0.4).font("Helvetica-Bold").fontSize(11);
  document.text(texteWinAnsi(titre), document.page.margins.left);
  document.moveDown(0.15).font("Helvetica").fontSize(10);
}

/** "Libellé : valeur" on one paragraph, the label in bold; an empty value prints "Non renseigné". */
export function ligne(
  document: PDFKit.PDFDocument,
  libelle: string,
  valeur: string | null | undefined,
): void {
  document
    .font("Helvetica-Bold")
    .text(`${texteWinAnsi(libelle)} : `, document.page.margins.left, undefined, {
      continued: true,
    })
    .font("Helvetica")
    .text(texteWinAnsi(valeur?.trim() ? valeur : NON_RENSEIGNE));
}

/** Names of a perimeter list, "Nom (code)", falling back to the bare codes; "Aucun" when empty. */
export function noms(codes: string[], libelles: { code: string; nom: string }[]): string {
  if (codes.length === 0) return "Aucun";
  const parCode = new Map(libelles.map((libelle) => [libelle.code, libelle.nom]));
  return codes
    .map((code) => (parCode.has(code) ? `${parCode.get(code)} (${code})` : code))
    .join(", ");
}

/** A new document of Anah on `detail` (its company as the subject), opened by the file number. */
export function creerDocumentDemande(
  titre: string,
  detail: DemandeDetail,
  genereLe: Date,
): PDFKit.PDFDocument {
  const document = creerDocumentAnah({ titre, genereLe, sujet: detail.raisonSociale ?? undefined });
  ligne(document, "Numéro de dossier", detail.numeroDossier ?? "Non attribué");
  return document;
}
