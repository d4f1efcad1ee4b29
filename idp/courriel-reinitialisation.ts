/**
 * The mail of a password reset request (idp/reinitialisation.ts): French,
 * a plain-text part and an HTML part made of the same sentences, like the
 * portal's mails, through their one layout (contract/gabarit/courriel.ts).
 */
import { miseEnPage } from "../contract/gabarit/courriel.ts";

/**
 * Subject, text and HTML of the mail: `lien` is the new-password page
 * (absolute address, valid `validiteMinutes` minutes, single use),
 * `nouvelleDemande` the page to ask for another link.
 */
export function courrielReinitialisation(donnees: {
  prenom: string;
  lien: string;
  nouvelleDemande: string;
  validiteMinutes: number;
}): { subject: string; text: string; html: string } {
  const { prenom, lien, nouvelleDemande, validiteMinutes } = donnees;
  const duree = validiteMinutes === 60 ? "1 heure" : `${validiteMinutes} minutes`;
  const subject = "Réinitialisation de votre mot de passe Mon Accompagnateur Rénov'";
  return miseEnPage(subject, [
    prenom ? `Bonjour ${prenom},` : "Bonjour,",
    "Une demande de réinitialisation du mot de passe de votre compte a été faite sur le portail des agréments Mon Accompagnateur Rénov'.",
    { texte: "Pour choisir un nouveau mot de passe, suivez ce lien :", lien },
    `Ce lien est valable ${duree} et ne peut servir qu'une fois. Une fois le mot de passe changé, toutes vos sessions sont fermées.`,
    {
      texte: "Si le lien n'est plus valable, faites une nouvelle demande :",
      lien: nouvelleDemande,
    },
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
  ]);
}
