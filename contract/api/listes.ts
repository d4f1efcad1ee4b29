/**
 * Instruction lists and their CSV exports (spec §3 "Instruction dashboard",
 * §7 GET /api/demandes, /api/{demandeType}s, /api/demandes/export,
 * /api/changement-notable/export). Staff only (spec §6 gate `staff`); what
 * each one sees is DESIGN §4.
 */
import { z } from "zod";
import { ROLE_GATES } from "../roles.ts";
import { TRIS_DEMANDES, lireFiltresDemandes } from "../schemas/listes.ts";
import { MessageErreur, fichier, json } from "./composants.ts";
import { defineReads } from "./endpoint.ts";
import { listeRepetee, numeroPage, ordreDeTri, requeteFiltree } from "./filtres.ts";

const tags = ["Listes"] as const;

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
    page: numeroPage(),
    query: z
      .string()
      .optional()
      .openapi({ description: "Numéro de dossier, raison sociale ou SIREN" }),
    instructeur: listeRepetee("Identifiants d'instructeurs, ou « aucun »"),
    servicesInstructeur: listeRepetee("Identifiants de services instructeurs"),
    etat: listeRepetee("États du dossier"),
    etape: listeRepetee("Étapes d'instruction"),
    quality: listeRepetee("Qualités de la structure"),
    type: listeRepetee("Types de procédure"),
    departement: listeRepetee("Codes de départements"),
    region: listeRepetee("Codes de régions"),
    reputesRejetes: oui("Seulement les dossiers réputés rejetés"),
    expireBientot: oui("Seulement les délais qui expirent bientôt"),
    mesDossiers: oui("Seulement « mes dossiers » (instructeur, superviseur)"),
    order: ordreDeTri(TRIS_DEMANDES, "dateDepot desc"),
  })
  .strict();

/** The filters as declared and, for the handlers, as the one reader of the lists reads them. */
const requete = requeteFiltree(filtres, lireFiltresDemandes);

const page = {
  description: "Page de 20 dossiers (`page`, `nb_elements`, `nb_pages`, `result`: DemandeResume[])",
};
const csv = fichier(
  "Toutes les lignes de la liste pour ces filtres (page ignorée), en flux",
  "text/csv",
);
const interdit = {
  403: json(MessageErreur, "Rôle insuffisant, ou « mes dossiers » hors instructeur et superviseur"),
};

const lectureListe = defineReads({ tags, access: ROLE_GATES.staff, ...requete });

export const listerDemandes = lectureListe(
  "/demandes",
  "Demandes d'agrément visibles (20 par page)",
  { 200: page, ...interdit },
  "Tri par date de dépôt décroissante par défaut, puis par identifiant.",
);

export const listerChangementsNotables = lectureListe(
  "/changement-notables",
  "Changements notables visibles (20 par page)",
  { 200: page, ...interdit },
);

export const exporterDemandes = lectureListe(
  "/demandes/export",
  "Export CSV de la liste des demandes d'agrément",
  { 200: csv, ...interdit },
);

export const exporterChangementsNotables = lectureListe(
  "/changement-notable/export",
  "Export CSV de la liste des changements notables",
  { 200: csv, ...interdit },
);

/** Every endpoint of this file. */
export const pointsListes = [
  listerDemandes,
  listerChangementsNotables,
  exporterDemandes,
  exporterChangementsNotables,
] as const;
