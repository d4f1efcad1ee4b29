/**
 * The annual activity report (spec §7 Approvals: POST
 * /api/agrement/{id}/action, GET /api/agrement/procedure-raa,
 * GET /api/agrement/{id}/telechargement-raa/{annee}, GET
 * /api/rapport-annuels/export; ADR 0017), and the report itself
 * for the pages: GET /api/agrement/{id}/rapport-annuel/{annee}.
 */
import { z } from "zod";
import { ROLE_GATES } from "../roles.ts";
import { CODES_PJ_RAPPORT_ANNUEL, MESSAGES_RAPPORT_ANNUEL } from "../schemas/rapport-annuel.ts";
import {
  ErreurEntree,
  ErreurValidation,
  MessageErreur,
  ParametresId,
  agrementIntrouvable,
  archiveZip,
  fichier,
  json,
} from "./composants.ts";
import { defineEndpoint, defineReads, wireValues } from "./endpoint.ts";

const tags = ["Rapports annuels d'activité"] as const;

/** A year in a path: four digits (anything else: the route does not match, 404). */
const annee = () =>
  z
    .string()
    .regex(/^\d{4}$/)
    .openapi({ description: "Année du rapport (AAAA)", example: "2025" });
const ParametresRapport = ParametresId.extend({ annee: annee() });
/**
 * `{year or id}` of spec §7 `telechargement-raa`: a year (four digits) or
 * the id of one of the approval's reports (UUID); anything else: 404.
 */
const ParametresTelechargement = ParametresId.extend({
  annee: z
    .string()
    .regex(/^(\d{4}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i)
    .openapi({
      description: "Année du rapport (AAAA) ou identifiant du rapport (UUID)",
      example: "2025",
    }),
});

const rapport = {
  description:
    "RapportAnnuel (contract/schemas/rapport-annuel.ts) : état, échéances, contenu des trois étapes, " +
    "documents, départements du périmètre, actionsDisponibles de l'appelant",
};

/**
 * The fields the action reads before its own (contract/schemas/rapport-annuel.ts
 * schemaCorpsActionRapport); each step checks its fields with its French 422,
 * so that the body is not strict.
 */
const corpsAction = z
  .object({
    action: z.string().optional().openapi({
      description:
        "CREER_RAPPORT_ANNUEL, MODIFIER_RAPPORT_ANNUEL, DEPOSER_RAPPORT_ANNUEL ou CREER_EXTENSION_PERIMETRE",
    }),
    annee: z.string().optional().openapi({ description: "Année du rapport (AAAA)" }),
    etape: z.string().optional().openapi({ description: "1, 2 ou 3 (MODIFIER_RAPPORT_ANNUEL)" }),
    version: z
      .string()
      .optional()
      .openapi({ description: "Version du rapport vue par l'utilisateur (409 si elle a changé)" }),
    supprimer: wireValues()
      .optional()
      .openapi({ description: "Étape 3 : identifiants des documents à retirer (supprimer[])" }),
  })
  .passthrough();

export const executerActionAgrement = defineEndpoint({
  method: "post",
  path: "/agrement/:id/action",
  summary:
    "Action sur l'agrément : créer, modifier (par étape) ou déposer le rapport annuel d'activité",
  description:
    "Demandeur de la société titulaire. Champs : `action`, `annee`, `etape` (modification), `version` " +
    "facultative, puis ceux de l'étape. Étape 3 en multipart : fichiers sous le code de leur rubrique " +
    `(${CODES_PJ_RAPPORT_ANNUEL.join(", ")}), type reconnu sur les octets. 403 avec le motif quand ` +
    "l'action n'est pas ouverte (date limite dépassée, rapport non applicable…). " +
    "`action=CREER_EXTENSION_PERIMETRE` (seul champ lu) : crée le brouillon d'une extension de " +
    "périmètre de cet agrément (ADR 0020) → 201 `{ id }` ; 403 `{ message, detail }` avec le motif " +
    "(drapeau creation_extension_perimetre coupé, agrément pas en cours, changement notable déjà en cours).",
  tags,
  access: "authenticated",
  params: ParametresId,
  body: {
    schema: corpsAction,
    formats: ["form", "multipart", "json"],
    files: CODES_PJ_RAPPORT_ANNUEL.map((code) => ({
      name: code,
      description: `Documents de la rubrique ${code} (étape 3)`,
      multiple: true,
    })),
  },
  responses: {
    200: rapport,
    201: json(
      z.object({ id: z.string() }),
      "CREER_EXTENSION_PERIMETRE : l'identifiant de l'extension de périmètre créée",
    ),
    403: json(MessageErreur, "Action non ouverte à l'appelant maintenant, avec son motif"),
    404: agrementIntrouvable,
    409: json(MessageErreur, "Le rapport a changé depuis la version envoyée"),
    413: json(ErreurEntree, "Formulaire de trop de champs ou trop longs"),
    422: json(ErreurValidation, "Champs de l'étape, fichiers, ou étapes manquantes au dépôt"),
  },
});

export const lireProcedureRaa = defineEndpoint({
  method: "get",
  path: "/agrement/procedure-raa",
  summary: "Groupes de pièces jointes du rapport annuel d'activité (code et valeurs) et limites",
  tags,
  access: "authenticated",
  responses: { 200: { description: "ProcedureRapportAnnuel" } },
});

const lectureRapport = defineReads({ tags, access: "authenticated", params: ParametresRapport });

export const lireRapportAnnuel = lectureRapport(
  "/agrement/:id/rapport-annuel/:annee",
  "Le rapport annuel d'activité d'une année",
  { 200: rapport, 404: agrementIntrouvable },
  "À la société titulaire et au personnel qui voit l'agrément ; une année sans rapport créé " +
    "répond son état (nonDepose ou nonApplicable) et un contenu vide.",
);

export const telechargerRapportAnnuel = defineEndpoint({
  method: "get",
  path: "/agrement/:id/telechargement-raa/:annee",
  summary: "Archive ZIP du rapport : synthèse PDF et documents",
  description:
    "Le rapport est désigné par son année ou par son identifiant. " +
    "« rapport-annuel-<annee>-<numeroAgrement>.zip » : synthese-rapport-annuel-<annee>.pdf puis " +
    "les documents, un dossier par rubrique. À qui voit l'agrément.",
  tags,
  access: "authenticated",
  params: ParametresTelechargement,
  responses: {
    200: archiveZip,
    404: agrementIntrouvable,
  },
});

export const telechargerSyntheseRapportAnnuel = lectureRapport(
  "/agrement/:id/rapport-annuel/:annee/synthese",
  "Synthèse PDF du rapport annuel d'activité",
  { 200: fichier("Le PDF", "application/pdf"), 404: agrementIntrouvable },
  "« synthese-rapport-annuel-<annee>.pdf ». À qui voit l'agrément.",
);

export const exporterRapportsAnnuels = defineEndpoint({
  method: "get",
  path: "/rapport-annuels/export",
  summary: "Export CSV des rapports annuels d'activité d'une année",
  description:
    "Une ligne par agrément visible de l'appelant qui doit un rapport pour l'année (nonDepose compris) ; " +
    "`;`, UTF-8 avec BOM, en flux. Année par défaut : celle dont le rapport est dû maintenant.",
  tags,
  access: ROLE_GATES.staff,
  query: z.object({ annee: z.string().optional().openapi({ description: "AAAA" }) }),
  rules: {
    query: z.object({
      annee: z
        .string()
        .regex(/^\d{4}$/, MESSAGES_RAPPORT_ANNUEL.anneeInvalide)
        .transform(Number)
        .optional(),
    }),
  },
  responses: {
    200: fichier("rapports-annuels-<annee>.csv", "text/csv"),
    422: json(ErreurValidation, "Année qui n'est pas de quatre chiffres"),
  },
});

/** Every endpoint of this file. */
export const pointsRapportsAnnuels = [
  lireProcedureRaa,
  executerActionAgrement,
  lireRapportAnnuel,
  telechargerSyntheseRapportAnnuel,
  telechargerRapportAnnuel,
  exporterRapportsAnnuels,
] as const;
