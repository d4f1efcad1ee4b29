/**
 * Internal notes of instruction staff (spec §3 Note, §7 Messages and notes):
 * list, write (multipart with an optional file) and mark read. Notes never
 * reach the applicant side: an applicant gets 404 on every route.
 */
import { z } from "zod";
import { schemaNote } from "../schemas/notes.ts";
import {
  ErreurEntree,
  ErreurValidation,
  MessageErreur,
  ParametresType,
  json,
} from "./composants.ts";
import { defineEndpoint } from "./endpoint.ts";

const tags = ["Notes"] as const;

const introuvable = json(
  MessageErreur,
  "Dossier inconnu, que l'appelant ne peut pas voir, ou appelant du côté du demandeur",
);

export const listerNotes = defineEndpoint({
  method: "get",
  path: "/:type/:id/notes",
  summary: "Notes internes du dossier, la plus ancienne d'abord",
  description:
    "Instruction et rôles centraux qui voient le dossier ; `moi` sur les notes de l'appelant. " +
    "Ne les marque pas comme lues.",
  tags,
  access: "authenticated",
  params: ParametresType,
  responses: { 200: { description: "Note[]" }, 404: introuvable },
});

export const deposerNote = defineEndpoint({
  method: "post",
  path: "/:type/:id/note",
  summary: "Nouvelle note interne, avec un fichier facultatif",
  description:
    "Instruction qui voit le dossier ; rôles centraux 403. Le fichier : PDF, PNG, JPG ou ZIP " +
    "d'après ses octets, au plus UPLOAD_MAX_MO Mo.",
  tags,
  access: "authenticated",
  params: ParametresType,
  body: {
    schema: z
      .object({
        note: z.string().optional().openapi({ description: "Au plus 5000 caractères" }),
        nom: z.string().optional().openapi({ description: "Nom affiché du fichier" }),
        codeTypePJ: z.string().optional().openapi({ description: "Seulement « note »" }),
      })
      .strict(),
    formats: ["multipart", "form", "json"],
    files: [{ name: "fichier", description: "Un fichier" }],
  },
  rules: { body: schemaNote },
  responses: {
    201: { description: "La note écrite (Note)" },
    403: json(MessageErreur, "Rôle central : lecture seule"),
    404: introuvable,
    413: json(ErreurEntree, "Formulaire de trop de champs ou trop longs"),
    422: json(ErreurValidation, "Note vide ou trop longue, fichier refusé (sous `fichier`)"),
  },
});

export const marquerNotesLues = defineEndpoint({
  method: "post",
  path: "/:type/:id/read",
  summary: "L'appelant a lu les notes jusqu'à maintenant",
  tags,
  access: "authenticated",
  params: ParametresType,
  query: z
    .object({ type: z.string().optional().openapi({ description: "Seulement « note »" }) })
    .strict(),
  responses: {
    204: { description: "Noté" },
    404: introuvable,
    422: json(ErreurValidation, "Un autre type que « note »"),
  },
});

/** Every endpoint of this file. */
export const pointsNotes = [listerNotes, deposerNote, marquerNotesLues] as const;
