/**
 * The functional administrator's settings: information
 * banners (spec §3 Information banner) and feature flags (spec §6), each
 * change written in the `historique` table. admin_fonctionnel only.
 */
import { z } from "zod";
import { FEATURE_FLAGS } from "../schemas/reference.ts";
import {
  bandeauAdministreSchema,
  fonctionnaliteSchema,
  schemaBasculeFonctionnalite,
  schemaBorneSupervision,
  schemaNouveauBandeau,
  superviseurDetailSchema,
  superviseurResumeSchema,
} from "../schemas/administration.ts";
import { ROLE_GATES } from "../roles.ts";
import {
  ErreurValidation,
  MessageErreur,
  ParametresId,
  json,
  tropDeDemandes,
} from "./composants.ts";
import { defineEndpoint, defineReads } from "./endpoint.ts";
import { corpsTerritoires } from "./utilisateur.ts";

const tags = ["Administration"] as const;

const BandeauAdministre = bandeauAdministreSchema.openapi("BandeauAdministre");
const Fonctionnalite = fonctionnaliteSchema.openapi("Fonctionnalite");

const lectureAdministration = defineReads({ tags, access: ROLE_GATES.adminFonctionnel });

export const listerBandeauxAdministres = lectureAdministration(
  "/administration/bandeaux",
  "Tous les bandeaux d'information, programmés, en cours, terminés ou retirés",
  { 200: json(z.array(BandeauAdministre), "Bandeaux") },
  "Du plus récent au plus ancien ; `statut` : `programme` (début à venir), `en_cours`, " +
    "`termine` (fin passée) ou `retire`.",
);

export const creerBandeau = defineEndpoint({
  method: "post",
  path: "/administration/bandeaux",
  summary: "Créer et programmer un bandeau d'information",
  description:
    "`type` general (toutes les pages) ou info (pages des dossiers de `demandeType`) ; " +
    "`dateDebut` et `dateFin` en heure de Paris (« AAAA-MM-JJTHH:MM », vides : dès maintenant, " +
    "sans fin), la fin après le début. Écrit une ligne d'historique `CREER_BANDEAU`.",
  tags,
  access: ROLE_GATES.adminFonctionnel,
  body: {
    schema: z
      .object({
        type: z.enum(["general", "info"]),
        demandeType: z.string().optional(),
        titre: z.string().optional(),
        message: z.string(),
        dateDebut: z.string().optional().openapi({ example: "2026-12-01T08:00" }),
        dateFin: z.string().optional().openapi({ example: "2026-12-24T18:00" }),
      })
      .strict(),
    formats: ["json", "form"],
  },
  rules: { body: schemaNouveauBandeau },
  responses: {
    201: json(z.object({ id: z.number().int() }), "Bandeau créé"),
    422: json(ErreurValidation, "Champ manquant ou dates incohérentes"),
  },
});

export const retirerBandeau = defineEndpoint({
  method: "post",
  path: "/administration/bandeaux/:bandeauId/retrait",
  summary: "Retirer un bandeau d'information",
  description:
    "Le bandeau n'est plus affiché (il reste listé, `retire`). Écrit une ligne d'historique " +
    "`RETIRER_BANDEAU`. Un bandeau déjà retiré : 409.",
  tags,
  access: ROLE_GATES.adminFonctionnel,
  params: z.object({
    bandeauId: z
      .string()
      .regex(/^\d{1,9}$/)
      .openapi({ description: "Identifiant du bandeau" }),
  }),
  responses: {
    204: { description: "Retiré" },
    404: json(MessageErreur, "Bandeau inconnu"),
    409: json(MessageErreur, "Bandeau déjà retiré"),
  },
});

export const listerFonctionnalitesAdministrees = lectureAdministration(
  "/administration/fonctionnalites",
  "Drapeaux de fonctionnalités (spec §6) et leur état",
  { 200: json(z.array(Fonctionnalite), "Fonctionnalités") },
);

export const basculerFonctionnalite = defineEndpoint({
  method: "put",
  path: "/administration/fonctionnalites/:fonctionnalite",
  summary: "Activer ou désactiver une fonctionnalité",
  description:
    "`active` : « true » ou « false ». Écrit une ligne d'historique `MODIFIER_FONCTIONNALITE` (état " +
    "avant et après) quand l'état change ; un état inchangé n'écrit rien.",
  tags,
  access: ROLE_GATES.adminFonctionnel,
  params: z.object({
    fonctionnalite: z.enum(FEATURE_FLAGS).openapi({ description: "Nom du drapeau" }),
  }),
  body: {
    schema: z
      .object({ active: z.string().openapi({ description: "« true » ou « false »" }) })
      .strict(),
    formats: ["json", "form"],
  },
  rules: { body: schemaBasculeFonctionnalite },
  responses: {
    200: json(Fonctionnalite, "La fonctionnalité après le changement"),
    422: json(ErreurValidation, "Valeur illisible"),
  },
});

const SuperviseurResume = superviseurResumeSchema.openapi("SuperviseurResume");
const SuperviseurDetail = superviseurDetailSchema.openapi("SuperviseurDetail");
const superviseurInconnu = json(MessageErreur, "Aucun superviseur n'a cet identifiant");

export const listerSuperviseurs = lectureAdministration(
  "/administration/superviseurs",
  "Les superviseurs, leur service, leur borne et leur périmètre (ADR 0041)",
  { 200: json(z.array(SuperviseurResume), "Superviseurs") },
  "Par nom puis prénom. `borne` : ce que chacun peut choisir maintenant ; `borneOuverte` : ce " +
    "que l'administration lui a ouvert (null : les régions de son service) ; `horsBorne` : un " +
    "périmètre enregistré qui en sort.",
);

export const lireSuperviseur = defineEndpoint({
  method: "get",
  path: "/administration/superviseurs/:id",
  summary: "Un superviseur et l'historique de son périmètre et de sa borne",
  tags,
  access: ROLE_GATES.adminFonctionnel,
  params: ParametresId,
  responses: { 200: json(SuperviseurDetail, "Le superviseur"), 404: superviseurInconnu },
});

export const fixerBorneSuperviseur = defineEndpoint({
  method: "post",
  path: "/administration/superviseurs/:id/borne",
  summary: "Ouvrir des régions ou des départements à un superviseur (ADR 0041)",
  description:
    "Listes `regions[]`, `departements[]` ; aucune : retour aux régions de son service. Le " +
    "périmètre du superviseur est ramené dans la nouvelle borne dans la même transaction. " +
    "Demande le mot de passe actuel de l'administrateur quand le portail le détient. Écrit " +
    "`MODIFIER_BORNE_SUPERVISION` (et `MODIFIER_PERIMETRE_SUPERVISION` si le périmètre change) " +
    "dans l'historique du compte.",
  tags,
  access: ROLE_GATES.adminFonctionnel,
  params: ParametresId,
  body: corpsTerritoires,
  rules: { body: schemaBorneSupervision },
  responses: {
    204: { description: "Borne enregistrée" },
    404: superviseurInconnu,
    422: json(ErreurValidation, "Code inconnu, mot de passe actuel absent ou faux"),
    ...tropDeDemandes,
  },
});

/** Every endpoint of this file. */
export const pointsAdministration = [
  listerBandeauxAdministres,
  creerBandeau,
  retirerBandeau,
  listerFonctionnalitesAdministrees,
  basculerFonctionnalite,
  listerSuperviseurs,
  lireSuperviseur,
  fixerBorneSuperviseur,
] as const;
