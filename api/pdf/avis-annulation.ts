/**
 * The notice of cancellation of an approval request (DESIGN §3
 * ANNULER_DEMANDE; spec §4 "Cancellation is definitive", §9 "cancellation
 * notices exist"). Only a filed request gets one: a draft cancelled before
 * its deposit was never known to Anah, so nothing needs notifying (see
 * api/domain/demandes/avis-annulation-suspension.ts).
 */
import * as courrier from "./courrier.ts";
import { dateParis } from "./identite.ts";

export const TITRE_AVIS_ANNULATION = "Avis d'annulation de la demande d'agrément";

/** What the notice states; its date is the cancellation instant, shown as a Europe/Paris day. */
export interface DonneesAvisAnnulation extends courrier.EnTeteLettre {
  /** The applicant who cancelled the request (first name and name). */
  annuleePar: string;
  /** The reason the applicant gave (`motifAnnulation`); each line a paragraph. */
  motif: string;
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
  const jour = dateParis(donnees.date);
  const lignes: courrier.Ligne[] = [
    ["Annulée le", jour],
    ["Annulée par", `${donnees.annuleePar}, demandeur`],
  ];
  return courrier.genererLettre(TITRE_AVIS_ANNULATION, { ...donnees, lignes }, [
    {
      gras: `Votre demande d'agrément « Mon Accompagnateur Rénov' » n° ${donnees.dossier.numeroDossier ?? "non attribué"}, déposée pour la structure ${donnees.destinataire.raisonSociale}, a été annulée le ${jour} à votre initiative.`,
    },
    { intertitre: "Motif de l'annulation" },
    ...courrier.paragraphes(donnees.motif),
    { intertitre: "Effets de l'annulation" },
    "L'annulation est définitive : votre demande ne sera pas instruite et ne peut pas être reprise. Vous pouvez déposer une nouvelle demande d'agrément depuis votre espace.",
    courrier.FORMULE_DE_POLITESSE,
  ]);
}
