/**
 * The withdrawal decision of an approval (DESIGN §3 TERMINER_PROCEDURE
 * agrement_retire; spec §4 "a withdrawn approval dereferences
 * establishments", §8 "withdrawal notices exist", decisions state a
 * two-month appeal period).
 */
import type { TypeProcedureAgrement } from "../../contract/etats.ts";
import { afficherDate } from "../../contract/validation.ts";
import {
  FORMULE_DE_POLITESSE,
  creerCourrier,
  ecrireBaseLegale,
  ecrireDestinataire,
  ecrireIntertitre,
  ecrireLigne,
  ecrireParagraphe,
  ecrireReferences,
  ecrireSignature,
  ecrireVoiesDeRecours,
  type DestinataireCourrier,
  type ReferencesDossier,
} from "./courrier.ts";
import { dateParis, terminerDocumentAnah } from "./identite.ts";

export const TITRE_LETTRE_RETRAIT = "Décision de retrait d'agrément « Mon Accompagnateur Rénov' »";

/** What the decision states. */
export interface DonneesLettreRetrait {
  destinataire: DestinataireCourrier;
  /** The approval request the approval was granted on. */
  dossier: ReferencesDossier;
  numeroAgrement: string;
  /** "AAAA-MM-JJ": first day of validity of the approval withdrawn. */
  dateDebut: string;
  /** The procedure: its type and the day the company was notified of it ("AAAA-MM-JJ"). */
  procedure: { type: TypeProcedureAgrement; dateNotification: string | null };
  /** The grounds of the withdrawal, as the superviseur wrote them. */
  motifs: string;
  /** Decision instant: the letter's date, the day the withdrawal takes effect. */
  date: Date;
}

/**
 * The decision as PDF bytes: Anah's header, the addressee, the approval
 * number and the request's references, the procedure that led to it (its
 * notification date, with or without suspension), the legal basis, the
 * withdrawal with its grounds (each line of `motifs` a paragraph) and its
 * effects (the company may no longer act as "Mon Accompagnateur Rénov'",
 * its establishments are dereferenced), the appeal routes (two months) and
 * the signature.
 */
export async function genererLettreRetrait(donnees: DonneesLettreRetrait): Promise<Buffer> {
  const document = creerCourrier(TITRE_LETTRE_RETRAIT, donnees.date, donnees.numeroAgrement);
  ecrireDestinataire(document, donnees.destinataire, donnees.date);
  ecrireLigne(document, "Agrément n°", donnees.numeroAgrement);
  ecrireReferences(document, donnees.dossier);
  ecrireParagraphe(document, "Madame, Monsieur,");
  const suspension =
    donnees.procedure.type === "retrait_avec_suspension"
      ? ", assortie de la suspension de votre agrément,"
      : "";
  const notification = donnees.procedure.dateNotification
    ? `Par une notification du ${afficherDate(donnees.procedure.dateNotification)}`
    : "Par une notification antérieure";
  ecrireParagraphe(
    document,
    `Votre structure est agréée depuis le ${afficherDate(donnees.dateDebut)} pour exercer la mission d'accompagnement « Mon Accompagnateur Rénov' » (agrément n° ${donnees.numeroAgrement}). ${notification}, vous avez été informé de l'ouverture d'une procédure de retrait de cet agrément${suspension} et invité à présenter vos observations.`,
  );
  ecrireBaseLegale(document);
  ecrireParagraphe(
    document,
    `Au terme de cette procédure, j'ai décidé de retirer l'agrément n° ${donnees.numeroAgrement} de votre structure, à compter du ${dateParis(donnees.date)}, pour les motifs suivants :`,
    { gras: true },
  );
  ecrireIntertitre(document, "Motifs de la décision");
  for (const paragraphe of donnees.motifs.split(/\n+/).filter((ligne) => ligne.trim()))
    ecrireParagraphe(document, paragraphe.trim());
  ecrireIntertitre(document, "Effets du retrait");
  ecrireParagraphe(
    document,
    "À compter de cette date, votre structure ne peut plus exercer la mission « Mon Accompagnateur Rénov' » au titre de cet agrément, et ses établissements ne sont plus référencés auprès des ménages.",
  );
  ecrireVoiesDeRecours(document);
  ecrireParagraphe(document, FORMULE_DE_POLITESSE);
  ecrireSignature(document, donnees.dossier.serviceInstructeur);
  return terminerDocumentAnah(document, donnees.date);
}
