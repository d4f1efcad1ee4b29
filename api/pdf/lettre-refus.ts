/**
 * The refusal letter of an approval request (DESIGN §3: AGREMENT_REFUSE or
 * MOTIVER_REFUS; spec §8 "Refusal letters state a two-month appeal period
 * (informal or hierarchical appeal, or court)").
 */
import {
  FORMULE_DE_POLITESSE,
  creerCourrier,
  ecrireBaseLegale,
  ecrireDestinataire,
  ecrireIntertitre,
  ecrireParagraphe,
  ecrireReferences,
  ecrireSignature,
  ecrireVoiesDeRecours,
  type DestinataireCourrier,
  type ReferencesDossier,
} from "./courrier.ts";
import { dateParis, terminerDocumentAnah } from "./identite.ts";

export const TITRE_LETTRE_REFUS = "Décision de refus d'agrément « Mon Accompagnateur Rénov' »";

/** What the letter states. */
export interface DonneesLettreRefus {
  destinataire: DestinataireCourrier;
  dossier: ReferencesDossier;
  /** The grounds of the refusal, as the instruction staff wrote them. */
  motifs: string;
  /** Decision instant: the letter's date and generation date. */
  date: Date;
}

/**
 * The letter as PDF bytes: Anah's header, the addressee, the request's
 * references, the legal basis, the decision of refusal with its grounds
 * (each line of `motifs` a paragraph), the appeal routes (two months:
 * recours gracieux, recours hiérarchique, recours contentieux devant le
 * tribunal administratif, Télérecours citoyens) and the signature.
 */
export async function genererLettreRefus(donnees: DonneesLettreRefus): Promise<Buffer> {
  const document = creerCourrier(
    TITRE_LETTRE_REFUS,
    donnees.date,
    donnees.dossier.numeroDossier ?? undefined,
  );
  ecrireDestinataire(document, donnees.destinataire, donnees.date);
  ecrireReferences(document, donnees.dossier);
  ecrireParagraphe(document, "Madame, Monsieur,");
  ecrireParagraphe(
    document,
    `Par une demande déposée le ${donnees.dossier.dateDepot ? dateParis(donnees.dossier.dateDepot) : "—"}, vous avez sollicité l'agrément de votre structure pour exercer la mission d'accompagnement « Mon Accompagnateur Rénov' ».`,
  );
  ecrireBaseLegale(document);
  ecrireParagraphe(
    document,
    "Après instruction de votre dossier, j'ai le regret de vous informer que l'agrément vous est refusé, pour les motifs suivants :",
    { gras: true },
  );
  ecrireIntertitre(document, "Motifs de la décision");
  for (const paragraphe of donnees.motifs.split(/\n+/).filter((ligne) => ligne.trim()))
    ecrireParagraphe(document, paragraphe.trim());
  ecrireVoiesDeRecours(document);
  ecrireParagraphe(document, FORMULE_DE_POLITESSE);
  ecrireSignature(document, donnees.dossier.serviceInstructeur);
  return terminerDocumentAnah(document, donnees.date);
}
