/** Geography payloads (spec §3 Geography, §7 Geography). */
import { z } from "zod";

export const regionSchema = z.object({ code: z.string(), nom: z.string() });
export type Region = z.infer<typeof regionSchema>;

export const departementSchema = z.object({
  code: z.string(),
  nom: z.string(),
  codeRegion: z.string(),
});
export type Departement = z.infer<typeof departementSchema>;

export const communeSchema = z.object({
  code: z.string(),
  nom: z.string(),
  codeDepartement: z.string(),
  codeRegion: z.string(),
  codesPostaux: z.array(z.string()),
});
export type Commune = z.infer<typeof communeSchema>;

export const epciSchema = z.object({ code: z.string(), nom: z.string() });
export type Epci = z.infer<typeof epciSchema>;

/** Spec §5/§9: commune search from 1 character, EPCI search from 3. */
export const RECHERCHE_COMMUNE_MIN = 1;
export const RECHERCHE_EPCI_MIN = 3;
/** Most results a geography search returns. */
export const RECHERCHE_LIMITE_MAX = 50;

const codeDepartement = z.string().regex(/^(\d{2,3}|2[AB])$/, "Code de département invalide");

// The two searches read their text and their number of results alike.
const recherche = (min: number, message: string) =>
  z.string({ required_error: message }).trim().min(min, message).max(100);
const limite = z.coerce.number().int().min(1).max(RECHERCHE_LIMITE_MAX).default(20);

/**
 * Query of GET /api/communes/filter: a name prefix (accents, case and
 * punctuation ignored) or, when it is made of digits, a postal code prefix.
 */
export const communesQuerySchema = z.object({
  query: recherche(
    RECHERCHE_COMMUNE_MIN,
    "Saisissez au moins 1 caractère pour rechercher une commune.",
  ),
  codePostal: z
    .string()
    .regex(/^\d{5}$/, "Le code postal doit comporter 5 chiffres.")
    .optional(),
  departements: z.array(codeDepartement).max(120).default([]),
  limit: limite,
});
export type CommunesQuery = z.infer<typeof communesQuerySchema>;

/** Query of GET /api/epcis/filter: part of the name, or the EPCI's SIREN. */
export const epcisQuerySchema = z.object({
  query: recherche(RECHERCHE_EPCI_MIN, "Saisissez au moins 3 caractères pour rechercher un EPCI."),
  limit: limite,
});
export type EpcisQuery = z.infer<typeof epcisQuerySchema>;
