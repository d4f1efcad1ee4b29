/**
 * Building blocks of the decision documents the portal issues in Anah's
 * name (certificate of approval, refusal letter, tacit-rejection notice):
 * the addressee, labelled lines, paragraphs, the legal basis, the appeal
 * routes and the signature. The page layout itself is api/pdf/identite.ts.
 */
import { NON_RENSEIGNE } from "../../contract/libelles.ts";
import { VOIES_DE_RECOURS } from "../../contract/messages/index.ts";
import { creerDocumentAnah, dateParis, texteWinAnsi } from "./identite.ts";

/** The company a decision is addressed to. */
export interface DestinataireCourrier {
  raisonSociale: string;
  siren: string | null;
  /** Address lines (street, complement, postal code and town). */
  adresse: string[];
}

/** The request a decision is about. */
export interface ReferencesDossier {
  numeroDossier: string | null;
  dateDepot: Date | null;
  /** Name of the service instructeur that examined it (DESIGN §4). */
  serviceInstructeur: string | null;
}

/** The regulation an approval decision rests on (DESIGN §1). */
export const BASE_LEGALE = [
  "Vu le code de l'énergie, notamment ses articles L232-3 et R232-4 à R232-9 ;",
  "Vu l'arrêté du 21 décembre 2022 modifié relatif à la mission d'accompagnement du service public de la performance énergétique de l'habitat ;",
] as const;

/** The closing formula of the letters. */
export const FORMULE_DE_POLITESSE =
  "Je vous prie d'agréer, Madame, Monsieur, l'expression de mes salutations distinguées.";

/** "832 915 474" from "832915474"; other values unchanged. */
export function afficherSiren(siren: string | null): string {
  if (!siren) return NON_RENSEIGNE;
  return /^\d{9}$/.test(siren) ? siren.replace(/^(\d{3})(\d{3})(\d{3})$/, "$1 $2 $3") : siren;
}

function largeurUtile(document: PDFKit.PDFDocument): number {
  return document.page.width - document.page.margins.left - document.page.margins.right;
}

/** A new document of Anah with `titre` (see identite.ts), ready for the blocks below. */
export function creerCourrier(titre: string, genereLe: Date, sujet?: string): PDFKit.PDFDocument {
  return creerDocumentAnah({ titre, genereLe, sujet });
}

/** The addressee block, aligned right, then "Le JJ/MM/AAAA". */
export function ecrireDestinataire(
  document: PDFKit.PDFDocument,
  destinataire: DestinataireCourrier,
  date: Date,
): void {
  const largeur = largeurUtile(document);
  const gauche = document.page.margins.left + largeur / 2;
  document.moveDown(0.5).font("Helvetica-Bold").fontSize(10);
  document.text(texteWinAnsi(destinataire.raisonSociale), gauche, document.y, {
    width: largeur / 2,
  });
  document.font("Helvetica");
  document.text(`SIREN ${afficherSiren(destinataire.siren)}`, gauche, undefined, {
    width: largeur / 2,
  });
  for (const ligne of destinataire.adresse)
    document.text(texteWinAnsi(ligne), gauche, undefined, { width: largeur / 2 });
  document.moveDown(1);
  document.text(`Le ${dateParis(date)}`, gauche, undefined, { width: largeur / 2 });
  document.moveDown(1.2);
  document.x = document.page.margins.left;
}

/** "Libellé : valeur" on one paragraph, the label in bold. */
export function ecrireLigne(document: PDFKit.PDFDocument, libelle: string, valeur: string): void {
  document
    .font("Helvetica-Bold")
    .fontSize(10)
    .text(`${texteWinAnsi(libelle)} : `, document.page.margins.left, undefined, {
      continued: true,
      width: largeurUtile(document),
    })
    .font("Helvetica")
    .text(texteWinAnsi(valeur));
}

/** A justified paragraph followed by a small gap. */
export function ecrireParagraphe(
  document: PDFKit.PDFDocument,
  texte: string,
  options: { gras?: boolean; retrait?: number } = {},
): void {
  document
    .font(options.gras ? "Helvetica-Bold" : "Helvetica")
    .fontSize(10)
    .fillColor("#161616")
    .text(texteWinAnsi(texte), document.page.margins.left, undefined, {
      width: largeurUtile(document),
      align: "justify",
      indent: options.retrait ?? 0,
    });
  document.moveDown(0.5);
}

/** A blue heading; never left alone at the bottom of a page. */
export function ecrireIntertitre(document: PDFKit.PDFDocument, titre: string): void {
  if (document.y + 60 > document.page.maxY()) document.addPage();
  document.moveDown(0.4).font("Helvetica-Bold").fontSize(12).fillColor("#000091");
  document.text(texteWinAnsi(titre), document.page.margins.left, undefined, {
    width: largeurUtile(document),
  });
  document.moveDown(0.3).font("Helvetica").fontSize(10).fillColor("#161616");
}

/** The "Vu …" lines of {@link BASE_LEGALE}. */
export function ecrireBaseLegale(document: PDFKit.PDFDocument): void {
  for (const vu of BASE_LEGALE) ecrireParagraphe(document, vu);
}

/** The appeal routes of a decision (catalogue, contract/messages/recours.ts), as a titled block. */
export function ecrireVoiesDeRecours(document: PDFKit.PDFDocument): void {
  ecrireIntertitre(document, VOIES_DE_RECOURS.titre);
  ecrireParagraphe(document, VOIES_DE_RECOURS.introduction);
  for (const voie of VOIES_DE_RECOURS.voies)
    ecrireParagraphe(document, `• ${voie}`, { retrait: 0 });
  ecrireParagraphe(document, VOIES_DE_RECOURS.conclusion);
}

/** "Pour l'Agence nationale de l'habitat," and the service that signs. */
export function ecrireSignature(
  document: PDFKit.PDFDocument,
  serviceInstructeur: string | null,
): void {
  if (document.y + 60 > document.page.maxY()) document.addPage();
  const largeur = largeurUtile(document);
  const gauche = document.page.margins.left + largeur / 2;
  document.moveDown(1).font("Helvetica").fontSize(10);
  document.text("Pour l'Agence nationale de l'habitat,", gauche, document.y, {
    width: largeur / 2,
  });
  document.text(texteWinAnsi(serviceInstructeur ?? "le service instructeur"), gauche, undefined, {
    width: largeur / 2,
  });
  document.x = document.page.margins.left;
}

/** The request's number and deposit date as two labelled lines. */
export function ecrireReferences(document: PDFKit.PDFDocument, dossier: ReferencesDossier): void {
  ecrireLigne(document, "Dossier n°", dossier.numeroDossier ?? "Non attribué");
  ecrireLigne(
    document,
    "Demande déposée le",
    dossier.dateDepot ? dateParis(dossier.dateDepot) : "Non déposée",
  );
  document.moveDown(0.6);
}
