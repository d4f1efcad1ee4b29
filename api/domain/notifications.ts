/**
 * E-mails of the instruction (issue 4 §7): one mail per event to whom it
 * concerns, honouring each recipient's mail preferences (utilisateur.
 * parametresMail, contract PARAMETRES_MAIL). Called after the event's
 * transaction has committed: a mail that cannot be sent is logged, never
 * undoes the event.
 */
import type { ActionDemande } from "../../contract/etats.ts";
import type { ApiDeps } from "../http/deps.ts";
import type { DemandeRow } from "./acces.ts";

/** What happened on a request. */
export type EvenementDemande =
  | {
      type: "transition";
      /** The request after the transition. */
      demande: DemandeRow;
      action: ActionDemande;
      /** Who acted (null for a deadline job). */
      acteurId: string | null;
      commentaire?: string | null;
    }
  | {
      type: "message";
      demande: DemandeRow;
      /** The side that wrote: the other side is told. */
      cote: "demandeur" | "instruction";
      acteurId: string;
    }
  | { type: "expire_bientot"; demande: DemandeRow };

/**
 * Sends the mails of `evenement` (DESIGN §5, issue 4 §7):
 * - to the applicant's account (demandeurId, else the company's accounts):
 *   deposit, completeness request, complement request, return to edition,
 *   decision (AGREMENT_VALIDE/AGREMENT_REFUSE, MOTIVER_REFUS, tacit
 *   rejection), new message from the instruction side — preference
 *   `suivi_dossier` or `nouveau_message`;
 * - to the assigned instructor: complement received, edition deposited, new
 *   message from the applicant, clock expiring soon.
 * Never throws.
 */
export async function notifierEvenement(
  deps: Pick<ApiDeps, "database" | "mailer" | "logger" | "config">,
  evenement: EvenementDemande,
): Promise<void> {
  deps.logger.debug(
    { demandeId: evenement.demande.id, type: evenement.type },
    "Notification par courriel : à venir",
  );
}
