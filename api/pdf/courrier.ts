/**
 * The decision documents the portal issues in Anah's name (certificate of
 * approval, letters and notices), described as data: a title and a list of
 * blocks (paragraphs, headings, labelled lines) that {@link genererCourrier}
 * writes; {@link genererLettre} puts the addressee, the references and the
 * salutation before them. The page layout itself is api/pdf/identite.ts.
 */
import { NON_RENSEIGNE } from "../../contract/libelles.ts";
import { VOIES_DE_RECOURS } from "../../contract/messages/index.ts";
import { NIVEAUX_PERIMETRE } from "../../contract/perimetre.ts";
import type { PerimetreNomme } from "../../contract/schemas/etablissement.ts";
import { creerDocumentAnah, dateParis, terminerDocumentAnah, texteWinAnsi } from "./identite.ts";

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

/** What every letter states besides its text: to whom, on which request, when. */
export interface EnTeteLettre {
  destinataire: DestinataireCourrier;
  dossier: ReferencesDossier;
  /** Instant of the decision or event: the letter's date and generation date. */
  date: Date;
}

/** "Libellé : valeur", the label in bold. */
export type Ligne = [libelle: string, valeur: string];

/**
 * A block of a document: a string is a justified paragraph, `gras` a bold
 * one, `intertitre` a blue heading, a {@link Ligne} a labelled line, and
 * `lignes` labelled lines set apart from what follows by a gap; null, a
 * block the data leaves out.
 */
export type BlocCourrier =
  null | string | Ligne | { gras: string } | { intertitre: string } | { lignes: Ligne[] };

/** The regulation an approval decision rests on (DESIGN §1): "Vu …" paragraphs. */
export const BASE_LEGALE = [
  "Vu le code de l'énergie, notamment ses articles L232-3 et R232-4 à R232-9 ;",
  "Vu l'arrêté du 21 décembre 2022 modifié relatif à la mission d'accompagnement du service public de la performance énergétique de l'habitat ;",
] as const;

/** The appeal routes of a decision (catalogue, contract/messages/recours.ts), as a titled block. */
export const BLOCS_VOIES_DE_RECOURS: BlocCourrier[] = [
  { intertitre: VOIES_DE_RECOURS.titre },
  VOIES_DE_RECOURS.introduction,
  ...VOIES_DE_RECOURS.voies.map((voie) => `• ${voie}`),
  VOIES_DE_RECOURS.conclusion,
];

/** The closing formula of the letters. */
export const FORMULE_DE_POLITESSE =
  "Je vous prie d'agréer, Madame, Monsieur, l'expression de mes salutations distinguées.";

/** "832 915 474" from "832915474"; other values unchanged. */
export function afficherSiren(siren: string | null): string {
  if (!siren) return NON_RENSEIGNE;
  return /^\d{9}$/.test(siren) ? siren.replace(/^(\d{3})(\d{3})(\d{3})$/, "$1 $2 $3") : siren;
}

/** The deposit day of `dossier` ("JJ/MM/AAAA"), "—" while not filed. */
export function afficherDateDepot(dossier: ReferencesDossier): string {
  return dossier.dateDepot ? dateParis(dossier.dateDepot) : "—";
}

/** The non-empty lines of `texte` (grounds as staff typed them), trimmed: one paragraph each. */
export function paragraphes(texte: string): string[] {
  return texte
    .split(/\n+/)
    .map((ligne) => ligne.trim())
    .filter(Boolean);
}

/** The request's number and deposit date as two labelled lines. */
export function lignesReferences(dossier: ReferencesDossier): Ligne[] {
  return [
    ["Dossier n°", dossier.numeroDossier ?? "Non attribué"],
    ["Demande déposée le", dossier.dateDepot ? dateParis(dossier.dateDepot) : "Non déposée"],
  ];
}

/** The non-empty levels of `perimetre` as labelled lines, "Nom (code), …" each. */
export function lignesPerimetre(perimetre: PerimetreNomme): Ligne[] {
  return NIVEAUX_PERIMETRE.filter(({ cle }) => perimetre[cle].length).map(({ cle, libelle }) => [
    libelle,
    perimetre[cle].map((zone) => `${zone.nom} (${zone.code})`).join(", "),
  ]);
}

function largeurUtile(document: PDFKit.PDFDocument): number {
  return document.page.width - document.page.margins.left - document.page.margins.right;
}

/** A new document of Anah with `titre` (see identite.ts), for the `ecrire…` functions below. */
export function creerCourrier(titre: string, genereLe: Date, sujet?: string): PDFKit.PDFDocument {
  return creerDocumentAnah({ titre, genereLe, sujet });
}

/** The addressee block, aligned right, then "Le JJ/MM/AAAA". */
function ecrireDestinataire(
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
  options: { gras?: boolean } = {},
): void {
  document
    .font(options.gras ? "Helvetica-Bold" : "Helvetica")
    .fontSize(10)
    .fillColor("#161616")
    .text(texteWinAnsi(texte), document.page.margins.left, undefined, {
      width: largeurUtile(document),
      align: "justify",
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

/** "Pour l'Agence nationale de l'habitat," and the service that signs. */
function ecrireSignature(document: PDFKit.PDFDocument, serviceInstructeur: string | null): void {
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

function ecrireBloc(document: PDFKit.PDFDocument, bloc: BlocCourrier): void {
  if (bloc === null) return;
  if (typeof bloc === "string") ecrireParagraphe(document, bloc);
  else if (Array.isArray(bloc)) ecrireLigne(document, ...bloc);
  else if ("gras" in bloc) ecrireParagraphe(document, bloc.gras, { gras: true });
  else if ("intertitre" in bloc) ecrireIntertitre(document, bloc.intertitre);
  else {
    for (const ligne of bloc.lignes) ecrireLigne(document, ...ligne);
    document.moveDown(0.6);
  }
}

/** A decision document of {@link genererCourrier}. */
export interface Courrier {
  titre: string;
  /** The document's date and generation instant. */
  date: Date;
  /** Subject of the PDF metadata; the title when absent. */
  sujet?: string;
  /** Written at the top right with "Le JJ/MM/AAAA", when given. */
  destinataire?: DestinataireCourrier;
  blocs: BlocCourrier[];
  /** The service that signs "Pour l'Agence nationale de l'habitat,". */
  serviceInstructeur: string | null;
}

/**
 * `courrier` as PDF bytes: Anah's header and title, the addressee when
 * given, the blocks in order, the signature, and the footer of every page.
 */
export function genererCourrier(courrier: Courrier): Promise<Buffer> {
  const document = creerCourrier(courrier.titre, courrier.date, courrier.sujet);
  if (courrier.destinataire) ecrireDestinataire(document, courrier.destinataire, courrier.date);
  for (const bloc of courrier.blocs) ecrireBloc(document, bloc);
  ecrireSignature(document, courrier.serviceInstructeur);
  return terminerDocumentAnah(document, courrier.date);
}

/**
 * A letter titled `titre` as PDF bytes: the addressee and date, the
 * "Agrément n°" line when `lettre.numeroAgrement` is given (it is then the
 * PDF subject, else the request's number), the request's references, the
 * `lettre.lignes` set apart under them, "Madame, Monsieur,", `blocs`, and
 * the signature of the request's service instructeur.
 */
export function genererLettre(
  titre: string,
  lettre: EnTeteLettre & { numeroAgrement?: string; lignes?: Ligne[] },
  blocs: BlocCourrier[],
): Promise<Buffer> {
  const { dossier, numeroAgrement } = lettre;
  const agrement: Ligne[] = numeroAgrement === undefined ? [] : [["Agrément n°", numeroAgrement]];
  return genererCourrier({
    titre,
    date: lettre.date,
    sujet: numeroAgrement ?? dossier.numeroDossier ?? undefined,
    destinataire: lettre.destinataire,
    serviceInstructeur: dossier.serviceInstructeur,
    blocs: [
      { lignes: [...agrement, ...lignesReferences(dossier)] },
      ...(lettre.lignes ? [{ lignes: lettre.lignes }] : []),
      "Madame, Monsieur,",
      ...blocs,
    ],
  });
}
