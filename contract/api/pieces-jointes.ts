/**
 * Attachments of a request (spec §7 Files; §5 Attachments; DESIGN §4, §7):
 * upload by rubric, deletion, download. The type comes from the bytes, the
 * size and count limits from the configuration.
 */
import { z } from "zod";
import { CODES_RUBRIQUE_DEMANDE } from "../pieces-jointes.ts";
import { MESSAGES } from "../validation.ts";
import {
  ErreurEntree,
  ErreurValidation,
  MessageErreur,
  ParametresId,
  ParametresKind,
  dossierIntrouvable,
  fichier,
  identifiant,
  json,
} from "./composants.ts";
import { defineEndpoint } from "./endpoint.ts";

const tags = ["Pièces jointes"] as const;

const proprietaire = {
  403: json(MessageErreur, "L'appelant voit le dossier sans en être le demandeur titulaire"),
  404: dossierIntrouvable,
  409: json(MessageErreur, "Les pièces jointes du dossier ne sont plus modifiables"),
};

/** The rubric of an upload: required, one of step 3's (422 under `codeTypePJ`). */
const regleRubrique = z.object({
  codeTypePJ: z
    .string({ required_error: MESSAGES.requis })
    .trim()
    .min(1, MESSAGES.requis)
    .refine((code) => CODES_RUBRIQUE_DEMANDE.includes(code), {
      message: "Cette rubrique de pièces jointes n'existe pas.",
    }),
});

export const ajouterPiecesJointes = defineEndpoint({
  method: "post",
  path: "/:kind/:id/pj",
  summary: "Dépôt d'un ou plusieurs fichiers dans une rubrique (étape 3)",
  description:
    "Demandeur titulaire d'un brouillon ou d'une demande en édition. Chaque fichier : PDF, PNG, " +
    "JPEG ou ZIP d'après ses octets, au plus UPLOAD_MAX_MO Mo ; au plus UPLOAD_MAX_FICHIERS " +
    "fichiers par rubrique. Un refus n'ajoute rien.",
  tags,
  access: "authenticated",
  params: ParametresKind,
  body: {
    schema: z
      .object({
        codeTypePJ: z
          .string()
          .optional()
          .openapi({ description: "Code d'une rubrique de l'étape 3" }),
      })
      .strict(),
    formats: ["multipart", "json"],
    files: [{ name: "fichier", description: "Les fichiers", multiple: true, required: true }],
  },
  rules: { body: regleRubrique },
  responses: {
    201: { description: "Les pièces jointes ajoutées (PieceJointe[])" },
    ...proprietaire,
    413: json(ErreurEntree, "Formulaire de trop de champs ou trop longs"),
    422: json(
      ErreurValidation,
      "Rubrique inconnue, fichier absent, refusé ou en trop (sous `fichier`)",
    ),
  },
});

export const supprimerPieceJointe = defineEndpoint({
  method: "delete",
  path: "/:kind/:id/pj/:fileId",
  summary: "Suppression d'une pièce jointe de l'étape 3",
  description:
    "403 pour les fichiers produits par le portail (récapitulatif) ou hors des rubriques.",
  tags,
  access: "authenticated",
  params: ParametresKind.extend({ fileId: identifiant() }),
  responses: { 204: { description: "Supprimée" }, ...proprietaire },
});

export const telechargerPieceJointe = defineEndpoint({
  method: "get",
  path: "/piece-jointe/:id",
  summary: "Les octets d'une pièce jointe",
  description:
    "À qui peut voir la ressource de la pièce. En téléchargement sous son nom (RFC 6266), " +
    "avec son type vérifié ; jamais en cache partagé.",
  tags,
  access: "authenticated",
  params: ParametresId,
  responses: {
    200: fichier("Les octets, en flux", "application/octet-stream", "attachment ; nom du fichier", {
      "Content-Type": "Type vérifié",
    }),
    404: json(MessageErreur, "Pièce inconnue ou que l'appelant ne peut pas voir"),
    409: {
      ...json(
        MessageErreur,
        "Fichier pas encore reconnu sain par l'antivirus (analyse en cours ou à reprendre) " +
          "ou infecté (ADR 0030) : jamais envoyé",
      ),
      headers: { "Retry-After": "Secondes avant de redemander (analyse en cours seulement)" },
    },
    500: json(MessageErreur, "Copie du fichier manquante ou altérée : jamais envoyée"),
  },
});

/** Every endpoint of this file. */
export const pointsPiecesJointes = [
  ajouterPiecesJointes,
  supprimerPieceJointe,
  telechargerPieceJointe,
] as const;
