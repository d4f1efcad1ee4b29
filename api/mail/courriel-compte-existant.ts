/**
 * Mail of POST /api/candidate/create when the e-mail already has an account
 * (ADR 0013): the page answers as for a new account, so that nobody
 * learns from it which addresses have an account, and the owner of the
 * address learns it here, with the ways on that spec §8 "existing account"
 * offers (sign in, or contact support) and the new-link page for an
 * account still pending.
 */
import { miseEnPage } from "../../contract/gabarit/courriel.ts";
import type { MailMessage } from "./types.ts";

/** Support address of spec §8 "existing account" (also in the API's 409 texts). */
export const ADRESSE_SUPPORT = "mar-agrement@anah.gouv.fr";

/** The mail; `connexion`, `nouveauLien` are absolute addresses of the portal. */
export function courrielCompteExistant(donnees: {
  connexion: string;
  nouveauLien: string;
}): Omit<MailMessage, "to"> {
  const { connexion, nouveauLien } = donnees;
  return miseEnPage("Vous avez déjà un compte Mon Accompagnateur Rénov'", [
    "Bonjour,",
    "Une demande de création de compte a été faite avec votre adresse électronique sur le portail des agréments Mon Accompagnateur Rénov'. Un compte existe déjà avec cette adresse : aucun autre compte n'a été créé.",
    { texte: "Pour accéder à votre compte, connectez-vous :", lien: connexion },
    {
      texte:
        "Si vous n'avez pas encore activé votre compte, demandez un nouveau lien d'activation :",
      lien: nouveauLien,
    },
    `Pour toute question, contactez le support : ${ADRESSE_SUPPORT}.`,
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre compte n'a pas été modifié.",
  ]);
}
