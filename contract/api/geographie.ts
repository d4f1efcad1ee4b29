/**
 * Geography (spec §7 Geography and Configuration, §5 multi-select): régions,
 * départements, commune and EPCI searches. Public.
 */
import { z } from "zod";
import { communesQuerySchema, epcisQuerySchema } from "../schemas/geographie.ts";
import { Commune, Departement, Epci, ErreurValidation, Region, json } from "./composants.ts";
import { defineEndpoint } from "./endpoint.ts";

const tags = ["Géographie"] as const;

export const listerRegions = defineEndpoint({
  method: "get",
  path: "/regions",
  summary: "Régions, par code",
  tags,
  access: "public",
  responses: { 200: json(z.array(Region), "Régions") },
});

export const listerDepartements = defineEndpoint({
  method: "get",
  path: "/departements",
  summary: "Départements, par code",
  tags,
  access: "public",
  responses: { 200: json(z.array(Departement), "Départements") },
});

export const rechercherCommunes = defineEndpoint({
  method: "get",
  path: "/communes/filter",
  summary: "Recherche de communes",
  description:
    "Début du nom (accents, casse et ponctuation ignorés) ou, en chiffres, début du code postal ; " +
    "les noms exacts d'abord, puis par population.",
  tags,
  access: "public",
  query: z
    .object({
      query: z.string().openapi({
        description:
          "Début du nom (accents et casse ignorés) ou du code postal ; 1 caractère au moins",
      }),
      codePostal: z.string().optional().openapi({ description: "Code postal exact (5 chiffres)" }),
      departements: z
        .array(z.string())
        .optional()
        .openapi({ description: "Codes de départements" }),
      limit: z.string().optional().openapi({ description: "1 à 50 ; 20 par défaut" }),
    })
    .strict(),
  rules: { query: communesQuerySchema },
  responses: {
    200: json(z.array(Commune), "Au plus 50 communes"),
    422: json(ErreurValidation, "Recherche vide, code postal ou limite invalides"),
  },
});

export const rechercherEpcis = defineEndpoint({
  method: "get",
  path: "/epcis/filter",
  summary: "Recherche d'EPCI",
  tags,
  access: "public",
  query: z
    .object({
      query: z
        .string()
        .openapi({ description: "Partie du nom (3 caractères au moins) ou SIREN de l'EPCI" }),
      limit: z.string().optional().openapi({ description: "1 à 50 ; 20 par défaut" }),
    })
    .strict(),
  rules: { query: epcisQuerySchema },
  responses: {
    200: json(z.array(Epci), "Au plus 50 EPCI"),
    422: json(ErreurValidation, "Moins de 3 caractères, ou limite invalide"),
  },
});

/** Every endpoint of this file. */
export const pointsGeographie = [
  listerRegions,
  listerDepartements,
  rechercherCommunes,
  rechercherEpcis,
] as const;
