/**
 * Applicant accounts for the functional administrator (spec §3 "Account
 * list", §6, §7 GET /api/user/accounts).
 */
import { z } from "zod";
import { ROLE_GATES } from "../roles.ts";
import { ACTIONS_COMPTE } from "../etats.ts";
import {
  COMPTES_TRI,
  compteDetailSchema,
  comptesQuerySchema,
  pageSchema,
} from "../schemas/comptes.ts";
import {
  CompteDemandeur,
  ErreurEntree,
  ErreurValidation,
  MessageErreur,
  ParametresId,
  fichier,
  identifiant,
  json,
} from "./composants.ts";
import { defineEndpoint } from "./endpoint.ts";
import { numeroPage } from "./filtres.ts";

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
      page: numeroPage(),
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

/** `order[…]` and `query` of the list, as the export takes them (the filters of the list). */
const filtresExport = z
  .object({
    query: z.string().optional().openapi({ description: "Raison sociale, SIREN, e-mail ou nom" }),
    ...ordres,
  })
  .strict();

export const exporterComptes = defineEndpoint({
  method: "get",
  path: "/user/accounts/export",
  summary: "Export CSV des comptes des structures demandeuses (gestionComptes.csv)",
  description:
    "Les comptes que la liste montrerait avec les mêmes `query` et `order[champ]`, toutes pages ; " +
    "`;`, UTF-8 avec BOM, en flux.",
  tags: ["Comptes"],
  access: ROLE_GATES.adminFonctionnel,
  query: filtresExport,
  rules: {
    query: z
      .object({ query: z.string().optional() })
      .catchall(z.string().optional())
      .transform(({ query, ...ordre }) => {
        const champ = COMPTES_TRI.find((nom) => ordre[`order[${nom}]`] !== undefined);
        return champ
          ? { query, orderField: champ, orderDirection: ordre[`order[${champ}]`] }
          : { query };
      })
      .pipe(comptesQuerySchema.omit({ page: true })),
  },
  responses: {
    200: fichier("gestionComptes.csv", "text/csv"),
    422: json(ErreurValidation, "Tri ou recherche invalides"),
  },
});

const compteInconnu = json(MessageErreur, "Compte inconnu (ou qui n'est pas celui d'un demandeur)");

export const lireCompte = defineEndpoint({
  method: "get",
  path: "/user/account/:id",
  summary: "Un compte de structure demandeuse, ses demandes et les actions possibles",
  tags: ["Comptes"],
  access: ROLE_GATES.adminFonctionnel,
  params: ParametresId,
  responses: {
    200: json(compteDetailSchema.openapi("CompteDetail"), "Le compte"),
    404: compteInconnu,
  },
});

export const peutCompte = defineEndpoint({
  method: "get",
  path: "/user/account/:id/can/:action",
  summary: "L'action est-elle possible sur ce compte maintenant ?",
  description: "`can` et, quand elle ne l'est pas, `raison`.",
  tags: ["Comptes"],
  access: ROLE_GATES.adminFonctionnel,
  params: z.object({
    id: identifiant(),
    action: z.enum(ACTIONS_COMPTE).openapi({ description: "Action de compte (spec §4)" }),
  }),
  responses: {
    200: json(z.object({ can: z.boolean(), raison: z.string().optional() }), "Réponse"),
    404: compteInconnu,
  },
});

/** Fields of the account actions, as posted (form data, spec §7). */
const corpsActionCompte = z.object({
  action: z.string().openapi({ description: "SUPPRIMER_COMPTE, MODIFIER_REFERENT_COMPTE…" }),
  motif: z.string().optional().openapi({ description: "SUPPRIMER_COMPTE : motif (requis)" }),
  confirmation: z.string().optional().openapi({ description: "Case de confirmation (on)" }),
  prenom: z.string().optional().openapi({ description: "MODIFIER_REFERENT_COMPTE" }),
  nom: z.string().optional().openapi({ description: "MODIFIER_REFERENT_COMPTE" }),
  telephone: z
    .string()
    .optional()
    .openapi({ description: "MODIFIER_REFERENT_COMPTE, MODIFIER_INFO_SOCIETE" }),
  qualite: z.string().optional().openapi({ description: "MODIFIER_QUALITES_COMPTE : la qualité" }),
  email: z.string().optional().openapi({ description: "MODIFIER_INFO_SOCIETE" }),
  raisonSociale: z.string().optional().openapi({ description: "Jamais modifiable (422)" }),
  siren: z.string().optional().openapi({ description: "Jamais modifiable (422)" }),
});

export const executerActionCompte = defineEndpoint({
  method: "post",
  path: "/user/account/:id/action",
  summary: "Action de l'administrateur fonctionnel sur un compte de demandeur",
  description:
    "SUPPRIMER_COMPTE (motif, confirmation ; ADR 0022), MODIFIER_REFERENT_COMPTE (prenom, nom, " +
    "telephone, confirmation), MODIFIER_QUALITES_COMPTE (qualite, confirmation), " +
    "MODIFIER_INFO_SOCIETE (telephone, email, confirmation). 403 quand l'action n'est pas dans " +
    "`actionsDisponibles`, 422 en français par champ.",
  tags: ["Comptes"],
  access: ROLE_GATES.adminFonctionnel,
  params: ParametresId,
  body: { schema: corpsActionCompte, formats: ["form", "json"] },
  responses: {
    200: json(
      z.object({
        action: z.enum(ACTIONS_COMPTE),
        /** MODIFIER_REFERENT_COMPTE: which of the name and the phone changed. */
        modifie: z.object({ nom: z.boolean(), telephone: z.boolean() }).optional(),
      }),
      "Action faite",
    ),
    403: json(MessageErreur, "Action non disponible sur ce compte, avec son motif"),
    404: compteInconnu,
    413: json(ErreurEntree, "Formulaire trop long"),
    422: json(ErreurValidation, "Champs invalides"),
  },
});

/** Every endpoint of this file. */
export const pointsComptes = [
  listerComptes,
  exporterComptes,
  lireCompte,
  peutCompte,
  executerActionCompte,
] as const;
