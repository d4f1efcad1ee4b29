/**
 * Anah's identity on the PDF documents the portal produces (recap of a
 * request, certificates, letters): the "RÉPUBLIQUE FRANÇAISE" block, the
 * agency's name, the document title, and a footer with page numbers and
 * the generation date. Standard Helvetica fonts: their WinAnsi encoding
 * covers French, nothing needs embedding.
 */
import { tz } from "@date-fns/tz";
import { format } from "date-fns";
import { createRequire } from "node:module";
import type PDFKitDocument from "pdfkit";
import { afficherDate, aujourdhuiParis } from "../../contract/validation.ts";

// pdfkit is loaded on the first PDF, not at start (ADR 0034: a few MiB of
// heap in every process for a rare answer); require keeps creerDocumentAnah synchronous.
const charger = createRequire(import.meta.url);
let PDFDocument: typeof PDFKitDocument | undefined;

export const FUSEAU_PARIS = "Europe/Paris";
export const NOM_ANAH = "Agence nationale de l'habitat (Anah)";

/** A4 page margins, in points. */
const MARGE = 56;
const COULEUR_TEXTE = "#161616";
const COULEUR_SECONDAIRE = "#666666";
const BLEU_FRANCE = "#000091";

/** "dd/MM/yyyy HH:mm" in Europe/Paris (spec §9: 24-hour time). */
export function dateHeureParis(date: Date): string {
  return format(date, "dd/MM/yyyy HH:mm", { in: tz(FUSEAU_PARIS) });
}

/** "dd/MM/yyyy" in Europe/Paris. */
export function dateParis(date: Date | string): string {
  // The shared Intl formatter: date-fns' time-zone dates cost ≈ 10 µs a call.
  return afficherDate(aujourdhuiParis(new Date(date)));
}

/** Unicode code points WinAnsi holds above 0xFF (pdfkit maps them to bytes 0x80–0x9F). */
const WIN_ANSI_EXTRA = new Set(
  "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ".split("").map((caractere) => caractere.codePointAt(0)!),
);

/**
 * `texte` reduced to what the standard fonts can print: narrow and other
 * spaces become plain spaces, control characters go, letters outside
 * WinAnsi lose their diacritics when that helps ("ő" → "o"), anything else
 * becomes "?". pdfkit would otherwise write broken bytes for them.
 */
export function texteWinAnsi(texte: string): string {
  let resultat = "";
  for (const caractere of texte.normalize("NFC")) {
    const code = caractere.codePointAt(0)!;
    if (caractere === "\n" || caractere === "\t") resultat += caractere;
    else if (/\s/u.test(caractere)) resultat += " ";
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    else if (code <= 0xff || WIN_ANSI_EXTRA.has(code)) resultat += caractere;
    else {
      const base = caractere.normalize("NFD").replace(/\p{M}/gu, "");
      resultat += [...base].every((c) => c.codePointAt(0)! <= 0xff) && base ? base : "?";
    }
  }
  return resultat;
}

/** What every Anah document states about itself. */
export interface OptionsDocumentAnah {
  /** Title shown under the header and in the PDF metadata. */
  titre: string;
  /** Generation instant: footer and metadata (so the same input gives the same bytes). */
  genereLe: Date;
  /** Subject for the metadata; the title when not given. */
  sujet?: string;
}

/**
 * A new A4 document (pages buffered for the footer) with Anah's header and
 * `options.titre` already written on the first page; the cursor sits below
 * them. Finish it with {@link terminerDocumentAnah}.
 */
export function creerDocumentAnah(options: OptionsDocumentAnah): PDFKit.PDFDocument {
  PDFDocument ??= charger("pdfkit") as typeof PDFKitDocument;
  const document = new PDFDocument({
    size: "A4",
    margins: { top: MARGE, bottom: MARGE + 20, left: MARGE, right: MARGE },
    bufferPages: true,
    lang: "fr-FR",
    displayTitle: true,
    info: {
      Title: texteWinAnsi(options.titre),
      Author: NOM_ANAH,
      // pdfkit's file identifier hashes every info value: an undefined one throws.
      Subject: texteWinAnsi(options.sujet ?? options.titre),
      Creator: "Portail des agréments Mon Accompagnateur Rénov'",
      CreationDate: options.genereLe,
      ModDate: options.genereLe,
    },
  });
  ecrireEnTete(document, options.titre);
  return document;
}

function ecrireEnTete(document: PDFKit.PDFDocument, titre: string): void {
  const haut = document.y;
  const gauche = document.page.margins.left;
  const largeur = document.page.width - gauche - document.page.margins.right;
  document
    .fillColor(COULEUR_TEXTE)
    .font("Helvetica-Bold")
    .fontSize(11)
    .text("RÉPUBLIQUE", gauche, haut, { lineGap: -1 })
    .text("FRANÇAISE", { lineGap: 2 })
    .font("Helvetica-Oblique")
    .fontSize(8)
    .text("Liberté")
    .text("Égalité")
    .text("Fraternité");
  const basBloc = document.y;
  document
    .font("Helvetica-Bold")
    .fontSize(10)
    .fillColor(BLEU_FRANCE)
    .text(NOM_ANAH, gauche + largeur / 2, haut + 6, { width: largeur / 2, align: "right" });
  document.y = Math.max(basBloc, document.y) + 18;
  document
    .moveTo(gauche, document.y)
    .lineTo(gauche + largeur, document.y)
    .lineWidth(0.5)
    .strokeColor(BLEU_FRANCE)
    .stroke();
  document.y += 14;
  document
    .fillColor(COULEUR_TEXTE)
    .font("Helvetica-Bold")
    .fontSize(16)
    .text(texteWinAnsi(titre), gauche, document.y, { width: largeur });
  document.moveDown(0.8).font("Helvetica").fontSize(10);
}

/**
 * Writes the footer of every page ("Page n sur N", generation date in
 * Europe/Paris) and returns the finished document's bytes.
 */
export function terminerDocumentAnah(
  document: PDFKit.PDFDocument,
  genereLe: Date,
): Promise<Buffer> {
  const morceaux: Buffer[] = [];
  const termine = new Promise<Buffer>((resolve, reject) => {
    document.on("data", (morceau: Buffer) => morceaux.push(morceau));
    document.on("end", () => resolve(Buffer.concat(morceaux)));
    document.on("error", reject);
  });
  const { start, count } = document.bufferedPageRange();
  const mention = `Document généré le ${dateHeureParis(genereLe)}`;
  for (let index = start; index < start + count; index++) {
    document.switchToPage(index);
    const page = document.page;
    const gauche = page.margins.left;
    const largeur = page.width - gauche - page.margins.right;
    const y = page.height - page.margins.bottom + 20;
    // Writing inside the bottom margin would otherwise open a new page.
    const margeBas = page.margins.bottom;
    page.margins.bottom = 0;
    document
      .font("Helvetica")
      .fontSize(8)
      .fillColor(COULEUR_SECONDAIRE)
      .text(`${NOM_ANAH} – ${mention}`, gauche, y, { width: largeur * 0.75, lineBreak: false })
      .text(`Page ${index - start + 1} sur ${count}`, gauche, y, {
        width: largeur,
        align: "right",
        lineBreak: false,
      });
    page.margins.bottom = margeBas;
  }
  document.end();
  return termine;
}
