/**
 * The certificate of approval (attestation d'agrément) issued with the
 * decision AGREMENT_VALIDE (DESIGN §3): who is approved, under which
 * number, for which period and perimeter, and on which legal basis.
 */
import { NIVEAUX_PERIMETRE } from "../../contract/perimetre.ts";
import { afficherDate } from "../../contract/validation.ts";
import type { PerimetreNomme } from "../../contract/schemas/etablissement.ts";
import {
  afficherSiren,
  creerCourrier,
  ecrireBaseLegale,
  ecrireIntertitre,
  ecrireLigne,
  ecrireParagraphe,
  ecrireReferences,
  ecrireSignature,
  type DestinataireCourrier,
  type ReferencesDossier,
} from "./courrier.ts";
import { dateParis, terminerDocumentAnah } from "./identite.ts";

export const TITRE_ATTESTATION = "Attestation d'agrément « Mon Accompagnateur Rénov' »";

/** What the certificate states. */
export interface DonneesAttestation {
  numeroAgrement: string;
  structure: DestinataireCourrier & { qualite: string | null };
  dossier: ReferencesDossier;
  /** "AAAA-MM-JJ", first and last day of validity. */
  dateDebut: string;
  dateFin: string;
  perimetre: PerimetreNomme;
  /** Decision instant: the document's date and generation date. */
  date: Date;
  /**
   * A modified certificate issued on a perimeter extension (ADR 0021): the
   * extension's number; the certificate then says it replaces the former one.
   */
  modificative?: { numeroDossier: string | null };
}

/** Title of a modified certificate (perimeter extension, ADR 0021). */
export const TITRE_ATTESTATION_MODIFICATIVE =
  "Attestation modificative d'agrément « Mon Accompagnateur Rénov' »";

function liste(elements: { code: string; nom: string }[]): string {
  return elements.map((element) => `${element.nom} (${element.code})`).join(", ");
}

/**
 * The certificate as PDF bytes: Anah's header, the approval number, the
 * company (name, SIREN, quality, head office), the validity period
 * ("du JJ/MM/AAAA au JJ/MM/AAAA"), the granted perimeter by name (only the
 * non-empty levels), the legal basis (Code de l'énergie L232-3 and R232-4
 * to R232-9, arrêté du 21 décembre 2022), the request's references and the
 * signature of the service instructeur.
 */
export async function genererAttestationAgrement(donnees: DonneesAttestation): Promise<Buffer> {
  const document = creerCourrier(
    donnees.modificative ? TITRE_ATTESTATION_MODIFICATIVE : TITRE_ATTESTATION,
    donnees.date,
    donnees.numeroAgrement,
  );
  const { structure } = donnees;
  ecrireLigne(document, "Numéro d'agrément", donnees.numeroAgrement);
  ecrireLigne(document, "Date de la décision", dateParis(donnees.date));
  document.moveDown(0.6);
  ecrireBaseLegale(document);
  ecrireParagraphe(
    document,
    `L'Agence nationale de l'habitat atteste que la structure ${structure.raisonSociale}, SIREN ${afficherSiren(structure.siren)}, est agréée pour exercer la mission d'accompagnement « Mon Accompagnateur Rénov' » du service public de la performance énergétique de l'habitat, du ${afficherDate(donnees.dateDebut)} au ${afficherDate(donnees.dateFin)} inclus, dans le périmètre d'intervention ci-dessous.`,
  );

  if (donnees.modificative)
    ecrireParagraphe(
      document,
      `Attestation modificative : à la suite de la demande d'extension du périmètre d'intervention${donnees.modificative.numeroDossier ? ` n° ${donnees.modificative.numeroDossier}` : ""}, le périmètre ci-dessous remplace celui de l'attestation précédente, qui cesse d'être en vigueur. Le numéro et la période de validité de l'agrément sont inchangés.`,
    );

  ecrireIntertitre(document, "Structure agréée");
  ecrireLigne(document, "Raison sociale", structure.raisonSociale);
  ecrireLigne(document, "SIREN", afficherSiren(structure.siren));
  if (structure.qualite) ecrireLigne(document, "Qualité", structure.qualite);
  if (structure.adresse.length) ecrireLigne(document, "Siège", structure.adresse.join(", "));

  ecrireIntertitre(document, "Période de validité");
  ecrireParagraphe(
    document,
    `Du ${afficherDate(donnees.dateDebut)} au ${afficherDate(donnees.dateFin)} inclus.`,
  );

  ecrireIntertitre(document, "Périmètre d'intervention");
  const { perimetre } = donnees;
  for (const { cle, libelle } of NIVEAUX_PERIMETRE)
    if (perimetre[cle].length) ecrireLigne(document, libelle, liste(perimetre[cle]));

  ecrireIntertitre(document, "Références de la demande");
  ecrireReferences(document, donnees.dossier);
  ecrireParagraphe(
    document,
    "Cet agrément peut être suspendu ou retiré dans les conditions prévues par le code de l'énergie ; il prend fin à l'issue de sa période de validité.",
  );
  ecrireSignature(document, donnees.dossier.serviceInstructeur);
  return terminerDocumentAnah(document, donnees.date);
}
