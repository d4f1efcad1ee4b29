/**
 * Approvals (spec §7 Approvals; §4 "The approval page is accessible when
 * en_cours or suspendu"; DESIGN §4): the applicant's current approval and
 * one approval by id.
 */
import { z } from "zod";
import { ROLE_GATES } from "../roles.ts";
import type { Agrement as AgrementContrat } from "../schemas/agrement.ts";
import { ACTIONS_RAPPORT_ANNUEL, ETATS_RAPPORT_ANNUEL } from "../schemas/rapport-annuel.ts";
import { MessageErreur, json } from "./composants.ts";
import { defineEndpoint } from "./endpoint.ts";

const tags = ["Agréments"] as const;

const codeNom = z.object({ code: z.string(), nom: z.string() });

const PieceJointe = z
  .object({
    id: z.string(),
    nom: z.string(),
    mimeType: z.string(),
    size: z.number().int().openapi({ description: "Octets" }),
    codeTypePJ: z.string(),
    dateCreation: z.string(),
  })
  .openapi("PieceJointe");

/** contract/schemas/agrement.ts `Agrement` as zod (kept equal to it by the type check below). */
export const Agrement = z
  .object({
    id: z.string(),
    etat: z.enum(["en_cours", "perime", "suspendu", "retire"]),
    numeroAgrement: z.string(),
    raisonSociale: z.string(),
    dateDebut: z.string().openapi({ description: "AAAA-MM-JJ (Europe/Paris)" }),
    dateFin: z.string().openapi({ description: "AAAA-MM-JJ (Europe/Paris)" }),
    dateOctroi: z.string(),
    demandeId: z.string(),
    perimetre: z.object({
      regions: z.array(codeNom),
      departements: z.array(codeNom),
      epcis: z.array(codeNom),
      communes: z.array(codeNom),
    }),
    attestations: z.array(
      z.object({
        id: z.number().int(),
        isCurrent: z.boolean(),
        date: z.string(),
        pieceJointe: PieceJointe,
      }),
    ),
    proceduresAgrement: z.array(
      z.object({
        id: z.number().int(),
        etat: z.string(),
        type: z.string(),
        data: z.object({
          dateNotification: z.string().nullable(),
          decision: z.string().nullable(),
          dateDecision: z.string().nullable(),
        }),
      }),
    ),
    actionsDisponibles: z.array(z.enum(ACTIONS_RAPPORT_ANNUEL)),
    rapportAnnuelActivites: z.array(
      z.object({
        annee: z.number().int(),
        etat: z.enum(ETATS_RAPPORT_ANNUEL),
        dateDepot: z.string().nullable(),
        enRetard: z.boolean(),
        piecesJointes: z.array(PieceJointe),
      }),
    ),
  })
  .openapi("Agrement");

// The zod schema and the interface the API and the pages use must not drift apart.
type Egaux<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agrementConforme: Egaux<z.infer<typeof Agrement>, AgrementContrat> = true;
void agrementConforme;

export const lireMonAgrement = defineEndpoint({
  method: "get",
  path: "/agrement/mon-agrement",
  summary: "Agrément en cours (ou suspendu) de la société du demandeur",
  tags,
  access: ROLE_GATES.demandeur,
  responses: {
    200: json(Agrement, "Agrément"),
    404: json(MessageErreur, "La société n'a pas d'agrément en cours"),
  },
});

export const lireAgrement = defineEndpoint({
  method: "get",
  path: "/agrement/:id",
  summary: "Un agrément",
  description:
    "À la société titulaire, ou au personnel qui voit la demande sur laquelle il a été accordé ; " +
    "404 pour tout autre.",
  tags,
  access: "authenticated",
  params: z.object({ id: z.string() }),
  responses: {
    200: json(Agrement, "Agrément"),
    404: json(MessageErreur, "Agrément inconnu ou non visible"),
  },
});

/** Every endpoint of this file. */
export const pointsAgrements = [lireMonAgrement, lireAgrement] as const;
