/**
 * The refusal letter of an approval request (DESIGN §3: AGREMENT_REFUSE or
 * MOTIVER_REFUS; spec §8 "Refusal letters state a two-month appeal period
 * (informal or hierarchical appeal, or court)").
 */
import * as courrier from "./courrier.ts";

export const TITRE_LETTRE_REFUS = "Décision de refus d'agrément « Mon Accompagnateur Rénov' »";

/** What the letter states; its date is the decision instant. */
export interface DonneesLettreRefus extends courrier.EnTeteLettre {
  /** The grounds of the refusal, as the instruction staff wrote them. */
  motifs: string;
}

/**
 * The letter as PDF bytes: Anah's header, the addressee, the request's
 * references, the legal basis, the decision of refusal with its grounds
 * (each line of `motifs` a paragraph), the appeal routes (two months:
 * recours gracieux, recours hiérarchique, recours contentieux devant le
 * tribunal administratif, Télérecours citoyens) and the signature.
 */
export async function genererLettreRefus(donnees: DonneesLettreRefus): Promise<Buffer> {
  return courrier.genererLettre(TITRE_LETTRE_REFUS, donnees, [
    `Par une demande déposée le ${courrier.afficherDateDepot(donnees.dossier)}, vous avez sollicité l'agrément de votre structure pour exercer la mission d'accompagnement « Mon Accompagnateur Rénov' ».`,
    ...courrier.BASE_LEGALE,
    {
      gras: "Après instruction de votre dossier, j'ai le regret de vous informer que l'agrément vous est refusé, pour les motifs suivants :",
    },
    { intertitre: "Motifs de la décision" },
    ...courrier.paragraphes(donnees.motifs),
    ...courrier.BLOCS_VOIES_DE_RECOURS,
    courrier.FORMULE_DE_POLITESSE,
  ]);
}
