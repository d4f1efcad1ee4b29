/**
 * Applicant account creation (spec §3 "Applicant account", §5 Accounts and
 * Phone, §7 POST /api/candidate/create, GET /api/user/check/{field}/{value}).
 */
import { z } from "zod";
import { CODES_QUALITE } from "../qualites.ts";
import { MESSAGES, caseCochee, email, motDePasse, siren, telephone, texte } from "../validation.ts";

/**
 * The account creation form, as posted by the page and received by the API.
 * `qualites` is one or several quality codes (repeated checkbox name).
 */
export const schemaCreationCompte = z
  .object({
    prenom: texte(100),
    nom: texte(100),
    email: email(),
    emailConfirmation: email(),
    motDePasse: motDePasse(),
    motDePasseConfirmation: z.string({ required_error: MESSAGES.requis }).min(1, MESSAGES.requis),
    siren: siren(),
    raisonSociale: texte(200),
    qualites: z.preprocess(
      (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
      z.array(z.enum(CODES_QUALITE)).min(1, "Veuillez choisir au moins une qualité."),
    ),
    telephone: telephone(),
    acceptationCgu: caseCochee(MESSAGES.cgu),
    acceptationDonneesPersonnelles: caseCochee(MESSAGES.donneesPersonnelles),
  })
  .superRefine((value, context) => {
    if (value.email !== value.emailConfirmation)
      context.addIssue({ code: "custom", path: ["emailConfirmation"], message: MESSAGES.egalite });
    if (value.motDePasse !== value.motDePasseConfirmation)
      context.addIssue({
        code: "custom",
        path: ["motDePasseConfirmation"],
        message: MESSAGES.egalite,
      });
  });
export type CreationCompte = z.output<typeof schemaCreationCompte>;

/** Fields whose uniqueness GET /api/user/check/{field}/{value} answers. */
export const CHAMPS_VERIFIABLES = ["email", "siren", "raisonSociale"] as const;
export type ChampVerifiable = (typeof CHAMPS_VERIFIABLES)[number];

/** Answer of GET /api/user/check/{field}/{value}. */
export interface VerificationChamp {
  exists: boolean;
}

/**
 * 409 body of POST /api/candidate/create when an account already exists for
 * the SIREN, company name or e-mail: the page invites to log in or contact support.
 */
export interface CompteExistant {
  message: string;
  champ: ChampVerifiable;
}

/** POST /api/user/token-mail: a new confirmation link. */
export const schemaNouveauLien = z.object({ email: email() });

/** POST /api/user/accept-cgu (spec §3 Terms form: consentCgu, consentMail, both required). */
export const schemaAcceptationCgu = z.object({
  consentCgu: caseCochee(MESSAGES.cgu),
  consentMail: caseCochee(
    "Vous devez accepter de recevoir les notifications par lettre recommandée électronique.",
  ),
});

/** Validity of the confirmation link (spec §9): 72 hours. */
export const VALIDITE_LIEN_CONFIRMATION_HEURES = 72;

/** Spec §8 invalid-token text. */
export const MESSAGE_LIEN_INVALIDE =
  "Le lien qui vous a été envoyé n'est plus valable. Veuillez renouveler votre demande.";
