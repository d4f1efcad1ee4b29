/**
 * The acceptance-testing clock (setting HORLOGE_RECETTE): an
 * admin_fonctionnel reads and moves the business date the API's rules and
 * jobs see (api/domain/horloge.ts horlogeDecalable), so that a test portal
 * reaches a period such as the annual activity report's window (ADR 0017).
 * Off (the default): both answer 404.
 */
import { z } from "zod";
import { ROLE_GATES } from "../roles.ts";
import { ErreurValidation, MessageErreur, json } from "./composants.ts";
import { defineEndpoint } from "./endpoint.ts";

const tags = ["Recette"] as const;

/** What both endpoints answer: the real instant and the simulated one (null: none). */
export const etatHorlogeRecetteSchema = z
  .object({
    reelle: z.string().openapi({ description: "Instant réel (ISO 8601, UTC)" }),
    simulee: z.string().nullable().openapi({
      description: "Instant simulé que lisent les règles de l'API (ISO 8601, UTC) ; null : aucun",
    }),
  })
  .openapi("EtatHorlogeRecette");

export type EtatHorlogeRecette = z.infer<typeof etatHorlogeRecetteSchema>;

/** Checked instant of the body (422 in French otherwise). */
export const corpsHorlogeRecetteSchema = z.object({
  date: z
    .string()
    .datetime({
      offset: true,
      message:
        "Saisissez une date et une heure au format ISO 8601, par exemple 2027-02-15T12:00:00+01:00.",
    })
    .nullable(),
});

const inactive = json(MessageErreur, "Horloge de recette désactivée (HORLOGE_RECETTE=false)");

export const lireHorlogeRecette = defineEndpoint({
  method: "get",
  path: "/recette/horloge",
  summary: "Date réelle et date simulée du portail de recette",
  tags,
  access: ROLE_GATES.adminFonctionnel,
  responses: {
    200: json(etatHorlogeRecetteSchema, "Dates réelle et simulée"),
    404: inactive,
  },
});

export const reglerHorlogeRecette = defineEndpoint({
  method: "put",
  path: "/recette/horloge",
  summary: "Simuler une date sur le portail de recette, ou revenir à la date réelle",
  description:
    "`date` : l'instant que l'horloge des règles et des tâches doit lire maintenant ; elle avance " +
    "ensuite au rythme réel. `null` : retour à la date réelle. Le fournisseur d'identité et les " +
    "sessions gardent l'horloge réelle.",
  tags,
  access: ROLE_GATES.adminFonctionnel,
  body: {
    schema: z
      .object({
        date: z.string().nullable().openapi({
          description: "Instant ISO 8601 avec fuseau, ou null",
          example: "2027-02-15T12:00:00+01:00",
        }),
      })
      .strict(),
    formats: ["json"],
  },
  rules: { body: corpsHorlogeRecetteSchema },
  responses: {
    200: json(etatHorlogeRecetteSchema, "Dates réelle et simulée après le réglage"),
    404: inactive,
    422: json(ErreurValidation, "Date invalide"),
  },
});

/** Every endpoint of this file. */
export const pointsRecette = [lireHorlogeRecette, reglerHorlogeRecette] as const;
