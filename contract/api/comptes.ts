/**
 * Applicant accounts for the functional administrator (spec §3 "Account
 * list", §6, §7 GET /api/user/accounts).
 */
import { z } from "zod";
import { ROLE_GATES } from "../roles.ts";
import { COMPTES_TRI, comptesQuerySchema, pageSchema } from "../schemas/comptes.ts";
import { CompteDemandeur, ErreurValidation, json } from "./composants.ts";
import { defineEndpoint } from "./endpoint.ts";

/** `order[field]=asc|desc` of spec §7, one parameter per sortable field. */
const ordres = Object.fromEntries(
  COMPTES_TRI.map((champ) => [
    `order[${champ}]`,
    z
      .string()
      .optional()
      .openapi({ description: `Tri par ${champ} : asc ou desc` }),
  ]),
) as Record<`order[${(typeof COMPTES_TRI)[number]}]`, z.ZodOptional<z.ZodString>>;

export const listerComptes = defineEndpoint({
  method: "get",
  path: "/user/accounts",
  summary: "Comptes des structures demandeuses (20 par page)",
  description:
    "Recherche dans la raison sociale, le SIREN, l'adresse électronique ou le nom (sans casse) ; " +
    "tri par `order[champ]=asc|desc` (le premier reconnu ; par défaut les plus récents d'abord).",
  tags: ["Comptes"],
  access: ROLE_GATES.adminFonctionnel,
  query: z
    .object({
      page: z.string().optional().openapi({ description: "À partir de 1 ; 1 par défaut" }),
      query: z.string().optional().openapi({ description: "Raison sociale, SIREN, e-mail ou nom" }),
      ...ordres,
    })
    .strict(),
  rules: {
    query: z
      .object({ page: z.string().optional(), query: z.string().optional() })
      .catchall(z.string().optional())
      .transform(({ page, query, ...ordre }) => {
        const champ = COMPTES_TRI.find((nom) => ordre[`order[${nom}]`] !== undefined);
        return champ
          ? { page, query, orderField: champ, orderDirection: ordre[`order[${champ}]`] }
          : { page, query };
      })
      .pipe(comptesQuerySchema),
  },
  responses: {
    200: json(pageSchema(CompteDemandeur), "Page de comptes"),
    422: json(ErreurValidation, "Page ou tri invalides"),
  },
});

/** Every endpoint of this file. */
export const pointsComptes = [listerComptes] as const;
