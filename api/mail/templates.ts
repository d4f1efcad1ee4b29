/**
 * French mails of the portal: each template returns the subject, the
 * plain-text part (always present, read by simple mail clients and screen
 * readers) and an HTML part built from the same sentences. The mails of
 * the instruction (api/mail/courriels-instruction.ts) use the same layout,
 * `miseEnPage` of contract/gabarit/courriel.ts, shared with idp/.
 */
import { miseEnPage } from "../../contract/gabarit/courriel.ts";
import type { MailMessage } from "./types.ts";

/**
 * Mail of POST /api/candidate/create and POST /api/user/token-mail (spec §3,
 * §9): the confirmation link of a new applicant account, valid
 * `validiteHeures` hours, and the page to ask for a new one.
 */
export function courrielConfirmationCompte(donnees: {
  prenom: string;
  nom: string;
  raisonSociale: string;
  lien: string;
  nouveauLien: string;
  validiteHeures: number;
}): Omit<MailMessage, "to"> {
  const { prenom, nom, raisonSociale, lien, nouveauLien, validiteHeures } = donnees;
  const structure = raisonSociale ? ` pour la structure ${raisonSociale}` : "";
  return miseEnPage("Confirmez la création de votre compte Mon Accompagnateur Rénov'", [
    `Bonjour ${`${prenom} ${nom}`.trim()},`,
    `Vous avez demandé la création d'un compte sur le portail des agréments Mon Accompagnateur Rénov'${structure}.`,
    {
      texte: "Pour activer votre compte, confirmez votre adresse électronique en suivant ce lien :",
      lien,
    },
    `Ce lien est valable ${validiteHeures} heures. Passé ce délai, le compte non confirmé et les données saisies sont supprimés.`,
    {
      texte: "Si le lien n'est plus valable, vous pouvez en demander un nouveau :",
      lien: nouveauLien,
    },
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : aucun compte ne sera activé.",
  ]);
}
