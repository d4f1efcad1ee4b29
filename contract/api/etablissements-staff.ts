/**
 * Establishments on the staff and central side (spec §2 /etablissements/liste
 * and /etablissements/reference, §7 Establishments): the
 * paged list with its filters and CSV export, the central download of the
 * referenced establishments as a ZIP (by period or by company) with its
 * export history, the company-name autocomplete, and the establishments of
 * one approval for the staff file page.
 *
 * Who sees what: the list and its export are for staff (spec §6 gate
 * `staff`); the instruction roles (instructeur, crhh, superviseur) see the
 * establishments of the approvals whose request they may see (DESIGN §4,
 * api/domain/listes/visibilite.ts: their service, the superviseur's
 * perimeter), the central roles (mar_admin, anah_centrale) see them all. The
 * download, its history and the autocomplete are central only (spec §6
 * "Admin/central: establishment reference"); a demandeur gets 403 everywhere.
 */
import { z } from "zod";
import { ROLE_GATES } from "../roles.ts";
import {
  COMMENTAIRE_EXPORT_MAX,
  MAX_NOMS_SOCIETES,
  TRIS_ETABLISSEMENTS,
  lireFiltresEtablissements,
  schemaCommentaireExport,
  schemaTelechargement,
  type EtablissementAgrementStaff as EtablissementAgrementStaffContrat,
  type EtablissementListe as EtablissementListeContrat,
  type HistoriqueExportEtablissements as HistoriqueContrat,
} from "../schemas/etablissements-liste.ts";
import { etablissementSchema } from "../schemas/etablissement.ts";
import { ErreurValidation, MessageErreur, ParametresId, fichier, json } from "./composants.ts";
import { defineEndpoint, defineReads } from "./endpoint.ts";
import { listeRepetee, numeroPage, reponsePage, requeteFiltree } from "./filtres.ts";

const tags = ["Établissements (personnel)"] as const;

/** The list filters as sent (spec §7: lists as repeated `key[]`). */
const filtres = z
  .object({
    page: numeroPage(),
    query: z.string().optional().openapi({
      description: "Nom, raison sociale, SIRET ou référence (accents et casse ignorés)",
    }),
    reference: z.string().optional().openapi({ description: "Référence (ou une partie)" }),
    regions: listeRepetee("Codes de régions couvertes par le périmètre d'intervention"),
    departements: listeRepetee("Codes de départements couverts par le périmètre d'intervention"),
    epcis: listeRepetee("Codes d'EPCI du périmètre d'intervention"),
    communes: listeRepetee("Codes INSEE de communes couvertes par le périmètre d'intervention"),
    orderBy: z
      .string()
      .optional()
      .openapi({
        description: `Tri, parmi ${TRIS_ETABLISSEMENTS.join(", ")} (dateCreation par défaut)`,
      }),
    orderType: z.string().optional().openapi({ description: "asc ou desc (desc par défaut)" }),
  })
  .strict();

/** The filters as declared and, for the handlers, as the one reader of the list reads them. */
const requete = requeteFiltree(filtres, lireFiltresEtablissements);

/**
 * contract/schemas/etablissements-liste.ts `EtablissementListe` as zod: the
 * establishment's fields the list shows, and its referencing date.
 */
export const EtablissementListe = etablissementSchema
  .pick({
    id: true,
    agrementId: true,
    numeroAgrement: true,
    reference: true,
    raisonSociale: true,
    nom: true,
    siret: true,
    codePostal: true,
    ville: true,
  })
  .extend({
    dateCreation: z.string().openapi({ description: "Date du référencement (ISO 8601)" }),
  })
  .openapi("EtablissementListe");

/** One export history entry. */
export const HistoriqueExportEtablissements = z
  .object({
    id: z.number().int(),
    nom: z.string(),
    prenom: z.string(),
    dateExport: z.string().openapi({ description: "ISO 8601" }),
    filtres: z
      .record(z.string())
      .openapi({ description: "{ startDate, endDate } (AAAA-MM-JJ) ou { raisonSociale }" }),
    commentaire: z.string().nullable(),
  })
  .openapi("HistoriqueExportEtablissements");

/** An establishment of one approval as the staff file page lists it. */
export const EtablissementAgrementStaff = z
  .object({
    id: z.string(),
    reference: z.string(),
    nom: z.string(),
    siret: z.string(),
    codePostal: z.string(),
    ville: z.string(),
    referencee: z.boolean(),
    dateCreation: z.string(),
    dateDereferencement: z.string().nullable(),
  })
  .openapi("EtablissementAgrementStaff");

// The zod schemas and the interfaces the pages use must not drift apart.
type Egaux<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const conformes: [
  Egaux<z.infer<typeof EtablissementListe>, EtablissementListeContrat>,
  Egaux<z.infer<typeof HistoriqueExportEtablissements>, HistoriqueContrat>,
  Egaux<z.infer<typeof EtablissementAgrementStaff>, EtablissementAgrementStaffContrat>,
] = [true, true, true];
void conformes;

const interditStaff = { 403: json(MessageErreur, "Rôle autre que le personnel (« Forbidden »)") };
const interditCentral = {
  403: json(MessageErreur, "Rôle autre que mar_admin ou anah_centrale (« Forbidden »)"),
};

const lectureEtablissements = defineReads({ tags, access: ROLE_GATES.staff, ...requete });

export const listerEtablissements = lectureEtablissements(
  "/etablissements",
  "Établissements référencés visibles (20 par page)",
  {
    200: reponsePage(
      EtablissementListe,
      "Page de 20 établissements (`result`: EtablissementListe[])",
    ),
    ...interditStaff,
  },
  "Instruction : ceux des agréments dont elle voit la demande ; rôles centraux : tous. " +
    "Un filtre de périmètre garde les établissements dont le périmètre d'intervention couvre " +
    "une des zones choisies (une région couvre ses départements, un département ou un EPCI ses communes).",
);

export const exporterEtablissements = lectureEtablissements(
  "/etablissements/export",
  "EtablissementsReferences.csv : la liste pour ces filtres (page ignorée), en flux",
  {
    200: fichier(
      "EtablissementsReferences.csv",
      "text/csv",
      'attachment; filename="EtablissementsReferences.csv"',
    ),
    ...interditStaff,
  },
  "CSV `;`, UTF-8 avec BOM, une ligne d'en-tête ; du plus récent référencement au plus ancien.",
);

export const telechargerEtablissements = defineEndpoint({
  method: "get",
  path: "/etablissements/telechargement",
  summary: "etablissements.zip : établissements référencés d'une période ou d'une société",
  description:
    "`startDate` et `endDate` (JJ-MM-AAAA, jours Europe/Paris inclus) : référencés entre ces dates ; " +
    "ou `raisonSociale` : ceux de cette société. Chaque téléchargement est inscrit à l'historique " +
    "des exports avant l'envoi.",
  tags,
  access: ROLE_GATES.central,
  query: z
    .object({
      startDate: z.string().optional().openapi({ description: "JJ-MM-AAAA" }),
      endDate: z.string().optional().openapi({ description: "JJ-MM-AAAA, pas avant startDate" }),
      raisonSociale: z.string().optional().openapi({ description: "Raison sociale exacte" }),
    })
    .strict(),
  rules: { query: schemaTelechargement },
  responses: {
    200: fichier(
      "etablissements.zip (un CSV EtablissementsReferences.csv)",
      "application/zip",
      'attachment; filename="etablissements.zip"',
    ),
    ...interditCentral,
    422: json(
      ErreurValidation,
      "Date manquante ou mal écrite, fin avant le début (sur endDate), société inconnue (« Aucun résultat »)",
    ),
  },
});

export const listerHistoriqueExports = defineEndpoint({
  method: "get",
  path: "/historique-export-etablissements",
  summary:
    "Historique des téléchargements des établissements (20 par page, le plus récent d'abord)",
  tags,
  access: ROLE_GATES.central,
  query: z
    .object({ page: z.string().optional().openapi({ description: "À partir de 1" }) })
    .strict(),
  responses: {
    200: reponsePage(HistoriqueExportEtablissements, "Page de l'historique"),
    ...interditCentral,
  },
});

export const commenterHistoriqueExport = defineEndpoint({
  method: "patch",
  path: "/historique-export-etablissement/:id",
  summary: "Commentaire d'une entrée de l'historique des exports",
  tags,
  access: ROLE_GATES.central,
  params: z.object({ id: z.string().openapi({ description: "Numéro de l'entrée" }) }),
  body: {
    schema: z.object({ commentaire: z.string().optional() }).strict(),
    formats: ["json", "form"],
    description: `\`commentaire\` (au plus ${COMMENTAIRE_EXPORT_MAX} caractères ; vide l'efface)`,
  },
  rules: { body: schemaCommentaireExport },
  responses: {
    200: json(HistoriqueExportEtablissements, "L'entrée commentée"),
    ...interditCentral,
    404: json(MessageErreur, "Entrée inconnue"),
    422: json(ErreurValidation, "Commentaire trop long"),
  },
});

export const listerNomsSocietes = defineEndpoint({
  method: "get",
  path: "/company/names",
  summary: `Raisons sociales des sociétés ayant des établissements (au plus ${MAX_NOMS_SOCIETES})`,
  description: "Contient `name`, accents et casse ignorés ; ordre alphabétique.",
  tags,
  access: ROLE_GATES.central,
  query: z.object({ name: z.string().optional() }).strict(),
  responses: { 200: json(z.array(z.string()), "Raisons sociales"), ...interditCentral },
});

export const listerEtablissementsAgrementStaff = defineEndpoint({
  method: "get",
  path: "/agrement/:id/etablissements-staff",
  summary: "Établissements d'un agrément, pour la page du dossier (personnel)",
  description:
    "Au personnel qui voit la demande sur laquelle l'agrément a été accordé ; référencés d'abord, " +
    "puis par référence.",
  tags,
  access: ROLE_GATES.staff,
  params: ParametresId,
  responses: {
    200: json(z.array(EtablissementAgrementStaff), "Établissements"),
    ...interditStaff,
    404: json(MessageErreur, "Agrément inconnu ou non visible"),
  },
});

/** Every endpoint of this file. */
export const pointsEtablissementsStaff = [
  listerEtablissements,
  exporterEtablissements,
  telechargerEtablissements,
  listerHistoriqueExports,
  commenterHistoriqueExport,
  listerNomsSocietes,
  listerEtablissementsAgrementStaff,
] as const;
