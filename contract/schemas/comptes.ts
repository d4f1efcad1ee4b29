/** Applicant accounts list (spec §3 "Account list/detail", §7 GET /api/user/accounts). */
import { z } from "zod";
import { ACTIONS_COMPTE, ETATS_DEMANDE } from "../etats.ts";
import { ETATS_NORMALISES_SUPPLEMENTAIRES } from "../statuts.ts";
import { CODES_QUALITE } from "../qualites.ts";
import { ENTIER_MAX, MESSAGES, caseCochee, email, telephone, texte } from "../validation.ts";

/** Lists of DESIGN §7: `{ page, nb_elements, nb_pages, result }`, first page 1. */
export function pageSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    page: z.number().int().min(1),
    nb_elements: z.number().int().min(0),
    nb_pages: z.number().int().min(0),
    result: z.array(item),
  });
}

export interface Page<T> {
  page: number;
  nb_elements: number;
  nb_pages: number;
  result: T[];
}

/** One applicant account of the list. `dateCreation` is an ISO 8601 instant. */
export const compteDemandeurSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  telephone: z.string().nullable(),
  siren: z.string().nullable(),
  raisonSociale: z.string().nullable(),
  qualites: z.array(z.string()),
  statut: z.enum(["actif", "en_attente"]),
  dateCreation: z.string(),
  /**
   * Spec §3 "Account list/detail" `demandes` (their number is the
   * "number of associated requests"): every request of the account's
   * company, approval or notable change, newest first, with its state and
   * its normalised state (spec §4); empty without a company.
   */
  demandes: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(["demande", "changement-notable"]),
      numeroDossier: z.string().nullable(),
      etat: z.enum(ETATS_DEMANDE),
      etatNormalise: z.enum([...ETATS_DEMANDE, ...ETATS_NORMALISES_SUPPLEMENTAIRES]),
    }),
  ),
  /**
   * Spec §4 Account actions the server allows on this account now
   * (api/domain/gestion-des-comptes/gestion.ts, ADR 0022).
   */
  actionsDisponibles: z.array(z.object({ action: z.enum(ACTIONS_COMPTE) })),
});
export type CompteDemandeur = z.infer<typeof compteDemandeurSchema>;

export const COMPTES_TRI = ["dateCreation", "raisonSociale", "email", "siren"] as const;
export type CompteTri = (typeof COMPTES_TRI)[number];

/** Page size of the accounts list. */
export const COMPTES_PAR_PAGE = 20;

/** Query of GET /api/user/accounts: `page`, `query`, `order[field]=asc|desc`. */
export const comptesQuerySchema = z.object({
  page: z.coerce
    .number({ invalid_type_error: "Le numéro de page n'est pas valide" })
    .int()
    .min(1)
    .max(ENTIER_MAX)
    .default(1),
  query: z.string().trim().max(100, "La recherche est trop longue").optional(),
  orderField: z.enum(COMPTES_TRI).default("dateCreation"),
  orderDirection: z.enum(["asc", "desc"]).default("desc"),
});

// ── Account detail and actions (spec §3, §4 Account actions, §5 Accounts) ──

/**
 * GET /api/user/account/{id}: the list's account plus the company's contact
 * details that MODIFIER_INFO_SOCIETE may change (those of its draft
 * request's step 1, ADR 0022; null without a draft).
 */
export const compteDetailSchema = compteDemandeurSchema.extend({
  coordonneesStructure: z
    .object({ telephone: z.string().nullable(), email: z.string().nullable() })
    .nullable(),
});
export type CompteDetail = z.infer<typeof compteDetailSchema>;

/** French messages of the account actions (spec §5 Accounts; texts not shown there, decided here). */
export const MESSAGES_COMPTE = {
  confirmationSuppression: "Vous devez confirmer la suppression du compte.",
  confirmationModification: "Vous devez confirmer la modification des informations du compte.",
  qualiteUnique: "Une structure ne peut garder qu'une seule qualité.",
  societeFigee: "La raison sociale et le SIREN ne peuvent pas être modifiés.",
  nonSupprimable:
    "Ce compte ne peut pas être supprimé : sa structure détient un agrément ou une demande déposée.",
  sansSociete: "Ce compte n'est rattaché à aucune structure.",
  sansBrouillon:
    "La structure n'a pas de demande en brouillon dont les coordonnées pourraient être modifiées.",
} as const;

/** SUPPRIMER_COMPTE (spec §5 "account deletion needs a reason and confirmation"). */
export const schemaSuppressionCompte = z.object({
  motif: texte(1000),
  confirmation: caseCochee(MESSAGES_COMPTE.confirmationSuppression),
});

/** MODIFIER_REFERENT_COMPTE: the representative's first name, last name and phone (spec §5 Phone). */
export const schemaReferentCompte = z.object({
  prenom: texte(100),
  nom: texte(100),
  telephone: telephone(),
  confirmation: caseCochee(MESSAGES_COMPTE.confirmationModification),
});

/** MODIFIER_QUALITES_COMPTE: the one quality the company keeps (spec §5). */
export const schemaQualitesCompte = z.object({
  qualite: z.enum(CODES_QUALITE, { errorMap: () => ({ message: MESSAGES.requis }) }),
  confirmation: caseCochee(MESSAGES_COMPTE.confirmationModification),
});

/** MODIFIER_INFO_SOCIETE: the company's phone and e-mail (never its name nor SIREN; ADR 0022). */
export const schemaInfoSociete = z.object({
  telephone: telephone(),
  email: email(),
  confirmation: caseCochee(MESSAGES_COMPTE.confirmationModification),
});

/** The rules of each account action the administrator posts (spec §4 Account actions). */
export const SCHEMAS_ACTION_COMPTE = {
  SUPPRIMER_COMPTE: schemaSuppressionCompte,
  MODIFIER_REFERENT_COMPTE: schemaReferentCompte,
  MODIFIER_QUALITES_COMPTE: schemaQualitesCompte,
  MODIFIER_INFO_SOCIETE: schemaInfoSociete,
} as const;
export type ActionGestionCompte = keyof typeof SCHEMAS_ACTION_COMPTE;
export const ACTIONS_GESTION_COMPTE = Object.keys(SCHEMAS_ACTION_COMPTE) as ActionGestionCompte[];
