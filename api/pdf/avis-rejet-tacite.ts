/**
 * The notice of tacit rejection (DESIGN §3 REJETER_TACITEMENT_DOSSIER, §5:
 * the 3-month instruction clock expired without a decision; spec §8 "tacit-
 * rejection notices exist").
 */
import { DELAIS } from "../../contract/delais.ts";
import { afficherDate } from "../../contract/validation.ts";
import {
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

export const TITRE_AVIS_REJET_TACITE = "Avis de rejet tacite de la demande d'agrément";

/** What the notice states. */
export interface DonneesAvisRejetTacite {
  destinataire: DestinataireCourrier;
  dossier: ReferencesDossier;
  /** Last day of the instruction clock, suspensions included ("AAAA-MM-JJ"). */
  dateLimiteInstruction: string | null;
  /** Optional word of the superviseur. */
  commentaire: string | null;
  /** Instant the rejection is recorded: the notice's date and generation date. */
  date: Date;
}

/**
 * The notice as PDF bytes: Anah's header, the addressee, the request's
 * references, the legal basis, the statement that the three-month
 * instruction period ended on its last day without an express decision so
 * that the request is deemed rejected, the right to ask for the grounds
 * (code des relations entre le public et l'administration, art. L232-4),
 * the optional comment, the appeal routes and the signature.
 */
export async function genererAvisRejetTacite(donnees: DonneesAvisRejetTacite): Promise<Buffer> {
  const document = creerCourrier(
    TITRE_AVIS_REJET_TACITE,
    donnees.date,
    donnees.dossier.numeroDossier ?? undefined,
  );
  ecrireDestinataire(document, donnees.destinataire, donnees.date);
  ecrireReferences(document, donnees.dossier);
  ecrireParagraphe(document, "Madame, Monsieur,");
  ecrireBaseLegale(document);
  ecrireParagraphe(
    document,
    `Votre demande d'agrément « Mon Accompagnateur Rénov' », déposée le ${donnees.dossier.dateDepot ? dateParis(donnees.dossier.dateDepot) : "—"}, n'a pas fait l'objet d'une décision expresse dans le délai d'instruction de ${DELAIS.instruction.enLettres}, qui a expiré le ${afficherDate(donnees.dateLimiteInstruction)} (périodes de suspension déduites).`,
  );
  ecrireParagraphe(
    document,
    "Le silence gardé par l'administration au terme de ce délai vaut décision implicite de rejet : votre demande est réputée rejetée.",
    { gras: true },
  );
  ecrireParagraphe(
    document,
    "Vous pouvez demander la communication des motifs de cette décision implicite dans le délai du recours contentieux (article L232-4 du code des relations entre le public et l'administration).",
  );
  if (donnees.commentaire) {
    ecrireIntertitre(document, "Observations du service instructeur");
    ecrireParagraphe(document, donnees.commentaire);
  }
  ecrireVoiesDeRecours(document);
  ecrireSignature(document, donnees.dossier.serviceInstructeur);
  return terminerDocumentAnah(document, donnees.date);
}
