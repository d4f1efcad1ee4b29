/**
 * Mail preferences of a user (spec §3, POST /api/user/parametre-mail).
 */

/** Mail preferences (POST /api/user/parametre-mail): one switch per kind of mail. */
export const PARAMETRES_MAIL = [
  {
    code: "suivi_dossier",
    libelle: "Suivi de mes dossiers (dépôt, demandes de compléments, décisions)",
  },
  { code: "nouveau_message", libelle: "Nouveau message dans la messagerie d'un dossier" },
  { code: "rapport_annuel", libelle: "Rappels du rapport annuel d'activité" },
] as const;
export type CodeParametreMail = (typeof PARAMETRES_MAIL)[number]["code"];
