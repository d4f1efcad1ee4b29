/**
 * The notice of tacit rejection (DESIGN §3 REJETER_TACITEMENT_DOSSIER, §5:
 * the 3-month instruction clock expired without a decision; spec §8 "tacit-
 * rejection notices exist").
 */
import { DELAIS } from "../../contract/delais.ts";
import { afficherDate } from "../../contract/validation.ts";
import * as courrier from "./courrier.ts";

export const TITRE_AVIS_REJET_TACITE = "Avis de rejet tacite de la demande d'agrément";

/** What the notice states; its date is the instant the rejection is recorded. */
export interface DonneesAvisRejetTacite extends courrier.EnTeteLettre {
  /** Last day of the instruction clock, suspensions included ("AAAA-MM-JJ"). */
  dateLimiteInstruction: string | null;
  /** Optional word of the superviseur. */
  commentaire: string | null;
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
  return courrier.genererLettre(TITRE_AVIS_REJET_TACITE, donnees, [
    ...courrier.BASE_LEGALE,
    `Votre demande d'agrément « Mon Accompagnateur Rénov' », déposée le ${courrier.afficherDateDepot(donnees.dossier)}, n'a pas fait l'objet d'une décision expresse dans le délai d'instruction de ${DELAIS.instruction.enLettres}, qui a expiré le ${afficherDate(donnees.dateLimiteInstruction)} (périodes de suspension déduites).`,
    {
      gras: "Le silence gardé par l'administration au terme de ce délai vaut décision implicite de rejet : votre demande est réputée rejetée.",
    },
    "Vous pouvez demander la communication des motifs de cette décision implicite dans le délai du recours contentieux (article L232-4 du code des relations entre le public et l'administration).",
    ...(donnees.commentaire
      ? [{ intertitre: "Observations du service instructeur" }, donnees.commentaire]
      : []),
    ...courrier.BLOCS_VOIES_DE_RECOURS,
  ]);
}
