/**
 * Activity follow-up (spec §7 "Intervenants and activity": `GET
 * /api/activities`, `/details-deposee`, `/details-delai-moyen`,
 * `/details-charge-instructeurs`, `/details-reputes-rejetes`,
 * `/details-agrements-accordes`, `/export`; §9 activity filters and
 * indicators; ADR 0027).
 *
 * Who: managers (instructeur, superviseur) and central roles (mar_admin,
 * anah_centrale), as the menu of spec §6; the figures are scoped as the
 * lists (DESIGN §4): the nation for central roles, the perimeter for a
 * superviseur, the service for an instructeur. Anyone else gets 403.
 */
import { z } from "zod";
import { CENTRAL_ROLES, MANAGER_ROLES } from "../roles.ts";
import { ETAPES_INSTRUCTION } from "../statuts.ts";
import {
  schemaFiltresActivite,
  type AgrementsDepartement as AgrementsDepartementContrat,
  type ChargeInstructeur as ChargeInstructeurContrat,
  type DetailsDelaiMoyen as DetailsDelaiMoyenContrat,
  type IndicateursActivite as IndicateursActiviteContrat,
  type MoisDepots as MoisDepotsContrat,
  type ReputesRejetesDepartement as ReputesRejetesDepartementContrat,
} from "../schemas/activites.ts";
import { ErreurValidation, MessageErreur, fichier, json } from "./composants.ts";
import { defineEndpoint } from "./endpoint.ts";
import { listeRepetee } from "./filtres.ts";

const tags = ["Suivi de l'activité"] as const;

/** Roles that see `/activite` (spec §6: managers and central). */
export const ROLES_ACTIVITE = [...MANAGER_ROLES, ...CENTRAL_ROLES] as const;

/** The activity filters as sent (spec §9; lists as repeated `key[]`). */
const filtres = z
  .object({
    dateDebut: z
      .string()
      .optional()
      .openapi({ description: "Premier jour de la période (AAAA-MM-JJ ou JJ/MM/AAAA)" }),
    dateFin: z
      .string()
      .optional()
      .openapi({ description: "Dernier jour de la période, pas avant dateDebut" }),
    quality: listeRepetee("Qualités de la structure (codes)"),
    servicesInstructeur: listeRepetee("Identifiants de services instructeurs"),
    departement: listeRepetee("Départements du siège (codes)"),
    region: listeRepetee("Régions du siège (codes)"),
    reputesRejetes: z
      .string()
      .optional()
      .openapi({ description: "true : dossiers réputés rejetés seulement" }),
  })
  .strict();

/** Whole counts named `noms`, in that order (most figures of spec §9 are counts). */
const comptes = <const N extends string>(...noms: N[]) =>
  Object.fromEntries(noms.map((nom) => [nom, z.number().int()])) as Record<N, z.ZodNumber>;

const AgrementsAccordes = z
  .object(comptes("total", "actifs", "procedureEnCours", "suspendus", "retires", "perimes"))
  .openapi("AgrementsAccordes");

/** contract/schemas/activites.ts `IndicateursActivite` as zod. */
export const IndicateursActivite = z
  .object({
    ...comptes("nbCreatedUsers", "nbDemandesValidees", "nbDemandesRefusees"),
    agrementsAccordes: AgrementsAccordes,
    nbDemandesDeposees: z.object({
      total: z.number().int(),
      parEtape: z.object(comptes(...ETAPES_INSTRUCTION)),
    }),
    nbDossiersInstructeurs: z.array(
      z.object({
        serviceInstructeurId: z.number().int().nullable(),
        service: z.string(),
        ...comptes("nbDossiers", "nbNonAffectes", "nbInstructeurs"),
      }),
    ),
    nbJoursTraitement: z.object({
      moyenne: z.number().nullable().openapi({ description: "Jours calendaires, une décimale" }),
      nbDecisions: z.number().int(),
    }),
    nbReputesRejetes: z.number().int(),
    calculeLe: z.string().datetime().optional().openapi({
      description:
        "Vue nationale sans filtre d'un agent central : instant du calcul du résumé tenu par la tâche (rafraîchi chaque minute, ADR 0038). Absent quand les chiffres sont calculés pour la requête.",
    }),
  })
  .openapi("IndicateursActivite");

export const MoisDepots = z
  .object({
    mois: z.string().openapi({ description: "AAAA-MM (Europe/Paris)" }),
    ...comptes("deposees", "validees", "refusees"),
  })
  .openapi("MoisDepots");

export const DetailsDelaiMoyen = z
  .object({
    parMois: z.array(
      z.object({ mois: z.string(), nbDecisions: z.number().int(), moyenne: z.number() }),
    ),
    distribution: z.array(
      z.object({ tranche: z.string(), libelle: z.string(), nb: z.number().int() }),
    ),
  })
  .openapi("DetailsDelaiMoyen");

export const ChargeInstructeur = z
  .object({
    serviceInstructeurId: z.number().int().nullable(),
    service: z.string(),
    instructeurId: z.string().nullable(),
    instructeur: z.string(),
    ...comptes("nbDossiers", "nbEnCours"),
  })
  .openapi("ChargeInstructeur");

export const ReputesRejetesDepartement = z
  .object({
    codeDepartement: z.string().nullable(),
    departement: z.string(),
    ...comptes("nbReputesRejetes", "nbRejeteesTacitement"),
  })
  .openapi("ReputesRejetesDepartement");

export const AgrementsDepartement = AgrementsAccordes.extend({
  codeDepartement: z.string().nullable(),
  departement: z.string(),
}).openapi("AgrementsDepartement");

// The zod schemas and the interfaces the pages use must not drift apart.
type Egaux<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const conformes: [
  Egaux<z.infer<typeof IndicateursActivite>, IndicateursActiviteContrat>,
  Egaux<z.infer<typeof MoisDepots>, MoisDepotsContrat>,
  Egaux<z.infer<typeof DetailsDelaiMoyen>, DetailsDelaiMoyenContrat>,
  Egaux<z.infer<typeof ChargeInstructeur>, ChargeInstructeurContrat>,
  Egaux<z.infer<typeof ReputesRejetesDepartement>, ReputesRejetesDepartementContrat>,
  Egaux<z.infer<typeof AgrementsDepartement>, AgrementsDepartementContrat>,
] = [true, true, true, true, true, true];
void conformes;

const refus = {
  403: json(MessageErreur, "Rôle autre qu'instructeur, superviseur ou central (« Forbidden »)"),
  422: json(
    ErreurValidation,
    "Date mal écrite, ou fin avant le début (sur dateFin : « La date de fin doit être égale ou postérieure à la date de début. »)",
  ),
};

const point = <S extends z.ZodTypeAny>(
  path: string,
  summary: string,
  schema: S,
  description: string,
) =>
  defineEndpoint({
    method: "get",
    path,
    summary,
    tags,
    access: ROLES_ACTIVITE,
    query: filtres,
    rules: { query: schemaFiltresActivite },
    responses: {
      200: json(
        schema,
        `${description}. Vue nationale sans filtre d'un agent central : résumé tenu par une tâche chaque minute, servi tant qu'il a moins de 5 minutes, avec l'en-tête Last-Modified (ADR 0038)`,
      ),
      ...refus,
    },
  });

export const lireIndicateursActivite = point(
  "/activities",
  "Indicateurs de l'activité pour ces filtres",
  IndicateursActivite,
  "Indicateurs (définitions : ADR 0027)",
);

export const lireDetailsDeposee = point(
  "/activities/details-deposee",
  "Dossiers déposés, validés et refusés par mois",
  z.array(MoisDepots),
  "Un élément par mois ayant au moins un dépôt ou une décision, du plus ancien au plus récent",
);

export const lireDetailsDelaiMoyen = point(
  "/activities/details-delai-moyen",
  "Délai de traitement par mois de décision, et répartition des délais",
  DetailsDelaiMoyen,
  "Moyenne par mois et nombre de décisions par tranche de délai",
);

export const lireDetailsChargeInstructeurs = point(
  "/activities/details-charge-instructeurs",
  "Dossiers par instructeur, par service",
  z.array(ChargeInstructeur),
  "Un élément par service et instructeur (« Non affecté » compris), par service puis par nombre décroissant",
);

export const lireDetailsReputesRejetes = point(
  "/activities/details-reputes-rejetes",
  "Dossiers réputés rejetés par département du siège",
  z.array(ReputesRejetesDepartement),
  "Un élément par département ayant au moins un tel dossier",
);

export const lireDetailsAgrementsAccordes = point(
  "/activities/details-agrements-accordes",
  "Agréments accordés par département du siège, par état",
  z.array(AgrementsDepartement),
  "Actifs (dont en procédure sans suspension), suspendus, retirés, périmés",
);

export const exporterActivite = defineEndpoint({
  method: "get",
  path: "/activities/export",
  summary: "suiviActivite.csv : indicateurs et détails pour ces filtres, en flux",
  description:
    "CSV `;`, UTF-8 avec BOM ; colonnes Rubrique, Libellé, Valeur : les indicateurs puis chaque détail.",
  tags,
  access: ROLES_ACTIVITE,
  query: filtres,
  rules: { query: schemaFiltresActivite },
  responses: {
    200: fichier("suiviActivite.csv", "text/csv", 'attachment; filename="suiviActivite.csv"'),
    ...refus,
  },
});

/** Every endpoint of this file. */
export const pointsActivites = [
  lireIndicateursActivite,
  lireDetailsDeposee,
  lireDetailsDelaiMoyen,
  lireDetailsChargeInstructeurs,
  lireDetailsReputesRejetes,
  lireDetailsAgrementsAccordes,
  exporterActivite,
] as const;
