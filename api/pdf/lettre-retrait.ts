/**
 * The withdrawal decision of an approval (DESIGN §3 TERMINER_PROCEDURE
 * agrement_retire; spec §4 "a withdrawn approval dereferences
 * establishments", §8 "withdrawal notices exist", decisions state a
 * two-month appeal period).
 */
import type { TypeProcedureAgrement } from "../../contract/etats.ts";
import { afficherDate } from "../../contract/validation.ts";
import * as courrier from "./courrier.ts";
import { dateParis } from "./identite.ts";

export const TITRE_LETTRE_RETRAIT = "Décision de retrait d'agrément « Mon Accompagnateur Rénov' »";

/**
 * What the decision states: `dossier` is the approval request the approval
 * was granted on, `date` the decision instant, the day the withdrawal
 * takes effect.
 */
export interface DonneesLettreRetrait extends courrier.EnTeteLettre {
  numeroAgrement: string;
  /** "AAAA-MM-JJ": first day of validity of the approval withdrawn. */
  dateDebut: string;
  /** The procedure: its type and the day the company was notified of it ("AAAA-MM-JJ"). */
  procedure: { type: TypeProcedureAgrement; dateNotification: string | null };
  /** The grounds of the withdrawal, as the superviseur wrote them. */
  motifs: string;
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
  const suspension =
    donnees.procedure.type === "retrait_avec_suspension"
      ? ", assortie de la suspension de votre agrément,"
      : "";
  const notification = donnees.procedure.dateNotification
    ? `Par une notification du ${afficherDate(donnees.procedure.dateNotification)}`
    : "Par une notification antérieure";
  return courrier.genererLettre(TITRE_LETTRE_RETRAIT, donnees, [
    `Votre structure est agréée depuis le ${afficherDate(donnees.dateDebut)} pour exercer la mission d'accompagnement « Mon Accompagnateur Rénov' » (agrément n° ${donnees.numeroAgrement}). ${notification}, vous avez été informé de l'ouverture d'une procédure de retrait de cet agrément${suspension} et invité à présenter vos observations.`,
    ...courrier.BASE_LEGALE,
    {
      gras: `Au terme de cette procédure, j'ai décidé de retirer l'agrément n° ${donnees.numeroAgrement} de votre structure, à compter du ${dateParis(donnees.date)}, pour les motifs suivants :`,
    },
    { intertitre: "Motifs de la décision" },
    ...courrier.paragraphes(donnees.motifs),
    { intertitre: "Effets du retrait" },
    "À compter de cette date, votre structure ne peut plus exercer la mission « Mon Accompagnateur Rénov' » au titre de cet agrément, et ses établissements ne sont plus référencés auprès des ménages.",
    ...courrier.BLOCS_VOIES_DE_RECOURS,
    courrier.FORMULE_DE_POLITESSE,
  ]);
}
