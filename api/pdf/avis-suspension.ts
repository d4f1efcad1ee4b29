/**
 * The notice of suspension of an approval (DESIGN §3 CREER_PROCEDURE
 * retrait_avec_suspension, §5 suspension at most 3 months; spec §4 "a
 * withdrawal with suspension suspends the approval", §9 "suspension
 * notices exist"; decisions state a two-month appeal period).
 */
import { DELAIS } from "../../contract/delais.ts";
import { afficherDate } from "../../contract/validation.ts";
import * as courrier from "./courrier.ts";

export const TITRE_AVIS_SUSPENSION = "Avis de suspension de l'agrément";

/**
 * What the notice states: `dossier` is the approval request the approval
 * was granted on, `date` the instant the suspension is recorded.
 */
export interface DonneesAvisSuspension extends courrier.EnTeteLettre {
  numeroAgrement: string;
  /** "AAAA-MM-JJ": the day the company was notified; the suspension starts then. */
  dateNotification: string;
  /**
   * "AAAA-MM-JJ": first day the suspension no longer applies at the latest
   * (contract/delais.ts finSuspension: notification + 3 months).
   */
  finSuspension: string;
  /**
   * The grounds as the superviseur wrote them (each line a paragraph), or
   * null to refer to the notification that set them out: the comment of
   * CREER_PROCEDURE / MODIFIER_PROCEDURE is staff-only today
   * (contract/historique-visibilite.ts), so the portal passes null.
   */
  motifs: string | null;
}

/**
 * The notice as PDF bytes: Anah's header, the addressee, the approval
 * number and the request's references, the legal basis, the suspension
 * from the notification day with its latest end
 * ({@link DELAIS}.suspension), the grounds (or where they were set out),
 * its effects (establishments
 * hidden from households, none may be added), the observations the
 * company may present ({@link DELAIS}.observationsRetrait), the appeal
 * routes of the catalogue (contract/messages/recours.ts) and the signature.
 */
export async function genererAvisSuspension(donnees: DonneesAvisSuspension): Promise<Buffer> {
  const notification = afficherDate(donnees.dateNotification);
  return courrier.genererLettre(TITRE_AVIS_SUSPENSION, donnees, [
    ...courrier.BASE_LEGALE,
    `Par une notification du ${notification}, vous avez été informé de l'ouverture d'une procédure de retrait de l'agrément n° ${donnees.numeroAgrement} délivré à la structure ${donnees.destinataire.raisonSociale}.`,
    {
      gras: `Cette procédure est assortie de la suspension de votre agrément à compter du ${notification}. La suspension dure jusqu'à l'issue de la procédure, pour ${DELAIS.suspension.enLettres} au plus : elle cesse au plus tard le ${afficherDate(donnees.finSuspension)}.`,
    },
    { intertitre: "Motifs de la suspension" },
    ...(donnees.motifs
      ? courrier.paragraphes(donnees.motifs)
      : [
          `Les manquements qui motivent la procédure et la suspension vous ont été exposés dans la notification du ${notification}.`,
        ]),
    { intertitre: "Effets de la suspension" },
    "Pendant la suspension, vos établissements ne sont plus visibles des ménages et vous ne pouvez pas en référencer de nouveaux.",
    `Vous pouvez présenter vos observations dans un délai de ${DELAIS.observationsRetrait.enLettres} à compter de la notification, avant toute décision sur le retrait de votre agrément.`,
    ...courrier.BLOCS_VOIES_DE_RECOURS,
    courrier.FORMULE_DE_POLITESSE,
  ]);
}
