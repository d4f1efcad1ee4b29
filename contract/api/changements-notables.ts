/**
 * Perimeter extensions, the applicant's side (spec §7 Requests: GET
 * /api/changement-notables/mes-changements-notables, GET
 * api/changement-notable/procedure (type); ADR 0020). Creation is
 * CREER_EXTENSION_PERIMETRE on POST /api/agrement/{id}/action
 * (rapports-annuels.ts), the draft's actions go through POST
 * /api/changement-notable/{id}/action (demandes.ts).
 */
import { z } from "zod";
import { TYPES_CHANGEMENT_NOTABLE } from "../etats.ts";
import { ROLE_GATES } from "../roles.ts";
import { ErreurValidation, MessageErreur, json } from "./composants.ts";
import { DemandeResume } from "./demandes.ts";
import { defineEndpoint } from "./endpoint.ts";

const tags = ["Changements notables"] as const;

export const listerMesChangementsNotables = defineEndpoint({
  method: "get",
  path: "/changement-notables/mes-changements-notables",
  summary: "Les changements notables (extensions de périmètre) de la structure de l'appelant",
  description:
    "Même forme que GET /api/demandes/mes-demandes : celui en cours (brouillon ou déposé sans " +
    "décision) d'abord, puis les plus récents.",
  tags,
  access: ROLE_GATES.demandeur,
  responses: { 200: json(z.array(DemandeResume), "Les changements notables") },
});

/** Message of an unknown or absent `type` of notable change. */
export const MESSAGE_TYPE_CHANGEMENT = "Ce type de changement notable n'existe pas.";

export const lireProcedureChangementNotable = defineEndpoint({
  method: "get",
  path: "/changement-notable/procedure",
  summary: "Rubriques de pièces jointes d'un changement notable, limites et ce qui manque",
  description:
    "Même forme que GET /api/demande/{id}/procedure (ProcedureDemande). `type` : " +
    `${TYPES_CHANGEMENT_NOTABLE.join(", ")}. Avec \`id\` (un changement notable que l'appelant ` +
    "voit), les fichiers déjà déposés et ce qui manque encore à ce brouillon ; sans, ceux d'un " +
    "brouillon vide.",
  tags,
  access: "authenticated",
  query: z
    .object({
      type: z.string().optional().openapi({ description: "extension_perimetre" }),
      id: z.string().optional().openapi({ description: "Identifiant du changement notable" }),
    })
    .strict(),
  rules: {
    query: z.object({
      type: z.enum(TYPES_CHANGEMENT_NOTABLE, {
        errorMap: () => ({ message: MESSAGE_TYPE_CHANGEMENT }),
      }),
      id: z.string().optional(),
    }),
  },
  responses: {
    200: { description: "ProcedureDemande" },
    404: json(MessageErreur, "Changement notable inconnu ou que l'appelant ne peut pas voir"),
    422: json(ErreurValidation, "Type de changement notable inconnu"),
  },
});

/** Every endpoint of this file. */
export const pointsChangementsNotables = [
  listerMesChangementsNotables,
  lireProcedureChangementNotable,
] as const;
