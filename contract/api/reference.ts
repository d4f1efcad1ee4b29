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
import { defineEndpoint, defineReads } from "./endpoint.ts";

const tags = ["Configuration"] as const;

const lecturePublique = defineReads({ tags, access: "public" });

export const lireVersion = lecturePublique("/version", "Version du portail (« 0.1.0@abc1234 »)", {
  200: json(versionSchema, "Version"),
});

export const lireOpenApi = lecturePublique("/openapi.json", "Ce document", {
  200: json(z.record(z.unknown()), "Document OpenAPI 3.1"),
});

export const listerFonctionnalites = lecturePublique(
  "/feature-flipping/list",
  "Fonctionnalités activées",
  { 200: json(featureFlagsSchema, "Nom → activée") },
);

export const lireArreteCourant = lecturePublique("/arrete/current", "Arrêté en vigueur", {
  200: json(Arrete, "Arrêté courant"),
  404: json(MessageErreur, "Aucun arrêté en vigueur"),
});

export const listerQualites = lecturePublique(
  "/company/qualities",
  "Qualités d'une structure candidate",
  { 200: json(z.array(Qualite), "Qualités") },
);

export const listerFormesJuridiques = lecturePublique(
  "/company/forme_juridiques",
  "Formes juridiques (catégories juridiques INSEE)",
  { 200: json(z.array(FormeJuridique), "Formes juridiques") },
);

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
