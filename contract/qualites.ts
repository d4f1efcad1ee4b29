/**
 * Qualities of a candidate structure (spec §3 Applicant account; `{product}`
 * is `anah`): the categories of actors eligible to the "Mon Accompagnateur
 * Rénov'" approval under décret n° 2022-1035 of 22 July 2022 (code de
 * l'énergie, R. 232-5).
 */
export const QUALITES = [
  { code: "qualityEcfr", libelle: "Espace Conseil France Rénov'" },
  {
    code: "qualityOp",
    libelle:
      "Opérateur d'une opération programmée (OPAH) ou d'un programme d'intérêt général (PIG)",
  },
  {
    code: "qualityAnah",
    libelle:
      "Organisme agréé au titre de l'article L. 365-3 du code de la construction et de l'habitation (ingénierie sociale, financière et technique)",
  },
  { code: "qualityArchi", libelle: "Architecte inscrit au tableau de l'ordre" },
  { code: "qualityAudit", libelle: "Auditeur énergétique qualifié" },
  { code: "qualityRGE", libelle: "Entreprise titulaire d'un signe de qualité RGE" },
  { code: "qualitySTF", libelle: "Société de tiers-financement" },
  {
    code: "qualityEPCI",
    libelle: "Collectivité territoriale ou groupement de collectivités (EPCI)",
  },
] as const;

export type CodeQualite = (typeof QUALITES)[number]["code"];

export const CODES_QUALITE = QUALITES.map((qualite) => qualite.code) as [
  CodeQualite,
  ...CodeQualite[],
];

/** French label of a quality code; the code itself when unknown. */
export function libelleQualite(code: string): string {
  return QUALITES.find((qualite) => qualite.code === code)?.libelle ?? code;
}
