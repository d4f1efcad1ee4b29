/**
 * Mails of the e-mail change (ADR 0025): the link sent to
 * the new address, and the notice sent to the old one.
 */
import { miseEnPage } from "../../../contract/gabarit/courriel.ts";
import type { MailMessage } from "../../mail/types.ts";

/** Mail to the new address: the confirmation link, valid `validiteHeures` hours. */
export function courrielConfirmationNouvelleAdresse(donnees: {
  prenom: string;
  nom: string;
  lien: string;
  validiteHeures: number;
}): Omit<MailMessage, "to"> {
  const { prenom, nom, lien, validiteHeures } = donnees;
  return miseEnPage("Confirmez votre nouvelle adresse électronique", [
    `Bonjour ${`${prenom} ${nom}`.trim()},`,
    "Vous avez demandé à utiliser cette adresse électronique pour votre compte du portail des agréments Mon Accompagnateur Rénov'.",
    { texte: "Pour confirmer ce changement, suivez ce lien :", lien },
    `Ce lien est valable ${validiteHeures} heures et ne peut servir qu'une fois. Tant que vous ne l'avez pas suivi, votre adresse de connexion reste l'ancienne.`,
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : rien ne sera changé.",
  ]);
}

/** Mail to the old address: a change to `nouvelleAdresse` was asked (the address is hidden in part). */
export function courrielInformationAncienneAdresse(donnees: {
  prenom: string;
  nom: string;
  nouvelleAdresse: string;
  parametres: string;
}): Omit<MailMessage, "to"> {
  const { prenom, nom, nouvelleAdresse, parametres } = donnees;
  return miseEnPage("Demande de changement de votre adresse électronique", [
    `Bonjour ${`${prenom} ${nom}`.trim()},`,
    `Un changement de l'adresse électronique de votre compte du portail des agréments Mon Accompagnateur Rénov' vers l'adresse ${masquer(nouvelleAdresse)} a été demandé.`,
    "Le changement ne prendra effet que lorsque le lien envoyé à la nouvelle adresse aura été suivi ; vous vous connecterez alors avec la nouvelle adresse.",
    {
      texte:
        "Si vous n'êtes pas à l'origine de cette demande, changez votre mot de passe et écrivez à mar-agrement@anah.gouv.fr. Vos paramètres :",
      lien: parametres,
    },
  ]);
}

/** `jean.dupont@exemple.fr` → `je…@exemple.fr`: the old mailbox need not learn the whole new one. */
function masquer(adresse: string): string {
  const [local, domaine] = adresse.split("@");
  return `${local.slice(0, 2)}…@${domaine}`;
}

/**
 * Mail to the owner of an address another account asked to use: the
 * requester is answered as for a free address (nobody learns from the
 * portal which addresses have an account), and the owner learns it here.
 * `connexion` is the portal's sign-in address.
 */
export function courrielAdresseDejaUtilisee(donnees: {
  connexion: string;
}): Omit<MailMessage, "to"> {
  return miseEnPage("Votre adresse électronique a été proposée pour un autre compte", [
    "Bonjour,",
    "Le titulaire d'un autre compte du portail des agréments Mon Accompagnateur Rénov' a demandé à utiliser votre adresse électronique. Elle est déjà celle de votre compte : rien n'a été changé, et aucun lien n'a été envoyé.",
    { texte: "Pour accéder à votre compte, connectez-vous :", lien: donnees.connexion },
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message. Pour toute question, écrivez à mar-agrement@anah.gouv.fr.",
  ]);
}
