/**
 * Decision documents of a perimeter extension (notable change, DESIGN §3;
 * ADR 0021): the refusal letter of EXTENSION_PERIMETRE_REFUSE and the
 * notice of tacit acceptance (two months of silence, DESIGN §5). Both on
 * the layout of api/pdf/courrier.ts; the refusal states the appeal routes
 * through `ecrireVoiesDeRecours` (ADR 0019).
 */
import { DELAIS } from "../../contract/delais.ts";
import { NIVEAUX_PERIMETRE } from "../../contract/perimetre.ts";
import { afficherDate } from "../../contract/validation.ts";
import type { PerimetreNomme } from "../../contract/schemas/etablissement.ts";
import {
  FORMULE_DE_POLITESSE,
  creerCourrier,
  ecrireBaseLegale,
  ecrireDestinataire,
  ecrireIntertitre,
  ecrireLigne,
  ecrireParagraphe,
  ecrireReferences,
  ecrireSignature,
  ecrireVoiesDeRecours,
  type DestinataireCourrier,
  type ReferencesDossier,
} from "./courrier.ts";
import { dateParis, terminerDocumentAnah } from "./identite.ts";

export const TITRE_LETTRE_REFUS_EXTENSION =
  "Décision de refus d'extension du périmètre d'intervention";
export const TITRE_AVIS_ACCORD_TACITE =
  "Avis d'accord tacite de l'extension du périmètre d'intervention";

/** What both documents share: addressee, references of the extension, its date. */
interface DonneesCourrierExtension {
  destinataire: DestinataireCourrier;
  dossier: ReferencesDossier;
  /** Instant of the decision: the document's date and generation date. */
  date: Date;
}

/** The letter of EXTENSION_PERIMETRE_REFUSE. */
export interface DonneesLettreRefusExtension extends DonneesCourrierExtension {
  /** The grounds, as the superviseur wrote them (one paragraph per line). */
  motifs: string;
}

/** The notice of tacit acceptance. */
export interface DonneesAvisAccordTacite extends DonneesCourrierExtension {
  /** Last day of the two-month clock, suspensions included ("AAAA-MM-JJ"). */
  dateLimite: string;
  /** The perimeter added to the approval, by name. */
  perimetreAjoute: PerimetreNomme;
}

/** The non-empty levels of `perimetre`, "Nom (code), …" each. */
function ecrirePerimetre(document: PDFKit.PDFDocument, perimetre: PerimetreNomme): void {
  for (const { cle, libelle } of NIVEAUX_PERIMETRE)
    if (perimetre[cle].length)
      ecrireLigne(
        document,
        libelle,
        perimetre[cle].map((zone) => `${zone.nom} (${zone.code})`).join(", "),
      );
}

function depot(dossier: ReferencesDossier): string {
  return dossier.dateDepot ? dateParis(dossier.dateDepot) : "—";
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
  const document = creerCourrier(
    TITRE_LETTRE_REFUS_EXTENSION,
    donnees.date,
    donnees.dossier.numeroDossier ?? undefined,
  );
  ecrireDestinataire(document, donnees.destinataire, donnees.date);
  ecrireReferences(document, donnees.dossier);
  ecrireParagraphe(document, "Madame, Monsieur,");
  ecrireParagraphe(
    document,
    `Par une demande déposée le ${depot(donnees.dossier)}, vous avez sollicité l'extension du périmètre d'intervention de l'agrément « Mon Accompagnateur Rénov' » de votre structure.`,
  );
  ecrireBaseLegale(document);
  ecrireParagraphe(
    document,
    "Après instruction de votre dossier, j'ai le regret de vous informer que cette extension vous est refusée, pour les motifs suivants :",
    { gras: true },
  );
  ecrireIntertitre(document, "Motifs de la décision");
  for (const paragraphe of donnees.motifs.split(/\n+/).filter((ligne) => ligne.trim()))
    ecrireParagraphe(document, paragraphe.trim());
  ecrireParagraphe(
    document,
    "Votre agrément reste valable dans son périmètre d'intervention actuel, jusqu'au terme de sa période de validité.",
  );
  ecrireVoiesDeRecours(document);
  ecrireParagraphe(document, FORMULE_DE_POLITESSE);
  ecrireSignature(document, donnees.dossier.serviceInstructeur);
  return terminerDocumentAnah(document, donnees.date);
}

/**
 * The notice of tacit acceptance as PDF bytes: header, addressee,
 * references, legal basis, the statement that no express decision came
 * within two months (suspensions deducted) so that the extension is
 * accepted (code des relations entre le public et l'administration, art.
 * L231-1), the perimeter added, and the signature.
 */
export async function genererAvisAccordTacite(donnees: DonneesAvisAccordTacite): Promise<Buffer> {
  const document = creerCourrier(
    TITRE_AVIS_ACCORD_TACITE,
    donnees.date,
    donnees.dossier.numeroDossier ?? undefined,
  );
  ecrireDestinataire(document, donnees.destinataire, donnees.date);
  ecrireReferences(document, donnees.dossier);
  ecrireParagraphe(document, "Madame, Monsieur,");
  ecrireBaseLegale(document);
  ecrireParagraphe(
    document,
    `Votre demande d'extension du périmètre d'intervention de votre agrément « Mon Accompagnateur Rénov' », déposée le ${depot(donnees.dossier)}, n'a pas fait l'objet d'une décision expresse dans le délai de ${DELAIS.acceptationTacite.enLettres}, qui a expiré le ${afficherDate(donnees.dateLimite)} (périodes de suspension déduites).`,
  );
  ecrireParagraphe(
    document,
    "Le silence gardé par l'administration au terme de ce délai vaut accord (code des relations entre le public et l'administration, art. L231-1) : l'extension est accordée et le périmètre d'intervention de votre agrément comprend désormais les zones suivantes.",
    { gras: true },
  );
  ecrireIntertitre(document, "Périmètre ajouté");
  ecrirePerimetre(document, donnees.perimetreAjoute);
  ecrireParagraphe(
    document,
    "Le numéro et la période de validité de votre agrément sont inchangés. Cet accord peut faire l'objet d'une procédure d'annulation par l'Anah.",
  );
  ecrireParagraphe(document, FORMULE_DE_POLITESSE);
  ecrireSignature(document, donnees.dossier.serviceInstructeur);
  return terminerDocumentAnah(document, donnees.date);
}
