/**
 * The signed-in user's account (spec §3 Current user, §7 GET
 * /api/user/account, POST /api/user/parametre-mail).
 */
import { z } from "zod";
import { PARAMETRES_MAIL } from "../schemas/parametres-mail.ts";
import { schemaParametresMail } from "../schemas/utilisateur.ts";
import {
  ErreurValidation,
  MessageErreur,
  UtilisateurCourant,
  json,
  tropDeDemandes,
} from "./composants.ts";
import { defineEndpoint, wireCheckbox, wireValues } from "./endpoint.ts";
import { ROLE_GATES } from "../roles.ts";
import {
  schemaChangementEmail,
  schemaChangementMotDePasse,
  schemaConfirmationEmail,
  schemaPerimetreSupervision,
  verificationLienEmailSchema,
} from "../schemas/compte-parametres.ts";

const tags = ["Comptes"] as const;

export const lireUtilisateurCourant = defineEndpoint({
  method: "get",
  path: "/user/account",
  summary: "Utilisateur connecté",
  description:
    "Identité, rôles métier, service, acceptation des CGU (seul un demandeur doit les accepter), " +
    "périmètre de supervision, société du demandeur, préférences de courriel.",
  tags,
  access: "authenticated",
  responses: { 200: json(UtilisateurCourant, "Utilisateur") },
});

export const enregistrerParametresMail = defineEndpoint({
  method: "post",
  path: "/user/parametre-mail",
  summary: "Préférences de courriel de l'utilisateur connecté",
  description:
    "Une case par code de préférence (« on » ou « true » : oui ; absente : non). Remplace les " +
    "préférences enregistrées. Les autres champs sont ignorés (formulaire de /account/params).",
  tags,
  access: "authenticated",
  body: {
    // Not strict: a form may post more than the boxes (spec §3: unknown fields are ignored).
    schema: z.object(Object.fromEntries(PARAMETRES_MAIL.map(({ code }) => [code, wireCheckbox()]))),
    formats: ["json", "form"],
  },
  rules: { body: schemaParametresMail },
  responses: {
    204: { description: "Enregistrées" },
    422: json(ErreurValidation, "Valeur illisible"),
  },
});

// ── Account settings (ADR 0025) ──────────────────────────────────────────────
// POST /api/user/token-mail and GET /api/user/token-mail-check of spec §7 are
// already the applicant's confirmation link (contract/api/candidat.ts): the
// change of e-mail lives under /user/token-mail/… (ADR 0025).

export const demanderChangementEmail = defineEndpoint({
  method: "post",
  path: "/user/token-mail/changement",
  summary: "Changement d'adresse électronique : lien de confirmation à la nouvelle adresse",
  description:
    "Le mot de passe actuel est exigé (vérifications limitées comme la connexion). Envoie un " +
    "lien à usage unique (24 heures) à la nouvelle adresse et prévient l'ancienne ; si la " +
    "nouvelle adresse est déjà celle d'un compte, la réponse est la même et c'est son " +
    "titulaire qui est prévenu. L'adresse du compte (identifiant de connexion) ne change qu'à " +
    "la confirmation. Demandes limitées par compte, par adresse visée et par IP.",
  tags,
  access: "authenticated",
  body: {
    schema: z.object({ email: z.string(), motDePasseActuel: z.string() }).partial().strict(),
    formats: ["json", "form"],
  },
  rules: { body: schemaChangementEmail },
  responses: {
    202: json(z.object({ email: z.string() }), "Demande prise en compte"),
    409: json(MessageErreur, "Mot de passe et adresse gérés par un fournisseur d'identité externe"),
    422: json(ErreurValidation, "Adresse invalide ou identique, mot de passe actuel faux"),
    ...tropDeDemandes,
    503: json(MessageErreur, "Le courriel n'a pas pu être envoyé : rien n'a changé"),
  },
});

export const verifierLienChangementEmail = defineEndpoint({
  method: "get",
  path: "/user/token-mail/changement",
  summary: "Le lien de changement d'adresse est-il valable ? (isEmailTokenValid)",
  description: "Ne consomme pas le lien : la confirmation se fait par POST.",
  tags,
  access: "public",
  query: z
    .object({ token: z.string().optional().openapi({ description: "Jeton du lien" }) })
    .strict(),
  responses: { 200: json(verificationLienEmailSchema, "Validité du lien") },
});

export const confirmerChangementEmail = defineEndpoint({
  method: "post",
  path: "/user/token-mail/confirmation",
  summary: "Confirmation du changement d'adresse électronique (lien du courriel)",
  description:
    "Consomme le lien (usage unique), remplace l'adresse du compte, qui devient l'identifiant " +
    "de connexion, et ferme toutes les sessions du compte.",
  tags,
  access: "public",
  body: { schema: z.object({ token: z.string().optional() }).strict(), formats: ["json", "form"] },
  rules: { body: schemaConfirmationEmail },
  responses: {
    200: json(z.object({ email: z.string() }), "Adresse changée"),
    422: json(ErreurValidation, "Lien absent, inconnu, déjà utilisé ou expiré"),
  },
});

export const changerMotDePasse = defineEndpoint({
  method: "post",
  path: "/user/mot-de-passe",
  summary: "Changement de mot de passe de l'utilisateur connecté",
  description:
    "Mot de passe actuel vérifié (vérifications limitées comme la connexion) ; règles de la " +
    "spec §5 ; différent de l'ancien. Toutes les sessions du compte sauf celle de l'appel sont " +
    "fermées et les liens de changement d'adresse en attente ne valent plus.",
  tags,
  access: "authenticated",
  body: {
    schema: z
      .object({ motDePasseActuel: z.string(), motDePasse: z.string(), confirmation: z.string() })
      .partial()
      .strict(),
    formats: ["json", "form"],
  },
  rules: { body: schemaChangementMotDePasse },
  responses: {
    204: { description: "Mot de passe changé" },
    409: json(MessageErreur, "Mot de passe géré par un fournisseur d'identité externe"),
    422: json(ErreurValidation, "Mot de passe actuel faux, règle non respectée, identique"),
    ...tropDeDemandes,
  },
});

/**
 * Regions and departments chosen (lists `regions[]`, `departements[]`) and
 * the current password: a superviseur's perimeter, and the bound the
 * administration opens to one (contract/api/administration.ts).
 */
export const corpsTerritoires = {
  schema: z
    .object({
      regions: wireValues().optional(),
      departements: wireValues().optional(),
      motDePasseActuel: z.string().optional(),
    })
    .strict(),
  formats: ["json", "form"],
} as const;

export const enregistrerPerimetreSupervision = defineEndpoint({
  method: "post",
  path: "/user/perimetre-supervision",
  summary: "Périmètre de supervision du superviseur connecté",
  description:
    "Régions et départements (codes, listes `regions[]`, `departements[]`), au moins un, " +
    "dans la borne du compte (`borneSupervision` de /user/account, ADR 0041), et le mot de " +
    "passe actuel quand le portail le détient. Remplace le périmètre enregistré et l'écrit " +
    "dans l'historique du compte.",
  tags,
  access: ROLE_GATES.superviseur,
  body: corpsTerritoires,
  rules: { body: schemaPerimetreSupervision },
  responses: {
    204: { description: "Périmètre enregistré" },
    422: json(
      ErreurValidation,
      "Aucun choix, mot de passe actuel absent ou faux, code inconnu ou hors de la borne du compte",
    ),
    ...tropDeDemandes,
  },
});

/** Every endpoint of this file. */
export const pointsUtilisateur = [
  lireUtilisateurCourant,
  enregistrerParametresMail,
  demanderChangementEmail,
  verifierLienChangementEmail,
  confirmerChangementEmail,
  changerMotDePasse,
  enregistrerPerimetreSupervision,
] as const;
