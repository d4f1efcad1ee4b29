/**
 * Applicant account creation (spec §3 "Applicant account", §5 Accounts and
 * Phone, §7 POST /api/candidate/create, GET /api/user/check/{field}/{value}).
 */
import { z } from "zod";
import { MESSAGES_ERREURS } from "../messages/index.ts";
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

/** Fields that must be unique at registration (spec §5). */
export const CHAMPS_VERIFIABLES = ["email", "siren", "raisonSociale"] as const;
export type ChampVerifiable = (typeof CHAMPS_VERIFIABLES)[number];

/**
 * Fields whose uniqueness GET /api/user/check/{field}/{value} answers: not
 * the e-mail, so that nobody learns which addresses have an account (ADR
 * 0013); the creation itself keeps e-mails unique.
 */
export const CHAMPS_VERIFIABLES_PUBLICS = ["siren", "raisonSociale"] as const;
export type ChampVerifiablePublic = (typeof CHAMPS_VERIFIABLES_PUBLICS)[number];

/** Answer of GET /api/user/check/{field}/{value}. */
export interface VerificationChamp {
  exists: boolean;
}

/**
 * Fields of the 409 "existing account" (spec §8): SIREN or company name. An
 * e-mail already used answers like a new account and its owner is mailed
 * (ADR 0013).
 */
export type ChampCompteExistant = Exclude<ChampVerifiable, "email">;

/**
 * 409 body of POST /api/candidate/create when an account already exists for
 * the SIREN or company name: the page invites to log in or contact support.
 */
export interface CompteExistant {
  message: string;
  champ: ChampCompteExistant;
}

/**
 * 429 body of the public account endpoints (creation, new link, checks)
 * beyond their rate limits (ADR 0013); the answer also carries
 * `Retry-After`, the same `retryAfter` in seconds, so that a page can
 * repeat it.
 */
export interface TropDeDemandes {
  message: string;
  retryAfter: number;
}

/** The French `message` of a 429 whose wait is `secondes` (rounded up to minutes). */
export function messageTropDeDemandes(secondes: number): string {
  const minutes = Math.max(1, Math.ceil(secondes / 60));
  return `Trop de demandes ont été faites en peu de temps. Veuillez réessayer dans ${minutes} minute${minutes > 1 ? "s" : ""}.`;
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

// Deadlines live in one module, contract/delais.ts (with their references).
export { VALIDITE_LIEN_CONFIRMATION_HEURES } from "../delais.ts";

/** Spec §8 invalid-token text (catalogue, `verifyToken`). */
export const MESSAGE_LIEN_INVALIDE = MESSAGES_ERREURS.verifyToken;
