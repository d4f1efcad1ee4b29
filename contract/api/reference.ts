/**
 * Reference data and configuration (spec §7 Configuration): version, this
 * document, feature flags, current arrêté, company qualities and legal
 * forms (public), information banners (signed in).
 */
import { z } from "zod";
import { bandeauxQuerySchema, featureFlagsSchema, versionSchema } from "../schemas/reference.ts";
import {
  Arrete,
  BandeauInformatif,
  ErreurValidation,
  FormeJuridique,
  MessageErreur,
  Qualite,
  json,
} from "./composants.ts";
import { defineEndpoint } from "./endpoint.ts";

const tags = ["Configuration"] as const;

export const lireVersion = defineEndpoint({
  method: "get",
  path: "/version",
  summary: "Version du portail (« 0.1.0@abc1234 »)",
  tags,
  access: "public",
  responses: { 200: json(versionSchema, "Version") },
});

export const lireOpenApi = defineEndpoint({
  method: "get",
  path: "/openapi.json",
  summary: "Ce document",
  tags,
  access: "public",
  responses: { 200: { description: "Document OpenAPI 3.1", schema: z.record(z.unknown()) } },
});

export const listerFonctionnalites = defineEndpoint({
  method: "get",
  path: "/feature-flipping/list",
  summary: "Fonctionnalités activées",
  tags,
  access: "public",
  responses: { 200: json(featureFlagsSchema, "Nom → activée") },
});

export const lireArreteCourant = defineEndpoint({
  method: "get",
  path: "/arrete/current",
  summary: "Arrêté en vigueur",
  tags,
  access: "public",
  responses: {
    200: json(Arrete, "Arrêté courant"),
    404: json(MessageErreur, "Aucun arrêté en vigueur"),
  },
});

export const listerQualites = defineEndpoint({
  method: "get",
  path: "/company/qualities",
  summary: "Qualités d'une structure candidate",
  tags,
  access: "public",
  responses: { 200: json(z.array(Qualite), "Qualités") },
});

export const listerFormesJuridiques = defineEndpoint({
  method: "get",
  path: "/company/forme_juridiques",
  summary: "Formes juridiques (catégories juridiques INSEE)",
  tags,
  access: "public",
  responses: { 200: json(z.array(FormeJuridique), "Formes juridiques") },
});

export const listerBandeaux = defineEndpoint({
  method: "get",
  path: "/bandeaux-informatifs",
  summary: "Bandeaux d'information en cours",
  description:
    "Les bandeaux `general` actifs aujourd'hui, et ceux de type `info` du `demandeType` donné.",
  tags,
  access: "authenticated",
  query: z
    .object({
      demandeType: z.string().optional().openapi({ description: "demande ou changement-notable" }),
      demande: z.string().optional().openapi({
        description: "Identifiant de la demande affichée (ne restreint pas la liste)",
      }),
    })
    .strict(),
  rules: { query: bandeauxQuerySchema },
  responses: {
    200: json(z.array(BandeauInformatif), "Bandeaux"),
    422: json(ErreurValidation, "demandeType inconnu"),
  },
});

/** Every endpoint of this file. */
export const pointsReference = [
  lireVersion,
  lireOpenApi,
  listerFonctionnalites,
  lireArreteCourant,
  listerQualites,
  listerFormesJuridiques,
  listerBandeaux,
] as const;
