/**
 * Decision documents of a perimeter extension (notable change, DESIGN §3;
 * ADR 0021): the refusal letter of EXTENSION_PERIMETRE_REFUSE and the
 * notice of tacit acceptance (two months of silence, DESIGN §5). Both are
 * letters of api/pdf/courrier.ts; the refusal states the appeal routes
 * (ADR 0019).
 */
import { DELAIS } from "../../contract/delais.ts";
import { afficherDate } from "../../contract/validation.ts";
import type { PerimetreNomme } from "../../contract/schemas/etablissement.ts";
import * as courrier from "./courrier.ts";

export const TITRE_LETTRE_REFUS_EXTENSION =
  "Décision de refus d'extension du périmètre d'intervention";
export const TITRE_AVIS_ACCORD_TACITE =
  "Avis d'accord tacite de l'extension du périmètre d'intervention";

/** The letter of EXTENSION_PERIMETRE_REFUSE; its date is the decision instant. */
export interface DonneesLettreRefusExtension extends courrier.EnTeteLettre {
  /** The grounds, as the superviseur wrote them (one paragraph per line). */
  motifs: string;
}

/** The notice of tacit acceptance; its date is the decision instant. */
export interface DonneesAvisAccordTacite extends courrier.EnTeteLettre {
  /** Last day of the two-month clock, suspensions included ("AAAA-MM-JJ"). */
  dateLimite: string;
  /** The perimeter added to the approval, by name. */
  perimetreAjoute: PerimetreNomme;
}

/**
 * The refusal letter as PDF bytes: header, addressee, references, legal
 * basis, the refusal of the extension with its grounds, the appeal routes
 * (two months, ADR 0019) and the signature. The approval itself is
 * unchanged, and the letter says so.
 */
export async function genererLettreRefusExtension(
  donnees: DonneesLettreRefusExtension,
): Promise<Buffer> {
  return courrier.genererLettre(TITRE_LETTRE_REFUS_EXTENSION, donnees, [
    `Par une demande déposée le ${courrier.afficherDateDepot(donnees.dossier)}, vous avez sollicité l'extension du périmètre d'intervention de l'agrément « Mon Accompagnateur Rénov' » de votre structure.`,
    ...courrier.BASE_LEGALE,
    {
      gras: "Après instruction de votre dossier, j'ai le regret de vous informer que cette extension vous est refusée, pour les motifs suivants :",
    },
    { intertitre: "Motifs de la décision" },
    ...courrier.paragraphes(donnees.motifs),
    "Votre agrément reste valable dans son périmètre d'intervention actuel, jusqu'au terme de sa période de validité.",
    ...courrier.BLOCS_VOIES_DE_RECOURS,
    courrier.FORMULE_DE_POLITESSE,
  ]);
}

/**
 * The notice of tacit acceptance as PDF bytes: header, addressee,
 * references, legal basis, the statement that no express decision came
 * within two months (suspensions deducted) so that the extension is
 * accepted (code des relations entre le public et l'administration, art.
 * L231-1), the perimeter added, and the signature.
 */
export async function genererAvisAccordTacite(donnees: DonneesAvisAccordTacite): Promise<Buffer> {
  return courrier.genererLettre(TITRE_AVIS_ACCORD_TACITE, donnees, [
    ...courrier.BASE_LEGALE,
    `Votre demande d'extension du périmètre d'intervention de votre agrément « Mon Accompagnateur Rénov' », déposée le ${courrier.afficherDateDepot(donnees.dossier)}, n'a pas fait l'objet d'une décision expresse dans le délai de ${DELAIS.acceptationTacite.enLettres}, qui a expiré le ${afficherDate(donnees.dateLimite)} (périodes de suspension déduites).`,
    {
      gras: "Le silence gardé par l'administration au terme de ce délai vaut accord (code des relations entre le public et l'administration, art. L231-1) : l'extension est accordée et le périmètre d'intervention de votre agrément comprend désormais les zones suivantes.",
    },
    { intertitre: "Périmètre ajouté" },
    ...courrier.lignesPerimetre(donnees.perimetreAjoute),
    "Le numéro et la période de validité de votre agrément sont inchangés. Cet accord peut faire l'objet d'une procédure d'annulation par l'Anah.",
    courrier.FORMULE_DE_POLITESSE,
  ]);
}
