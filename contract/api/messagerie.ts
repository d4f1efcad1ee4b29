/**
 * Messaging of a request (spec §3 Messaging, §7 Messages and notes; DESIGN
 * §4): one thread per request between the applicant's company and the
 * instruction service, readable by whoever may see the request.
 */
import { z } from "zod";
import {
  ErreurValidation,
  MessageErreur,
  ParametresType,
  dossierIntrouvable,
  json,
} from "./composants.ts";
import { defineEndpoint } from "./endpoint.ts";

const tags = ["Messagerie"] as const;

const Message = z
  .object({
    id: z.number().int(),
    contenu: z.string(),
    date: z.string(),
    cote: z.enum(["demandeur", "instruction"]),
    auteur: z.object({ prenom: z.string(), nom: z.string() }).nullable(),
    moi: z.boolean().openapi({ description: "Écrit par le côté de l'appelant" }),
  })
  .openapi("Message");

export const lireMessagerie = defineEndpoint({
  method: "get",
  path: "/:type/:id/messages",
  summary: "Fil de messages du dossier, le plus ancien d'abord",
  description: "Ne marque pas le fil comme lu.",
  tags,
  access: "authenticated",
  params: ParametresType,
  responses: {
    200: json(
      z
        .object({ closed: z.boolean(), dateCreation: z.string(), messages: z.array(Message) })
        .openapi("Messagerie"),
      "Le fil",
    ),
    404: dossierIntrouvable,
  },
});

export const envoyerMessage = defineEndpoint({
  method: "post",
  path: "/:type/:id/message",
  summary: "Nouveau message (au plus 5000 caractères)",
  description:
    "Le demandeur titulaire écrit pour sa structure, l'instruction qui voit le dossier pour le " +
    "service ; les rôles centraux lisent seulement (403).",
  tags,
  access: "authenticated",
  params: ParametresType,
  body: {
    schema: z.object({ message: z.string().optional() }).strict(),
    formats: ["json", "form"],
    description:
      "`message` ; ses règles (schemaMessage, 422) passent après les refus 403, 404 et 409",
  },
  responses: {
    201: json(Message, "Le message écrit"),
    403: json(MessageErreur, "L'appelant lit seulement ce fil"),
    404: dossierIntrouvable,
    409: json(MessageErreur, "Brouillon, ou fil fermé"),
    422: json(ErreurValidation, "Message vide ou trop long"),
  },
});

export const confirmerLectureMessages = defineEndpoint({
  method: "post",
  path: "/:type/:id/message/confirmation-lecture",
  summary: "L'appelant a lu le fil jusqu'à maintenant",
  tags,
  access: "authenticated",
  params: ParametresType,
  responses: { 204: { description: "Noté" }, 404: dossierIntrouvable },
});

/** Every endpoint of this file. */
export const pointsMessagerie = [lireMessagerie, envoyerMessage, confirmerLectureMessages] as const;
