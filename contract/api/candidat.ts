/**
 * Applicant accounts (spec §3 "Applicant account", §5 Accounts, §7 Accounts
 * and users, §8, §9; ADR 0013): public creation, e-mail
 * confirmation, uniqueness checks, new link, and the terms acceptance of a
 * signed-in applicant.
 */
import { z } from "zod";
import { ROLE_GATES } from "../roles.ts";
import {
  CHAMPS_VERIFIABLES_PUBLICS,
  schemaAcceptationCgu,
  schemaCreationCompte,
  schemaNouveauLien,
} from "../schemas/candidat.ts";
import { ErreurValidation, MessageErreur, json, tropDeDemandes } from "./composants.ts";
import { defineEndpoint, wireCheckbox, wireValues } from "./endpoint.ts";

const tags = ["Comptes"] as const;

/** 409 body when the SIREN or company name already has an account (spec §8). */
const CompteExistant = z
  .object({ message: z.string(), champ: z.enum(["siren", "raisonSociale"]) })
  .openapi("CompteExistant");

export const verifierChamp = defineEndpoint({
  method: "get",
  path: "/user/check/:field/:value",
  summary: "Un compte existe-t-il déjà pour ce SIREN ou cette raison sociale ?",
  description:
    "SIREN (espaces ignorés) ou raison sociale (accents et casse ignorés). Tout autre champ, " +
    "adresse électronique comprise, répond 404 (ADR 0013).",
  tags,
  access: "public",
  params: z.object({ field: z.enum(CHAMPS_VERIFIABLES_PUBLICS), value: z.string() }),
  responses: {
    200: json(z.object({ exists: z.boolean() }), "Réponse"),
    ...tropDeDemandes,
  },
});

export const creerCompteCandidat = defineEndpoint({
  method: "post",
  path: "/candidate/create",
  summary: "Création d'un compte de structure candidate",
  description:
    "Envoie le courriel de confirmation (lien valable 72 heures). Une adresse déjà inscrite " +
    "répond de même et son titulaire est prévenu par courriel (ADR 0013).",
  tags,
  access: "public",
  body: {
    schema: z
      .object({
        prenom: z.string(),
        nom: z.string(),
        email: z.string(),
        emailConfirmation: z.string(),
        motDePasse: z.string(),
        motDePasseConfirmation: z.string(),
        siren: z.string(),
        raisonSociale: z.string(),
        qualites: wireValues()
          .optional()
          .openapi({ description: "Un ou plusieurs codes de qualité (qualites[])" }),
        telephone: z.string(),
        acceptationCgu: wireCheckbox(),
        acceptationDonneesPersonnelles: wireCheckbox(),
      })
      .strict(),
    formats: ["json", "form"],
  },
  rules: { body: schemaCreationCompte },
  responses: {
    201: json(z.object({ email: z.string() }), "Courriel de confirmation envoyé"),
    409: json(CompteExistant, "Un compte existe déjà pour ce SIREN ou cette raison sociale"),
    422: json(ErreurValidation, "Règles du formulaire (spec §5)"),
    ...tropDeDemandes,
    503: json(MessageErreur, "Le courriel n'a pas pu être envoyé : aucun compte créé"),
  },
});

export const confirmerCompte = defineEndpoint({
  method: "get",
  path: "/user/token-mail-check",
  summary: "Confirmation de l'adresse d'un nouveau compte (lien du courriel)",
  tags,
  access: "public",
  query: z
    .object({ token: z.string().optional().openapi({ description: "Jeton du lien" }) })
    .strict(),
  responses: {
    200: json(z.object({ email: z.string() }), "Compte activé"),
    422: json(ErreurValidation, "Lien absent, inconnu, déjà utilisé ou expiré"),
  },
});

export const demanderNouveauLien = defineEndpoint({
  method: "post",
  path: "/user/token-mail",
  summary: "Nouveau lien de confirmation d'un compte en attente",
  description: "Répond 202 que le compte existe ou non.",
  tags,
  access: "public",
  body: { schema: z.object({ email: z.string() }).strict(), formats: ["json", "form"] },
  rules: { body: schemaNouveauLien },
  responses: {
    202: json(z.object({ message: z.string() }), "Message à afficher"),
    422: json(ErreurValidation, "Adresse invalide"),
    ...tropDeDemandes,
  },
});

export const accepterCgu = defineEndpoint({
  method: "post",
  path: "/user/accept-cgu",
  summary: "Acceptation des conditions d'utilisation en vigueur",
  tags,
  access: ROLE_GATES.demandeur,
  body: {
    schema: z.object({ consentCgu: wireCheckbox(), consentMail: wireCheckbox() }).strict(),
    formats: ["json", "form"],
  },
  rules: { body: schemaAcceptationCgu },
  responses: {
    204: { description: "Acceptées" },
    422: json(ErreurValidation, "Case non cochée"),
  },
});

/** Every endpoint of this file. */
export const pointsCandidat = [
  verifierChamp,
  creerCompteCandidat,
  confirmerCompte,
  demanderNouveauLien,
  accepterCgu,
] as const;
