/**
 * Geography (spec §7 Geography and Configuration, §5 multi-select): régions,
 * départements, commune and EPCI searches. Public.
 */
import { z } from "zod";
import { communesQuerySchema, epcisQuerySchema } from "../schemas/geographie.ts";
import { Commune, Departement, Epci, ErreurValidation, Region, json } from "./composants.ts";
import { defineEndpoint, defineReads } from "./endpoint.ts";
import { listeRepetee } from "./filtres.ts";

const tags = ["Géographie"] as const;

/** `limit` of a search as sent. */
const limite = () => z.string().optional().openapi({ description: "1 à 50 ; 20 par défaut" });

/**
 * The query of a commune search as sent, and its rules: here and within an
 * approval's perimeter (contract/api/etablissements.ts).
 */
export const requeteCommunes = {
  query: z
    .object({
      query: z.string().openapi({
        description:
          "Début du nom (accents et casse ignorés) ou du code postal ; 1 caractère au moins",
      }),
      codePostal: z.string().optional().openapi({ description: "Code postal exact (5 chiffres)" }),
      departements: listeRepetee("Codes de départements"),
      limit: limite(),
    })
    .strict(),
  rules: { query: communesQuerySchema },
};

/** The answers of a commune search. */
export const reponsesCommunes = {
  200: json(z.array(Commune), "Au plus 50 communes"),
  422: json(ErreurValidation, "Recherche vide, code postal ou limite invalides"),
};

/** The query of an EPCI search as sent, and its rules; `recherche` describes `query`. */
export const requeteEpcis = (recherche: string) => ({
  query: z
    .object({ query: z.string().openapi({ description: recherche }), limit: limite() })
    .strict(),
  rules: { query: epcisQuerySchema },
});

/** The answers of an EPCI search. */
export const reponsesEpcis = {
  200: json(z.array(Epci), "Au plus 50 EPCI"),
  422: json(ErreurValidation, "Moins de 3 caractères, ou limite invalide"),
};

const lecturePublique = defineReads({ tags, access: "public" });

export const listerRegions = lecturePublique("/regions", "Régions, par code", {
  200: json(z.array(Region), "Régions"),
});

export const listerDepartements = lecturePublique("/departements", "Départements, par code", {
  200: json(z.array(Departement), "Départements"),
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
  ...requeteCommunes,
  responses: reponsesCommunes,
});

export const rechercherEpcis = defineEndpoint({
  method: "get",
  path: "/epcis/filter",
  summary: "Recherche d'EPCI",
  tags,
  access: "public",
  ...requeteEpcis("Partie du nom (3 caractères au moins) ou SIREN de l'EPCI"),
  responses: reponsesEpcis,
});

/** Every endpoint of this file. */
export const pointsGeographie = [
  listerRegions,
  listerDepartements,
  rechercherCommunes,
  rechercherEpcis,
] as const;
