/**
 * Qualities of a candidate structure (spec §3 Applicant account; `{product}`
 * is `anah`): the categories of actors eligible to the "Mon Accompagnateur
 * Rénov'" approval under décret n° 2022-1035 of 22 July 2022 (code de
 * l'énergie, R. 232-5). `court` is the label of narrow places (the staff
 * lists' column), where the full one wraps over many lines.
 */
export const QUALITES = [
  {
    code: "qualityEcfr",
    libelle: "Espace Conseil France Rénov'",
    court: "Espace Conseil France Rénov'",
  },
  {
    code: "qualityOp",
    libelle:
      "Opérateur d'une opération programmée (OPAH) ou d'un programme d'intérêt général (PIG)",
    court: "Opérateur OPAH ou PIG",
  },
  {
    code: "qualityAnah",
    libelle:
      "Organisme agréé au titre de l'article L. 365-3 du code de la construction et de l'habitation (ingénierie sociale, financière et technique)",
    court: "Organisme agréé L. 365-3 CCH",
  },
  {
    code: "qualityArchi",
    libelle: "Architecte inscrit au tableau de l'ordre",
    court: "Architecte",
  },
  { code: "qualityAudit", libelle: "Auditeur énergétique qualifié", court: "Auditeur énergétique" },
  {
    code: "qualityRGE",
    libelle: "Entreprise titulaire d'un signe de qualité RGE",
    court: "Entreprise RGE",
  },
  { code: "qualitySTF", libelle: "Société de tiers-financement", court: "Tiers-financement" },
  {
    code: "qualityEPCI",
    libelle: "Collectivité territoriale ou groupement de collectivités (EPCI)",
    court: "Collectivité ou EPCI",
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

/** Short label of a quality code for tables; the code itself when unknown. */
export function libelleCourtQualite(code: string): string {
  return QUALITES.find((qualite) => qualite.code === code)?.court ?? code;
}
