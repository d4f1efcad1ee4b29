/**
 * Instruction staff and services (spec §7 Intervenants): assignment and
 * dashboard filters. Staff only (spec §6 gate `staff`).
 */
import { z } from "zod";
import { ROLE_GATES } from "../roles.ts";
import { intervenantsQuerySchema } from "../schemas/utilisateur.ts";
import { ErreurValidation, Intervenant, ServiceInstructeur, json } from "./composants.ts";
import { defineEndpoint } from "./endpoint.ts";
import { listeRepetee } from "./filtres.ts";

const tags = ["Intervenants"] as const;

export const listerIntervenants = defineEndpoint({
  method: "get",
  path: "/intervenants",
  summary: "Agents instructeurs",
  description:
    "Les agents des services demandés ; sans paramètre, ceux du service de l'appelant " +
    "(de tous les services pour les rôles centraux). Par nom puis prénom.",
  tags,
  access: ROLE_GATES.staff,
  query: z
    .object({
      servicesInstructeur: listeRepetee("Identifiants de services instructeurs"),
    })
    .strict(),
  rules: { query: intervenantsQuerySchema },
  responses: {
    200: json(z.array(Intervenant), "Agents"),
    422: json(ErreurValidation, "Identifiant de service invalide"),
  },
});

export const listerServicesInstructeurs = defineEndpoint({
  method: "get",
  path: "/intervenants/services-instructeur",
  summary: "Services instructeurs et leurs départements",
  tags,
  access: ROLE_GATES.staff,
  responses: { 200: json(z.array(ServiceInstructeur), "Services") },
});

/** Every endpoint of this file. */
export const pointsIntervenants = [listerIntervenants, listerServicesInstructeurs] as const;
