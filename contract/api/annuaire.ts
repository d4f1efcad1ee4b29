/**
 * The household directory as open data (beyond the spec):
 * the referenced establishments serving a commune, in JSON (one page) or
 * CSV (all of them). Public, no sign-in; rate-limited per IP (ADR 0013).
 */
import { z } from "zod";
import { annuaireQuerySchema, resultatAnnuaireSchema } from "../schemas/annuaire.ts";
import { ErreurValidation, fichier, json } from "./composants.ts";
import { defineEndpoint } from "./endpoint.ts";

const tags = ["Annuaire des accompagnateurs"] as const;

const query = z
  .object({
    codeCommune: z
      .string()
      .openapi({ description: "Code INSEE de la commune (5 caractères, ex. 75056)" }),
    page: z.string().optional().openapi({ description: "Page (20 établissements), 1 par défaut" }),
  })
  .strict();

const refus = {
  422: json(ErreurValidation, "Code de commune absent, mal formé ou inconnu"),
  429: {
    ...json(
      z.object({ message: z.string(), retryAfter: z.number().int() }),
      "Trop de demandes : réessayer après le délai donné",
    ),
    headers: { "Retry-After": "Secondes à attendre" },
  },
};

const description =
  "Établissements référencés dont le périmètre d'intervention couvre la commune (la commune, " +
  "son EPCI, son département ou sa région), sous un agrément en cours (ni suspendu, ni retiré, " +
  "ni périmé), par nom.";

export const rechercherAccompagnateurs = defineEndpoint({
  method: "get",
  path: "/public/etablissements",
  summary: "Accompagnateurs référencés couvrant une commune",
  description,
  tags,
  access: "public",
  query,
  rules: { query: annuaireQuerySchema },
  responses: {
    200: {
      ...json(resultatAnnuaireSchema.openapi("ResultatAnnuaire"), "Une page, par nom"),
      headers: { "Cache-Control": "public, max-age=300" },
    },
    ...refus,
  },
});

export const exporterAccompagnateurs = defineEndpoint({
  method: "get",
  path: "/public/etablissements.csv",
  summary: "Accompagnateurs référencés couvrant une commune (CSV)",
  description: `${description} Tous les établissements, séparateur « ; », UTF-8 avec BOM.`,
  tags,
  access: "public",
  query: query.omit({ page: true }),
  rules: { query: annuaireQuerySchema.omit({ page: true }) },
  responses: {
    200: fichier("accompagnateurs-<code commune>.csv", "text/csv", "attachment ; nom du fichier", {
      "Cache-Control": "public, max-age=300",
    }),
    ...refus,
  },
});

/** Every endpoint of this file. */
export const pointsAnnuaire = [rechercherAccompagnateurs, exporterAccompagnateurs] as const;
