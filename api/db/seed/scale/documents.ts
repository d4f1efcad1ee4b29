/**
 * The two PDF files every attachment record of the scale dataset points
 * to: one stands for the applicants' documents, letters and notices, the
 * other for the approval certificates. Stored once in the file store under
 * their sha256, so that downloading any attachment of the dataset works.
 * Their bytes never change (fixed generation date).
 */
import type { FileStore } from "../../../files/types.ts";
import { creerDocumentAnah, terminerDocumentAnah, texteWinAnsi } from "../../../pdf/identite.ts";
import type { Fichier } from "./contexte.ts";

/** Generation date printed in both files: fixed, so their hash is too. */
const GENERE_LE = new Date("2026-01-05T09:00:00Z");

async function pdf(titre: string, paragraphes: string[]): Promise<Buffer> {
  const document = creerDocumentAnah({
    titre,
    genereLe: GENERE_LE,
    sujet: "Jeu de données à l'échelle du portail des agréments",
  });
  for (const paragraphe of paragraphes) document.text(texteWinAnsi(paragraphe)).moveDown();
  return terminerDocumentAnah(document, GENERE_LE);
}

/** Generates and stores both files; returns their hash and size. */
export async function stockerDocuments(
  stockage: FileStore,
): Promise<{ document: Fichier; attestation: Fichier }> {
  const document = await pdf("Pièce jointe du jeu de données de démonstration", [
    "Ce document tient lieu de toutes les pièces jointes du jeu de données à l'échelle : pièces justificatives des demandes, compléments, récapitulatifs, avis, notes, lettres de refus, décisions de retrait et avis de rejet tacite.",
    "Il a été produit par la commande « npm run seed -- --scale N » pour mesurer le portail sur un volume national ; il ne correspond à aucune structure réelle.",
  ]);
  const attestation = await pdf("Attestation d'agrément – jeu de données de démonstration", [
    "Ce document tient lieu des attestations d'agrément « Mon Accompagnateur Rénov' » du jeu de données à l'échelle.",
    "Les structures, numéros d'agrément et périmètres de ce jeu de données sont fictifs.",
  ]);
  const stockeDocument = await stockage.enregistrer(document);
  const stockeAttestation = await stockage.enregistrer(attestation);
  return {
    document: stockeDocument,
    attestation: stockeAttestation,
  };
}
