/**
 * The certificate of approval (attestation d'agrément) issued with the
 * decision AGREMENT_VALIDE (DESIGN §3): who is approved, under which
 * number, for which period and perimeter, and on which legal basis.
 */
import { afficherDate } from "../../contract/validation.ts";
import type { PerimetreNomme } from "../../contract/schemas/etablissement.ts";
import * as courrier from "./courrier.ts";
import { dateParis } from "./identite.ts";

export const TITRE_ATTESTATION = "Attestation d'agrément « Mon Accompagnateur Rénov' »";

/** What the certificate states. */
export interface DonneesAttestation {
  numeroAgrement: string;
  structure: courrier.DestinataireCourrier & { qualite: string | null };
  dossier: courrier.ReferencesDossier;
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

/**
 * The certificate as PDF bytes: Anah's header, the approval number, the
 * company (name, SIREN, quality, head office), the validity period
 * ("du JJ/MM/AAAA au JJ/MM/AAAA"), the granted perimeter by name (only the
 * non-empty levels), the legal basis (Code de l'énergie L232-3 and R232-4
 * to R232-9, arrêté du 21 décembre 2022), the request's references and the
 * signature of the service instructeur.
 */
export async function genererAttestationAgrement(donnees: DonneesAttestation): Promise<Buffer> {
  const { structure, modificative } = donnees;
  const siren = courrier.afficherSiren(structure.siren);
  const periode = `${afficherDate(donnees.dateDebut)} au ${afficherDate(donnees.dateFin)} inclus`;
  return courrier.genererCourrier({
    titre: modificative ? TITRE_ATTESTATION_MODIFICATIVE : TITRE_ATTESTATION,
    date: donnees.date,
    sujet: donnees.numeroAgrement,
    serviceInstructeur: donnees.dossier.serviceInstructeur,
    blocs: [
      {
        lignes: [
          ["Numéro d'agrément", donnees.numeroAgrement],
          ["Date de la décision", dateParis(donnees.date)],
        ],
      },
      ...courrier.BASE_LEGALE,
      `L'Agence nationale de l'habitat atteste que la structure ${structure.raisonSociale}, SIREN ${siren}, est agréée pour exercer la mission d'accompagnement « Mon Accompagnateur Rénov' » du service public de la performance énergétique de l'habitat, du ${periode}, dans le périmètre d'intervention ci-dessous.`,
      modificative
        ? `Attestation modificative : à la suite de la demande d'extension du périmètre d'intervention${modificative.numeroDossier ? ` n° ${modificative.numeroDossier}` : ""}, le périmètre ci-dessous remplace celui de l'attestation précédente, qui cesse d'être en vigueur. Le numéro et la période de validité de l'agrément sont inchangés.`
        : null,
      { intertitre: "Structure agréée" },
      ["Raison sociale", structure.raisonSociale],
      ["SIREN", siren],
      structure.qualite ? ["Qualité", structure.qualite] : null,
      structure.adresse.length ? ["Siège", structure.adresse.join(", ")] : null,
      { intertitre: "Période de validité" },
      `Du ${periode}.`,
      { intertitre: "Périmètre d'intervention" },
      ...courrier.lignesPerimetre(donnees.perimetre),
      { intertitre: "Références de la demande" },
      { lignes: courrier.lignesReferences(donnees.dossier) },
      "Cet agrément peut être suspendu ou retiré dans les conditions prévues par le code de l'énergie ; il prend fin à l'issue de sa période de validité.",
    ],
  });
}
