/**
 * The notice of cancellation of an approval request (DESIGN §3
 * ANNULER_DEMANDE; spec §4 "Cancellation is definitive", §9 "cancellation
 * notices exist"). Only a filed request gets one: a draft cancelled before
 * its deposit was never known to Anah, so nothing needs notifying (see
 * api/domain/demandes/avis-annulation-suspension.ts).
 */
import {
  FORMULE_DE_POLITESSE,
  creerCourrier,
  ecrireDestinataire,
  ecrireIntertitre,
  ecrireLigne,
  ecrireParagraphe,
  ecrireReferences,
  ecrireSignature,
  type DestinataireCourrier,
  type ReferencesDossier,
} from "./courrier.ts";
import { dateParis, terminerDocumentAnah } from "./identite.ts";

export const TITRE_AVIS_ANNULATION = "Avis d'annulation de la demande d'agrément";

/** What the notice states. */
export interface DonneesAvisAnnulation {
  destinataire: DestinataireCourrier;
  dossier: ReferencesDossier;
  /** The applicant who cancelled the request (first name and name). */
  annuleePar: string;
  /** The reason the applicant gave (`motifAnnulation`); each line a paragraph. */
  motif: string;
  /** Instant of the cancellation: the notice's date, shown as a Europe/Paris day. */
  date: Date;
}

/**
 * The notice as PDF bytes: Anah's header, the addressee, the request's
 * references, the statement that the request was cancelled on the
 * Europe/Paris day of `date` at the applicant's initiative and by whom,
 * the reason given, the effects (definitive, a new request may be filed)
 * and the signature. No appeal routes: the cancellation is the
 * applicant's own act, not a decision of Anah.
 */
export async function genererAvisAnnulation(donnees: DonneesAvisAnnulation): Promise<Buffer> {
  const document = creerCourrier(
    TITRE_AVIS_ANNULATION,
    donnees.date,
    donnees.dossier.numeroDossier ?? undefined,
  );
  ecrireDestinataire(document, donnees.destinataire, donnees.date);
  ecrireReferences(document, donnees.dossier);
  ecrireLigne(document, "Annulée le", dateParis(donnees.date));
  ecrireLigne(document, "Annulée par", `${donnees.annuleePar}, demandeur`);
  document.moveDown(0.6);
  ecrireParagraphe(document, "Madame, Monsieur,");
  ecrireParagraphe(
    document,
    `Votre demande d'agrément « Mon Accompagnateur Rénov' » n° ${donnees.dossier.numeroDossier ?? "non attribué"}, déposée pour la structure ${donnees.destinataire.raisonSociale}, a été annulée le ${dateParis(donnees.date)} à votre initiative.`,
    { gras: true },
  );
  ecrireIntertitre(document, "Motif de l'annulation");
  for (const paragraphe of donnees.motif.split(/\n+/).filter((ligne) => ligne.trim()))
    ecrireParagraphe(document, paragraphe.trim());
  ecrireIntertitre(document, "Effets de l'annulation");
  ecrireParagraphe(
    document,
    "L'annulation est définitive : votre demande ne sera pas instruite et ne peut pas être reprise. Vous pouvez déposer une nouvelle demande d'agrément depuis votre espace.",
  );
  ecrireParagraphe(document, FORMULE_DE_POLITESSE);
  ecrireSignature(document, donnees.dossier.serviceInstructeur);
  return terminerDocumentAnah(document, donnees.date);
}
