/**
 * Approvals (spec §7 Approvals; §4 "The approval page is accessible when
 * en_cours or suspendu"; DESIGN §4): the applicant's current approval and
 * one approval by id.
 */
import { z } from "zod";
import { ETATS_ANTIVIRUS_BLOQUANTS } from "../antivirus.ts";
import { ROLE_GATES } from "../roles.ts";
import type { Agrement as AgrementContrat } from "../schemas/agrement.ts";
import { ACTIONS_RAPPORT_ANNUEL, ETATS_RAPPORT_ANNUEL } from "../schemas/rapport-annuel.ts";
import {
  ETATS_AGREMENT,
  FILTRES_RAPPORT_ANNUEL,
  TRIS_AGREMENTS,
  lireFiltresAgrements,
  type AgrementListe as AgrementListeContrat,
  type ProcedureAgrementDetail as ProcedureAgrementDetailContrat,
} from "../schemas/agrements-liste.ts";
import { MessageErreur, fichier, json } from "./composants.ts";
import { defineEndpoint, defineReads } from "./endpoint.ts";
import { listeRepetee, numeroPage, ordreDeTri, reponsePage, requeteFiltree } from "./filtres.ts";

const tags = ["Agréments"] as const;

const codeNom = z.object({ code: z.string(), nom: z.string() });

/** `data` of a withdrawal procedure: its notification, decision and decision date. */
const donneesProcedure = z.object({
  dateNotification: z.string().nullable(),
  decision: z.string().nullable(),
  dateDecision: z.string().nullable(),
});

/** The fields of an attachment in every answer (contract/schemas/piece-jointe.ts). */
export const champsPieceJointe = {
  id: z.string(),
  nom: z.string(),
  mimeType: z.string(),
  size: z.number().int().openapi({ description: "Octets" }),
  codeTypePJ: z.string(),
  dateCreation: z.string(),
};

const PieceJointe = z
  .object({
    ...champsPieceJointe,
    etatAntivirus: z
      .enum(ETATS_ANTIVIRUS_BLOQUANTS)
      .optional()
      .openapi({
        description:
          "Présent seulement quand le fichier ne peut pas être téléchargé (ADR 0030) : " +
          "en_attente ou erreur (« Analyse antivirus en cours »), infecte (bloqué). " +
          "Absent : sain, ou non analysé (pas d'antivirus configuré).",
      }),
  })
  .openapi("PieceJointe");

/** contract/schemas/agrement.ts `Agrement` as zod (kept equal to it by the type check below). */
export const Agrement = z
  .object({
    id: z.string(),
    etat: z.enum(["en_cours", "perime", "suspendu", "retire"]),
    numeroAgrement: z.string(),
    raisonSociale: z.string(),
    dateDebut: z.string().openapi({ description: "AAAA-MM-JJ (Europe/Paris)" }),
    dateFin: z.string().openapi({ description: "AAAA-MM-JJ (Europe/Paris)" }),
    dateOctroi: z.string(),
    demandeId: z.string(),
    perimetre: z.object({
      regions: z.array(codeNom),
      departements: z.array(codeNom),
      epcis: z.array(codeNom),
      communes: z.array(codeNom),
    }),
    attestations: z.array(
      z.object({
        id: z.number().int(),
        isCurrent: z.boolean(),
        date: z.string(),
        pieceJointe: PieceJointe,
      }),
    ),
    proceduresAgrement: z.array(
      z.object({
        id: z.number().int(),
        etat: z.string(),
        type: z.string(),
        data: donneesProcedure,
      }),
    ),
    actionsDisponibles: z.array(
      // The annual report's, and CREER_EXTENSION_PERIMETRE (ADR 0020).
      z.enum([...ACTIONS_RAPPORT_ANNUEL, "CREER_EXTENSION_PERIMETRE"]),
    ),
    rapportAnnuelActivites: z.array(
      z.object({
        annee: z.number().int(),
        etat: z.enum(ETATS_RAPPORT_ANNUEL),
        dateDepot: z.string().nullable(),
        enRetard: z.boolean(),
        piecesJointes: z.array(PieceJointe),
      }),
    ),
  })
  .openapi("Agrement");

// The zod schema and the interface the API and the pages use must not drift apart.
type Egaux<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const agrementConforme: Egaux<z.infer<typeof Agrement>, AgrementContrat> = true;
void agrementConforme;

export const lireMonAgrement = defineEndpoint({
  method: "get",
  path: "/agrement/mon-agrement",
  summary: "Agrément en cours (ou suspendu) de la société du demandeur",
  tags,
  access: ROLE_GATES.demandeur,
  responses: {
    200: json(Agrement, "Agrément"),
    404: json(MessageErreur, "La société n'a pas d'agrément en cours"),
  },
});

export const lireAgrement = defineEndpoint({
  method: "get",
  path: "/agrement/:id",
  summary: "Un agrément",
  description:
    "À la société titulaire, ou au personnel qui voit la demande sur laquelle il a été accordé ; " +
    "404 pour tout autre.",
  tags,
  access: "authenticated",
  params: z.object({ id: z.string() }),
  responses: {
    200: json(Agrement, "Agrément"),
    404: json(MessageErreur, "Agrément inconnu ou non visible"),
  },
});

// ── The approvals list, its export, one withdrawal procedure (ADR 0026) ──

/**
 * The list filters as sent (spec §3 "Agrement list criteria", §7): lists as
 * repeated `key[]`, the sort as `order[champ]=asc|desc`. Values are not
 * checked here: an unknown state or sort field is ignored
 * (contract/schemas/agrements-liste.ts `lireFiltresAgrements`).
 */
const filtresAgrements = z
  .object({
    page: numeroPage(),
    query: z.string().optional().openapi({
      description: "Numéro d'agrément, raison sociale ou SIREN (accents et casse ignorés)",
    }),
    quality: listeRepetee("Qualités de la structure"),
    etat: listeRepetee(`États, parmi ${ETATS_AGREMENT.join(", ")}`),
    servicesInstructeur: listeRepetee("Identifiants de services instructeurs"),
    rapportAnnuelActivites: listeRepetee(
      `Rapport annuel de l'année écoulée, parmi ${FILTRES_RAPPORT_ANNUEL.join(", ")}`,
    ),
    hasEtablissement: z
      .string()
      .optional()
      .openapi({ description: "true : au moins un établissement référencé ; false : aucun" }),
    order: ordreDeTri(TRIS_AGREMENTS, "numeroAgrement asc"),
  })
  .strict();

/** The filters as declared and, for the handlers, as the one reader of the list reads them. */
const requeteAgrements = requeteFiltree(filtresAgrements, lireFiltresAgrements);

/** contract/schemas/agrements-liste.ts `AgrementListe` as zod. */
export const AgrementListe = z
  .object({
    id: z.string(),
    numeroAgrement: z.string(),
    raisonSociale: z.string(),
    siren: z.string(),
    qualite: z.string().nullable(),
    etat: z.enum(ETATS_AGREMENT),
    dateDebut: z.string().openapi({ description: "AAAA-MM-JJ (Europe/Paris)" }),
    dateFin: z.string().openapi({ description: "AAAA-MM-JJ (Europe/Paris)" }),
    codeDepartement: z.string().nullable(),
    serviceInstructeur: z.string().nullable(),
    nbEtablissements: z.number().int(),
  })
  .openapi("AgrementListe");

/** contract/schemas/agrements-liste.ts `ProcedureAgrementDetail` as zod. */
export const ProcedureAgrementDetail = z
  .object({
    id: z.number().int(),
    agrementId: z.string(),
    numeroAgrement: z.string(),
    demandeId: z.string().nullable(),
    type: z.string(),
    etat: z.string(),
    dateCreation: z.string(),
    data: donneesProcedure,
    historique: z.array(
      z.object({
        id: z.number().int(),
        action: z.string(),
        etatAvant: z.string().nullable(),
        etatApres: z.string().nullable(),
        date: z.string(),
        commentaire: z.string().nullable(),
        acteur: z
          .object({ prenom: z.string(), nom: z.string(), role: z.string().nullable() })
          .nullable(),
      }),
    ),
  })
  .openapi("ProcedureAgrementDetail");

const listeConformes: [
  Egaux<z.infer<typeof AgrementListe>, AgrementListeContrat>,
  Egaux<z.infer<typeof ProcedureAgrementDetail>, ProcedureAgrementDetailContrat>,
] = [true, true];
void listeConformes;

const interditListe = {
  403: json(MessageErreur, "Rôle autre que le personnel (« Forbidden »)"),
};

const lectureAgrements = defineReads({ tags, access: ROLE_GATES.staff, ...requeteAgrements });

export const listerAgrements = lectureAgrements(
  "/agrements",
  "Agréments visibles (20 par page)",
  { 200: reponsePage(AgrementListe, "Page de 20 agréments"), ...interditListe },
  "Personnel seulement : tout pour mar_admin et anah_centrale, le service de l'instructeur " +
    "(et du crhh), le périmètre du superviseur. Tri par numéro d'agrément croissant par défaut.",
);

export const exporterAgrements = lectureAgrements(
  "/agrements/export",
  "agrements-AAAA-MM-JJ.csv : la liste pour ces filtres (page ignorée), en flux",
  {
    200: fichier(
      "agrements-AAAA-MM-JJ.csv (jour de Paris)",
      "text/csv",
      "attachment ; agrements-AAAA-MM-JJ.csv",
    ),
    ...interditListe,
  },
);

export const lireProcedureAgrement = defineEndpoint({
  method: "get",
  path: "/procedure_agrement/:id",
  summary: "Une procédure de retrait d'agrément et son historique",
  description:
    "À qui peut lire l'agrément (sa société, le personnel qui le voit) ; 404 pour tout autre.",
  tags,
  access: "authenticated",
  params: z.object({ id: z.string().openapi({ description: "Identifiant (entier)" }) }),
  responses: {
    200: json(ProcedureAgrementDetail, "La procédure"),
    404: json(MessageErreur, "Procédure inconnue ou non visible"),
  },
});

/** Every endpoint of this file. */
export const pointsAgrements = [
  lireMonAgrement,
  lireAgrement,
  listerAgrements,
  exporterAgrements,
  lireProcedureAgrement,
] as const;
