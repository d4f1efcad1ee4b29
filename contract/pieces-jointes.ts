/**
 * Supporting documents of an approval request (spec §3 "Approval request
 * content" rubrics, §5 Attachments) and the upload limits DESIGN §7 sets by
 * default (configurable on the server: UPLOAD_MAX_MO, UPLOAD_MAX_FICHIERS).
 */
import { MESSAGES_VALIDATION } from "./messages/validation.ts";

/** Accepted file types, recognised from the bytes, with their display names (spec §9). */
export const TYPES_FICHIER = {
  "application/pdf": { extension: "pdf", libelle: "PDF" },
  "image/png": { extension: "png", libelle: "PNG" },
  "image/jpeg": { extension: "jpg", libelle: "JPG" },
  "application/zip": { extension: "zip", libelle: "ZIP" },
} as const;
export type MimeTypeAccepte = keyof typeof TYPES_FICHIER;
export const MIME_TYPES_ACCEPTES = Object.keys(TYPES_FICHIER) as MimeTypeAccepte[];

/** Defaults of DESIGN §7: 10 Mo per file, 10 files per rubric. */
export const LIMITES_PJ_PAR_DEFAUT = { tailleMaxMo: 10, maxPj: 10 } as const;

/** A rubric of step 3 (`code` is the attachment's `rubrique`). */
export interface Rubrique {
  code: string;
  libelle: string;
  description: string;
  /** Minimum number of files before deposit (0 = optional). */
  minPj: number;
}

/**
 * Why a rubric stops the deposit (spec §5 Deposit): "Rubrique « … » : au
 * moins un fichier est attendu." or "… au moins {min} fichiers sont attendus.".
 */
export function messageRubriqueIncomplete(libelle: string, min: number): string {
  const tropPeu = MESSAGES_PJ.tropPeu(min);
  return `Rubrique « ${libelle} » : ${tropPeu.charAt(0).toLowerCase()}${tropPeu.slice(1)}`;
}

/**
 * Step-3 rubrics an applicant fills, in display order. `pj_recap_demande`
 * and `synthese_demande` are produced by the portal, not uploaded.
 */
export const RUBRIQUES_DEMANDE: readonly Rubrique[] = [
  {
    code: "info_generale",
    libelle: "Informations générales sur la structure",
    description:
      "Extrait Kbis ou avis de situation au répertoire SIRENE de moins de 3 mois, statuts.",
    minPj: 1,
  },
  {
    code: "eligibilite",
    libelle: "Éligibilité de la structure",
    description:
      "Justificatif de la qualité déclarée (agrément, qualification, inscription à l'ordre…).",
    minPj: 1,
  },
  {
    code: "cond_competence",
    libelle: "Conditions de compétence",
    description:
      "CV, diplômes et attestations de formation des personnes chargées de l'accompagnement.",
    minPj: 1,
  },
  {
    code: "preuve_act",
    libelle: "Preuves d'activité",
    description:
      "Références de missions d'accompagnement ou de conseil menées ces trois dernières années.",
    minPj: 1,
  },
  {
    code: "respect_competence_activite",
    libelle: "Respect des compétences et de l'activité",
    description: "Attestation sur l'honneur de respect du cahier des charges de l'accompagnement.",
    minPj: 1,
  },
  {
    code: "neutre",
    libelle: "Neutralité",
    description: "Attestation sur l'honneur de neutralité vis-à-vis des entreprises de travaux.",
    minPj: 1,
  },
  {
    code: "indep",
    libelle: "Indépendance",
    description: "Déclaration des liens capitalistiques et commerciaux de la structure.",
    minPj: 1,
  },
  {
    code: "abs_sanction",
    libelle: "Absence de sanction",
    description: "Attestation sur l'honneur d'absence de sanction administrative ou pénale.",
    minPj: 1,
  },
  {
    code: "incapacite",
    libelle: "Absence d'incapacité",
    description: "Déclaration sur l'honneur des dirigeants (absence d'interdiction de gérer).",
    minPj: 1,
  },
  {
    code: "reg_fisc",
    libelle: "Régularité fiscale et sociale",
    description: "Attestations de régularité fiscale et de vigilance URSSAF de moins de 6 mois.",
    minPj: 1,
  },
  {
    code: "capa_financiere",
    libelle: "Capacité financière",
    description:
      "Derniers bilan et compte de résultat, ou prévisionnel pour une structure récente.",
    minPj: 1,
  },
  {
    code: "pj_compl",
    libelle: "Pièces complémentaires",
    description: "Tout autre document utile à l'instruction (facultatif).",
    minPj: 0,
  },
];

export const CODES_RUBRIQUE_DEMANDE = RUBRIQUES_DEMANDE.map((rubrique) => rubrique.code);

/**
 * The documents the portal produces at each deposit of an approval request
 * (spec §3 rubrics `pj_recap_demande` and `synthese_demande`), in display
 * order, with their French names and the text of their download link.
 */
export const DOCUMENTS_DEPOT_DEMANDE = [
  {
    code: "pj_recap_demande",
    libelle: "Récapitulatif de la demande",
    telecharger: "Télécharger le récapitulatif de la demande",
  },
  {
    code: "synthese_demande",
    libelle: "Synthèse de la demande",
    telecharger: "Télécharger la synthèse de la demande",
  },
] as const;

/** Spec §9: sizes as octet, Ko, Mo, Go with 2 decimals at most, decimal comma. */
export function afficherTaille(octets: number): string {
  const unites = ["octets", "Ko", "Mo", "Go"];
  let valeur = octets;
  let unite = 0;
  while (valeur >= 1024 && unite < unites.length - 1) {
    valeur /= 1024;
    unite++;
  }
  const texte = String(Math.round(valeur * 100) / 100).replace(".", ",");
  return `${texte} ${unite === 0 && valeur < 2 ? "octet" : unites[unite]}`;
}

/** Spec §9: a mime type as ZIP, PDF, PNG or JPG. */
export function afficherTypeFichier(mimeType: string): string {
  return TYPES_FICHIER[mimeType as MimeTypeAccepte]?.libelle ?? mimeType;
}

/** Spec §5 Attachments messages (`tropPeu`: fewer files than a rubric's `minPj`). */
export const MESSAGES_PJ = {
  trop: MESSAGES_VALIDATION.maxPj,
  tropPeu: (min: number) =>
    min > 1 ? `Au moins ${min} fichiers sont attendus.` : "Au moins un fichier est attendu.",
  type: (accepte: string) =>
    `Le type de fichier n'est pas autorisé. Formats acceptés : ${accepte}.`,
  taille: (max: string) =>
    `Le fichier est trop volumineux (${max} au maximum). Pensez à le compresser avant de le déposer.`,
  requis: "Veuillez choisir un fichier.",
} as const;
