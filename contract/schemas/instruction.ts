/**
 * Instruction of requests (issue 4; spec §3 Opinion, Note, Instruction
 * dashboard; §4 actions; DESIGN §3): the forms of each action (one zod
 * schema per action, used by the page through conform and by the API
 * handler), the list filters of `GET /api/demandes` with their query-string
 * form, and the shapes the API answers.
 */
import { z } from "zod";
import {
  DECISIONS_PROCEDURE_AGREMENT,
  TYPES_PROCEDURE_AGREMENT,
  type ActionDemande,
  type DecisionProcedureAgrement,
  type EtatDemande,
  type TypeAvis,
  type TypeProcedureAgrement,
  type ValeurAvis,
} from "../etats.ts";
import type { EtapeInstruction } from "../statuts.ts";
import { listeCodes, type PieceJointe } from "./demande.ts";
import { MESSAGES, dateSelonAujourdhui, texte, texteOptionnel } from "../validation.ts";

// ── Action forms ─────────────────────────────────────────────────────────────

/** Messages of the action forms. */
export const MESSAGES_INSTRUCTION = {
  instructeur: "Veuillez choisir un instructeur.",
  instructeurInconnu: "Cet instructeur n'instruit pas les dossiers de ce service.",
  avis: "Veuillez choisir un avis.",
  crhh: "Veuillez indiquer si le CRHH doit être consulté.",
  dateApresAujourdhui: "La date doit être postérieure à la date du jour",
  fichierRequis: "Veuillez joindre au moins un fichier.",
  typeProcedure: "Veuillez choisir le type de procédure.",
  decisionProcedure: "Veuillez choisir l'issue de la procédure.",
  dateNotificationFuture: "La date de notification ne peut pas être postérieure à la date du jour",
} as const;

/** A date strictly after today (Europe/Paris), "JJ/MM/AAAA" or "AAAA-MM-JJ" in, "AAAA-MM-JJ" out. */
export const dateApresAujourdhui = (aujourdhui?: string) =>
  dateSelonAujourdhui(
    (iso, jour) => iso > jour,
    MESSAGES_INSTRUCTION.dateApresAujourdhui,
    aujourdhui,
  );

/** A date not after today (Europe/Paris), "JJ/MM/AAAA" or "AAAA-MM-JJ" in, "AAAA-MM-JJ" out. */
export const dateJusquAujourdhui = (aujourdhui?: string) =>
  dateSelonAujourdhui(
    (iso, jour) => iso <= jour,
    MESSAGES_INSTRUCTION.dateNotificationFuture,
    aujourdhui,
  );

const commentaireRequis = texte(5000);
const commentaireOptionnel = texteOptionnel(5000);

/** An empty form value reads as absent (a field left blank is "no change"). */
const videCommeAbsent = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const typeProcedure = z.enum(TYPES_PROCEDURE_AGREMENT, {
  errorMap: () => ({ message: MESSAGES_INSTRUCTION.typeProcedure }),
});

/** French labels of the withdrawal procedure types (spec §4 Agreement procedure). */
export const LIBELLES_TYPE_PROCEDURE: Record<TypeProcedureAgrement, string> = {
  retrait_avec_suspension: "Retrait avec suspension de l'agrément",
  retrait_sans_suspension: "Retrait sans suspension de l'agrément",
};

/** French labels of the outcomes of a withdrawal procedure. */
export const LIBELLES_DECISION_PROCEDURE: Record<DecisionProcedureAgrement, string> = {
  agrement_maintenu: "L'agrément est maintenu",
  agrement_retire: "L'agrément est retiré",
};

/**
 * MODIFIER_AGREMENT: the granted perimeter as step 2 takes it (codes of
 * régions, départements, EPCI, communes; at least one, spec §5 Perimeter)
 * and the grounds. The geography (known codes, communes inside the chosen
 * zones) is checked by the API.
 */
const schemaModificationAgrement = z
  .object({
    regions: listeCodes,
    departements: listeCodes,
    epcis: listeCodes,
    communes: listeCodes,
  })
  .superRefine((value, context) => {
    const zones =
      value.regions.length + value.departements.length + value.epcis.length + value.communes.length;
    if (zones === 0)
      context.addIssue({ code: "custom", path: ["regions"], message: MESSAGES.perimetre });
  })
  // An intersection, so that a missing comment and an empty perimeter are both reported at once.
  .and(z.object({ commentaire: commentaireRequis }));

/** Opinion types and the values each may take (spec §3 Opinion). */
export const AVIS_PAR_ACTION = {
  EXPRIMER_AVIS_CRHH: {
    typeAvis: "avis_crhh",
    valeurs: ["FAVORABLE", "FAVORABLE_SOUS_RESERVE", "DEFAVORABLE"],
  },
  EXPRIMER_AVIS_INSTRUCTEUR: {
    typeAvis: "avis_instructeur",
    valeurs: ["FAVORABLE", "FAVORABLE_SOUS_RESERVE", "DEFAVORABLE"],
  },
  EXPRIMER_AVIS_SUPERVISEUR: {
    typeAvis: "avis_superviseur",
    valeurs: ["FAVORABLE", "FAVORABLE_SOUS_RESERVE", "DEFAVORABLE"],
  },
  EXPRIMER_AVIS_DECIDEUR: {
    typeAvis: "avis_decideur",
    valeurs: ["AGREMENT_VALIDE", "AGREMENT_REFUSE"],
  },
} as const satisfies Partial<
  Record<ActionDemande, { typeAvis: TypeAvis; valeurs: readonly ValeurAvis[] }>
>;
export type ActionAvis = keyof typeof AVIS_PAR_ACTION;

/** French labels of opinion values and types. */
export const LIBELLES_AVIS: Record<ValeurAvis, string> = {
  FAVORABLE: "Favorable",
  DEFAVORABLE: "Défavorable",
  refus_confirme: "Refus confirmé",
  FAVORABLE_SOUS_RESERVE: "Favorable sous réserve",
  REPUTE_FAVORABLE: "Réputé favorable",
  AGREMENT_VALIDE: "Agrément validé",
  AGREMENT_REFUSE: "Agrément refusé",
  EXTENSION_PERIMETRE_VALIDE: "Extension du périmètre validée",
  EXTENSION_PERIMETRE_REFUSE: "Extension du périmètre refusée",
  proposition_refus: "Proposition de refus",
  abandon: "Abandon",
};
export const LIBELLES_TYPE_AVIS: Record<TypeAvis, string> = {
  avis_crhh: "Avis du CRHH",
  avis_instructeur: "Avis de l'instructeur",
  avis_superviseur: "Avis du superviseur",
  avis_decideur: "Décision",
  avis_incomplete: "Avis d'incomplétude",
};

const avis = (valeurs: readonly [string, ...string[]]) =>
  z.object({
    avis: z.enum(valeurs as [string, ...string[]], {
      errorMap: () => ({ message: MESSAGES_INSTRUCTION.avis }),
    }),
    commentaire: commentaireRequis,
  });

/**
 * The form of each action with input (fields besides `action` and
 * `version`). Files (`fichier`, `fichier1`…) are not in the schemas: the
 * API reads them from the multipart body (DONNER_COMPLEMENT needs at least
 * one, the opinions accept one). `aujourdhui` is the Europe/Paris date the
 * deadline fields compare with.
 */
export function schemasAction(aujourdhui?: string) {
  return {
    AFFECTER_INSTRUCTEUR: z.object({
      instructeurId: z
        .string({ required_error: MESSAGES_INSTRUCTION.instructeur })
        .uuid(MESSAGES_INSTRUCTION.instructeur),
      commentaire: commentaireOptionnel,
    }),
    REAFFECTER_INSTRUCTEUR: z.object({
      instructeurId: z
        .string({ required_error: MESSAGES_INSTRUCTION.instructeur })
        .uuid(MESSAGES_INSTRUCTION.instructeur),
      commentaire: commentaireOptionnel,
    }),
    /** The deadline is fixed: 1 month from the request (DESIGN §5). */
    DEMANDER_COMPLEMENT_COMPLETUDE: z.object({ commentaire: commentaireRequis }),
    DEMANDER_COMPLEMENT: z.object({
      commentaire: commentaireRequis,
      dateEcheance: dateApresAujourdhui(aujourdhui),
    }),
    DONNER_COMPLEMENT: z.object({ commentaire: commentaireOptionnel }),
    RETOURNER_EN_EDITION: z.object({ commentaire: commentaireRequis }),
    DEPOSER_EN_EDITION: z.object({}),
    CONFIRMER_COMPLETUDE: z.object({
      consultationCrhh: z.enum(["oui", "non"], {
        errorMap: () => ({ message: MESSAGES_INSTRUCTION.crhh }),
      }),
      commentaire: commentaireOptionnel,
    }),
    EXPRIMER_AVIS_CRHH: avis(AVIS_PAR_ACTION.EXPRIMER_AVIS_CRHH.valeurs),
    EXPRIMER_AVIS_INSTRUCTEUR: avis(AVIS_PAR_ACTION.EXPRIMER_AVIS_INSTRUCTEUR.valeurs),
    EXPRIMER_AVIS_SUPERVISEUR: avis(AVIS_PAR_ACTION.EXPRIMER_AVIS_SUPERVISEUR.valeurs),
    EXPRIMER_AVIS_DECIDEUR: avis(AVIS_PAR_ACTION.EXPRIMER_AVIS_DECIDEUR.valeurs),
    PROPOSER_REFUS_DEMANDE: z.object({ commentaire: commentaireRequis }),
    CONFIRMER_REFUS: z.object({ commentaire: commentaireOptionnel }),
    REFUSER_REFUS: z.object({ commentaire: commentaireRequis }),
    /** The grounds written in the refusal letter. */
    MOTIVER_REFUS: z.object({ commentaire: commentaireRequis }),
    REJETER_TACITEMENT_DOSSIER: z.object({ commentaire: commentaireOptionnel }),
    VISUALISER_RESULTAT: z.object({}),
    /**
     * Opens a withdrawal procedure: its type, the date the company was
     * notified (not in the future) and the grounds.
     */
    CREER_PROCEDURE: z.object({
      type: typeProcedure,
      dateNotification: dateJusquAujourdhui(aujourdhui),
      commentaire: commentaireRequis,
    }),
    /** Changes the type and/or the notification date (blank: unchanged); grounds required. */
    MODIFIER_PROCEDURE: z.object({
      type: z.preprocess(videCommeAbsent, typeProcedure.optional()),
      dateNotification: z.preprocess(videCommeAbsent, dateJusquAujourdhui(aujourdhui).optional()),
      commentaire: commentaireRequis,
    }),
    /** Ends the procedure: approval kept or withdrawn; the grounds go into the withdrawal letter. */
    TERMINER_PROCEDURE: z.object({
      decision: z.enum(DECISIONS_PROCEDURE_AGREMENT, {
        errorMap: () => ({ message: MESSAGES_INSTRUCTION.decisionProcedure }),
      }),
      commentaire: commentaireRequis,
    }),
    MODIFIER_AGREMENT: schemaModificationAgrement,
  } satisfies Partial<Record<ActionDemande, z.ZodTypeAny>>;
}
export type SchemasAction = ReturnType<typeof schemasAction>;
export type ActionAvecFormulaire = keyof SchemasAction;

/** Actions whose form takes files (`fichier`, `fichier1`…): required for DONNER_COMPLEMENT. */
export const ACTIONS_AVEC_FICHIERS: readonly ActionDemande[] = [
  "DONNER_COMPLEMENT",
  "EXPRIMER_AVIS_CRHH",
  "EXPRIMER_AVIS_INSTRUCTEUR",
  "EXPRIMER_AVIS_SUPERVISEUR",
  "EXPRIMER_AVIS_DECIDEUR",
];

/** Button and page labels of the actions (French). */
export const LIBELLES_ACTION: Partial<Record<ActionDemande, string>> = {
  DEPOSER: "Déposer la demande",
  DEPOSER_EN_EDITION: "Déposer la demande modifiée",
  AFFECTER_INSTRUCTEUR: "Affecter le dossier",
  REAFFECTER_INSTRUCTEUR: "Réaffecter le dossier",
  DEMANDER_COMPLEMENT_COMPLETUDE: "Demander un complément pour complétude",
  DEMANDER_COMPLEMENT: "Demander des pièces complémentaires",
  DONNER_COMPLEMENT: "Transmettre les compléments",
  RETOURNER_EN_EDITION: "Retourner la demande en édition",
  CONFIRMER_COMPLETUDE: "Confirmer la complétude",
  EXPRIMER_AVIS_CRHH: "Donner l'avis du CRHH",
  EXPRIMER_AVIS_INSTRUCTEUR: "Donner l'avis de l'instructeur",
  EXPRIMER_AVIS_SUPERVISEUR: "Donner l'avis du superviseur",
  EXPRIMER_AVIS_DECIDEUR: "Prendre la décision",
  PROPOSER_REFUS_DEMANDE: "Proposer un refus",
  CONFIRMER_REFUS: "Confirmer le refus",
  REFUSER_REFUS: "Écarter la proposition de refus",
  MOTIVER_REFUS: "Motiver le refus",
  REJETER_TACITEMENT_DOSSIER: "Rejeter tacitement le dossier",
  ANNULER_DEMANDE: "Annuler la demande",
  VISUALISER_RESULTAT: "Consulter la décision",
  CREER_PROCEDURE: "Ouvrir une procédure de retrait",
  MODIFIER_PROCEDURE: "Modifier la procédure",
  TERMINER_PROCEDURE: "Terminer la procédure",
  MODIFIER_AGREMENT: "Modifier l'agrément",
};

/** Months the applicant has to answer a completeness request (DESIGN §5). */
export const DELAI_COMPLETUDE_MOIS = 1;
/** Days before the end of the instruction clock when a file "expires soon" (DESIGN §5). */
export const JOURS_EXPIRE_BIENTOT = 15;
/** Years an approval is valid (DESIGN §5). */
export const DUREE_AGREMENT_ANS = 5;
/** Months a withdrawal with suspension may keep the approval suspended, from notification (DESIGN §5). */
export const DUREE_MAX_SUSPENSION_MOIS = 3;
/**
 * Days the company has, from the notification of the procedure, to present
 * its observations before a withdrawal may be decided (DESIGN §5 "15 days
 * to 1 month": the lower bound is the one the API enforces).
 */
export const JOURS_OBSERVATIONS_RETRAIT = 15;

// ── Lists (GET /api/demandes, /api/changement-notables) ──────────────────────

/** Rows per page of the instruction lists. */
export const TAILLE_PAGE = 20;

/** Sortable columns of the lists; default `dateDepot` desc (spec §9). */
export const TRIS_DEMANDES = [
  "dateDepot",
  "numeroDossier",
  "raisonSociale",
  "etat",
  "dateLimiteInstruction",
  "codeDepartement",
] as const;
export type TriDemandes = (typeof TRIS_DEMANDES)[number];

/**
 * Filters of spec §3 "Instruction dashboard" as the API reads them. Lists
 * travel as repeated `key[]` (spec §7); `order[field]=asc|desc`;
 * `mesDossiers=true` restricts to "my files" (DESIGN §4); `etape[]` to
 * instruction steps.
 */
export interface FiltresDemandes {
  page: number;
  query?: string;
  instructeur: string[];
  servicesInstructeur: number[];
  etat: EtatDemande[];
  etape: EtapeInstruction[];
  quality: string[];
  type: string[];
  departement: string[];
  region: string[];
  reputesRejetes: boolean;
  expireBientot: boolean;
  mesDossiers: boolean;
  order: { field: TriDemandes; direction: "asc" | "desc" };
}

const LISTES_FILTRES = [
  "instructeur",
  "servicesInstructeur",
  "etat",
  "etape",
  "quality",
  "type",
  "departement",
  "region",
] as const;

/**
 * Reads list filters from a query string (API and pages alike): `key[]`
 * and `key` both give a list, empty values are dropped, unknown sort
 * fields fall back to `dateDepot` desc, a page below 1 reads as 1. Never
 * throws: a bad filter value simply matches nothing.
 */
export function lireFiltresDemandes(params: URLSearchParams): FiltresDemandes {
  const liste = (cle: string) =>
    [...params.getAll(`${cle}[]`), ...params.getAll(cle)].map((v) => v.trim()).filter(Boolean);
  let order: FiltresDemandes["order"] = { field: "dateDepot", direction: "desc" };
  for (const [cle, valeur] of params) {
    const tri = /^order\[(\w+)\]$/.exec(cle)?.[1];
    if (tri && (TRIS_DEMANDES as readonly string[]).includes(tri))
      order = { field: tri as TriDemandes, direction: valeur === "asc" ? "asc" : "desc" };
  }
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  const oui = (cle: string) => ["true", "on", "1"].includes(params.get(cle) ?? "");
  const [instructeur, services, etat, etape, quality, type, departement, region] =
    LISTES_FILTRES.map(liste);
  return {
    page: Number.isFinite(page) && page >= 1 ? page : 1,
    query: params.get("query")?.trim() || undefined,
    instructeur,
    servicesInstructeur: services.map(Number).filter(Number.isInteger),
    etat: etat as EtatDemande[],
    etape: etape as EtapeInstruction[],
    quality,
    type,
    departement,
    region,
    reputesRejetes: oui("reputesRejetes"),
    expireBientot: oui("expireBientot"),
    mesDossiers: oui("mesDossiers"),
    order,
  };
}

/**
 * The query string of `filtres` as spec §7 sends it (repeated `key[]`,
 * nulls and defaults skipped, `order[field]=dir`); `remplace` overrides
 * some values (a sort link, a page link).
 */
export function versParamsDemandes(
  filtres: Partial<FiltresDemandes>,
  remplace: Partial<FiltresDemandes> = {},
): URLSearchParams {
  const f = { ...filtres, ...remplace };
  const params = new URLSearchParams();
  if (f.page && f.page > 1) params.set("page", String(f.page));
  if (f.query) params.set("query", f.query);
  for (const cle of LISTES_FILTRES)
    for (const valeur of (f[cle] as (string | number)[] | undefined) ?? [])
      params.append(`${cle}[]`, String(valeur));
  if (f.reputesRejetes) params.set("reputesRejetes", "true");
  if (f.expireBientot) params.set("expireBientot", "true");
  if (f.mesDossiers) params.set("mesDossiers", "true");
  if (f.order && !(f.order.field === "dateDepot" && f.order.direction === "desc"))
    params.set(`order[${f.order.field}]`, f.order.direction);
  return params;
}

/** A page of a list (DESIGN §7): first page 1. */
export interface Page<T> {
  page: number;
  nb_elements: number;
  nb_pages: number;
  result: T[];
}

// ── Answers of the API ───────────────────────────────────────────────────────

/** An opinion (spec §3 Opinion). Applicants only ever see `avis_decideur`. */
export interface Avis {
  id: number;
  typeAvis: TypeAvis;
  valeur: ValeurAvis;
  commentaire: string | null;
  dateAvis: string;
  dateEcheance: string | null;
  revision: number;
  auteur: { prenom: string; nom: string } | null;
  pieceJointe: PieceJointe | null;
}

/** Complementary information (spec §3): completeness or complement requests, refusals, cancellation. */
export interface InfoComplementaire {
  id: number;
  infoType: string;
  raison: string | null;
  date: string;
  /** "AAAA-MM-JJ" (Europe/Paris). */
  dateEcheance: string | null;
  dateReponse: string | null;
  delaiDepasse: boolean;
}

/** Attachments the applicant sent in answer to one request (spec §3 `pjAdditionnelles`). */
export interface PjAdditionnelles {
  /** 1 for the first answer; highest first (spec §9). */
  increment: number;
  etat: "complement_demande_depose" | "complement_demande_delai_depasse" | "en_attente";
  date: string | null;
  piecesJointes: PieceJointe[];
}

/** An internal note (spec §3 Note): staff only. */
export interface Note {
  id: number;
  texte: string;
  date: string;
  auteur: { prenom: string; nom: string } | null;
  pieceJointe: PieceJointe | null;
  /** Written by the reader. */
  moi: boolean;
}

/** Attachment code of a note's file (spec §3 Attachment `note`), the only one a note takes. */
export const CODE_TYPE_PJ_NOTE = "note";

/**
 * POST /api/{type}/{id}/note (spec §7, multipart): the text `note`
 * (required, ≤ 5000 characters), and for the optional file `fichier` its
 * display name `nom` and its code `codeTypePJ` (only `note`: a note's file
 * must never land in a rubric the applicant sees).
 */
export const schemaNote = z.object({
  note: texte(5000),
  nom: texteOptionnel(200),
  codeTypePJ: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() || undefined : value),
    z
      .literal(CODE_TYPE_PJ_NOTE, {
        errorMap: () => ({
          message: "Une note ne peut porter qu'une pièce jointe de type « note ».",
        }),
      })
      .optional(),
  ),
});

/** A certificate of an approval (spec §3 attestations). */
export interface Attestation {
  id: number;
  isCurrent: boolean;
  date: string;
  pieceJointe: PieceJointe;
}

/** An approval (spec §3 Agrement): GET /api/agrement/mon-agrement, /api/agrement/{id}. */
export interface Agrement {
  id: string;
  etat: "en_cours" | "perime" | "suspendu" | "retire";
  numeroAgrement: string;
  raisonSociale: string;
  /** "AAAA-MM-JJ" (Europe/Paris), first and last day of validity. */
  dateDebut: string;
  dateFin: string;
  dateOctroi: string;
  demandeId: string;
  perimetre: {
    regions: { code: string; nom: string }[];
    departements: { code: string; nom: string }[];
    epcis: { code: string; nom: string }[];
    communes: { code: string; nom: string }[];
  };
  attestations: Attestation[];
  proceduresAgrement: {
    id: number;
    etat: string;
    type: string;
    data: { dateNotification: string | null; decision: string | null; dateDecision: string | null };
  }[];
}

/** Mail preferences (POST /api/user/parametre-mail): one switch per kind of mail. */
export const PARAMETRES_MAIL = [
  {
    code: "suivi_dossier",
    libelle: "Suivi de mes dossiers (dépôt, demandes de compléments, décisions)",
  },
  { code: "nouveau_message", libelle: "Nouveau message dans la messagerie d'un dossier" },
] as const;
export type CodeParametreMail = (typeof PARAMETRES_MAIL)[number]["code"];
