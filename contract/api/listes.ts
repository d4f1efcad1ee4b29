/**
 * Instruction lists and their CSV exports (spec §3 "Instruction dashboard",
 * §7 GET /api/demandes, /api/{demandeType}s, /api/demandes/export,
 * /api/changement-notable/export). Staff only (spec §6 gate `staff`); what
 * each one sees is DESIGN §4.
 */
import { z } from "zod";
import { ROLE_GATES } from "../roles.ts";
import { TRIS_DEMANDES, lireFiltresDemandes } from "../schemas/listes.ts";
import { MessageErreur, json } from "./composants.ts";
import { defineEndpoint } from "./endpoint.ts";

const tags = ["Listes"] as const;

const liste = (description: string) => z.array(z.string()).optional().openapi({ description });
const oui = (description: string) =>
  z
    .string()
    .optional()
    .openapi({ description: `${description} : true, on ou 1` });

/**
 * The filters as sent (spec §7): lists as repeated `key[]`, the sort as
 * `order[champ]=asc|desc`. Values are not checked here: an unknown value,
 * a sort field the list does not have or a page that is not a number
 * finds nothing or falls back to the default (contract/schemas/listes.ts).
 */
const filtres = z
  .object({
    page: z.string().optional().openapi({ description: "À partir de 1 ; 1 par défaut" }),
    query: z
      .string()
      .optional()
      .openapi({ description: "Numéro de dossier, raison sociale ou SIREN" }),
    instructeur: liste("Identifiants d'instructeurs, ou « aucun »"),
    servicesInstructeur: liste("Identifiants de services instructeurs"),
    etat: liste("États du dossier"),
    etape: liste("Étapes d'instruction"),
    quality: liste("Qualités de la structure"),
    type: liste("Types de procédure"),
    departement: liste("Codes de départements"),
    region: liste("Codes de régions"),
    reputesRejetes: oui("Seulement les dossiers réputés rejetés"),
    expireBientot: oui("Seulement les délais qui expirent bientôt"),
    mesDossiers: oui("Seulement « mes dossiers » (instructeur, superviseur)"),
    order: z
      .record(z.union([z.string(), z.array(z.string())]))
      .optional()
      .openapi({
        description: `Tri \`order[champ]=asc|desc\`, champ parmi ${TRIS_DEMANDES.join(", ")} (dateDepot desc par défaut)`,
      }),
  })
  .strict();

/** The declared filters back as a query string, read by the one reader of the lists. */
const versFiltres = filtres.transform((valeurs) => {
  const params = new URLSearchParams();
  for (const [cle, valeur] of Object.entries(valeurs)) {
    if (valeur === undefined) continue;
    if (typeof valeur === "string") params.append(cle, valeur);
    else if (Array.isArray(valeur)) for (const item of valeur) params.append(`${cle}[]`, item);
    else
      for (const [champ, sens] of Object.entries(valeur))
        for (const item of [sens].flat()) params.append(`${cle}[${champ}]`, item);
  }
  return lireFiltresDemandes(params);
});

const page = {
  description: "Page de 20 dossiers (`page`, `nb_elements`, `nb_pages`, `result`: DemandeResume[])",
};
const csv = {
  description: "Toutes les lignes de la liste pour ces filtres (page ignorée), en flux",
  contentType: "text/csv",
  headers: { "Content-Disposition": "attachment ; nom du fichier" },
};
const interdit = {
  403: json(MessageErreur, "Rôle insuffisant, ou « mes dossiers » hors instructeur et superviseur"),
};

export const listerDemandes = defineEndpoint({
  method: "get",
  path: "/demandes",
  summary: "Demandes d'agrément visibles (20 par page)",
  description: "Tri par date de dépôt décroissante par défaut, puis par identifiant.",
  tags,
  access: ROLE_GATES.staff,
  query: filtres,
  rules: { query: versFiltres },
  responses: { 200: page, ...interdit },
});

export const listerChangementsNotables = defineEndpoint({
  method: "get",
  path: "/changement-notables",
  summary: "Changements notables visibles (20 par page)",
  tags,
  access: ROLE_GATES.staff,
  query: filtres,
  rules: { query: versFiltres },
  responses: { 200: page, ...interdit },
});

export const exporterDemandes = defineEndpoint({
  method: "get",
  path: "/demandes/export",
  summary: "Export CSV de la liste des demandes d'agrément",
  tags,
  access: ROLE_GATES.staff,
  query: filtres,
  rules: { query: versFiltres },
  responses: { 200: csv, ...interdit },
});

export const exporterChangementsNotables = defineEndpoint({
  method: "get",
  path: "/changement-notable/export",
  summary: "Export CSV de la liste des changements notables",
  tags,
  access: ROLE_GATES.staff,
  query: filtres,
  rules: { query: versFiltres },
  responses: { 200: csv, ...interdit },
});

/** Every endpoint of this file. */
export const pointsListes = [
  listerDemandes,
  listerChangementsNotables,
  exporterDemandes,
  exporterChangementsNotables,
] as const;
