/**
 * The household directory (beyond the spec): which
 * referenced establishments serve a commune, as the public page
 * /trouver-un-accompagnateur and the open data GET
 * /api/public/etablissements(.csv) give them. Only what an establishment
 * publishes for households: names, address, contact, approval number, SIRET.
 */
import { z } from "zod";
import { MESSAGES } from "../validation.ts";
import { PAGE_MAX } from "./listes.ts";

/** French texts of the directory (field errors, empty state). */
export const MESSAGES_ANNUAIRE = {
  rechercheRequise: "Saisissez un code postal ou le nom d'une commune.",
  codePostal: MESSAGES.codePostal,
  aucuneCommune: (saisie: string) =>
    `Aucune commune ne correspond à « ${saisie} ». Vérifiez le code postal ou l'orthographe de la commune.`,
  communeRequise: "Choisissez une commune dans la liste.",
  codeCommune: "Le code de commune doit comporter 5 caractères (code INSEE, par exemple 75056).",
  communeInconnue: (code: string) => `Aucune commune ne porte le code INSEE ${code}.`,
  aucunResultat: "Aucun accompagnateur référencé ne couvre cette commune pour le moment.",
} as const;

/** Establishments per page of the directory. */
export const ANNUAIRE_PAR_PAGE = 20;

/** INSEE code of a commune: 5 digits, or 2A/2B and 3 digits in Corsica. */
const CODE_COMMUNE = /^(\d{5}|2[AB]\d{3})$/;

/**
 * Query of GET /api/public/etablissements and its CSV: `codeCommune` (INSEE
 * code, required) and, for the JSON, `page` (from 1).
 */
export const annuaireQuerySchema = z.object({
  codeCommune: z
    .string({ required_error: MESSAGES_ANNUAIRE.codeCommune })
    .trim()
    .toUpperCase()
    .regex(CODE_COMMUNE, MESSAGES_ANNUAIRE.codeCommune),
  page: z.coerce
    .number({ message: MESSAGES.entier })
    .int(MESSAGES.entier)
    .min(1)
    .max(PAGE_MAX, MESSAGES.maximum(PAGE_MAX))
    .default(1),
});
export type AnnuaireQuery = z.infer<typeof annuaireQuerySchema>;

/**
 * The search field of the page: a postal code (5 digits) or the start of a
 * commune's name. Digits alone must make a whole postal code.
 */
export const rechercheAnnuaireSchema = z.object({
  recherche: z
    .string({ required_error: MESSAGES_ANNUAIRE.rechercheRequise })
    .trim()
    .min(1, MESSAGES_ANNUAIRE.rechercheRequise)
    .max(100, MESSAGES.maxLength(100))
    .refine((valeur) => !/^[\d\s]+$/.test(valeur) || /^\d{5}$/.test(valeur.replace(/\s/g, "")), {
      message: MESSAGES_ANNUAIRE.codePostal,
    }),
});

/** An establishment as households see it. */
export const accompagnateurSchema = z.object({
  id: z.string(),
  /** The "Mon Accompagnateur Rénov'" name when given, else the establishment's name. */
  nom: z.string(),
  raisonSociale: z.string(),
  siret: z.string(),
  adresse1: z.string(),
  adresse2: z.string().nullable(),
  codePostal: z.string(),
  ville: z.string(),
  tel: z.string().nullable(),
  email: z.string().nullable(),
  siteInternet: z.string().nullable(),
  numeroAgrement: z.string(),
});
export type Accompagnateur = z.infer<typeof accompagnateurSchema>;

/** The commune searched, as the answer names it. */
export const communeAnnuaireSchema = z.object({
  code: z.string(),
  nom: z.string(),
  codeDepartement: z.string(),
});

/** Answer of GET /api/public/etablissements: one page, by name. */
export const resultatAnnuaireSchema = z.object({
  commune: communeAnnuaireSchema,
  total: z.number().int(),
  page: z.number().int(),
  parPage: z.number().int(),
  etablissements: z.array(accompagnateurSchema),
});
export type ResultatAnnuaire = z.infer<typeof resultatAnnuaireSchema>;
