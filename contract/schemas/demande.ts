/**
 * Approval request payloads (spec §3 "Demande", "Approval request content";
 * §5 rules; §7 Requests). The step schemas are used as they are by the form
 * (conform, client and server) and by the API, so a rule lives once.
 * Field names are flat so that a plain HTML form posts them unchanged.
 */
import { z } from "zod";
import type { ActionDemande, EtatDemande } from "../etats.ts";
import { perimetreVide, type PerimetreCodes } from "../perimetre.ts";
import { CODES_QUALITE } from "../qualites.ts";
import type { EtapeInstruction, EtatNormalise, StatutSimplifie } from "../statuts.ts";
import type { Agrement } from "./agrement.ts";
import type { Avis } from "./avis.ts";
import type { InfoComplementaire, PjAdditionnelles } from "./complements.ts";
import type { PieceJointe } from "./piece-jointe.ts";
import {
  MESSAGES,
  caseCochee,
  codePostalSaisi,
  regleAdresse,
  sansChiffres,
  texteSaisi,
  dateAvantAujourdhui,
  decimalOptionnel,
  email,
  telephone,
  texte,
  texteOptionnel,
  verifierPlafonds,
} from "../validation.ts";

// ── Step 1: structure information ────────────────────────────────────────────

/**
 * Step 1 (PUT /api/demande/{id}/step/1, POST /api/demande). SIREN and company
 * name are the account's and cannot be changed (spec §5): the API ignores
 * them. `dateCreationStructure` comes in as "JJ/MM/AAAA" or "AAAA-MM-JJ" and
 * goes out as "AAAA-MM-JJ"; `aujourdhui` is the Europe/Paris date to compare
 * with (defaults to now).
 */
export function schemaEtape1(aujourdhui?: string) {
  return z
    .object({
      signataireNom: sansChiffres(texte(100), "signataireNom"),
      signatairePrenom: sansChiffres(texte(100), "signatairePrenom"),
      signataireQualite: texte(100),
      structureQualite: z.enum(CODES_QUALITE, {
        errorMap: () => ({ message: MESSAGES.requis }),
      }),
      formeJuridique: texte(10),
      dateCreationStructure: dateAvantAujourdhui(aujourdhui),
      telephone: telephone(),
      email: email(),
      adresse: texte(200),
      complementAdresse: texteOptionnel(200),
      codePostal: codePostalSaisi(),
      /** INSEE code of the commune chosen among those of the postal code. */
      commune: texteSaisi(5),
    })
    .and(regleAdresse({ codePostal: "codePostal", ville: "commune" }));
}
export type Etape1 = z.output<ReturnType<typeof schemaEtape1>>;

// ── Step 2: structure activities ─────────────────────────────────────────────

/** Staffing indicators of step 2 (spec §3 codes), in display order. */
export const INDICATEURS_ETP = [
  "nb_etp_struct",
  "nb_etp_accomp",
  "nb_etp_accomp_prev",
  "nb_etp_accomp_renf_prev",
] as const;
export type IndicateurEtp = (typeof INDICATEURS_ETP)[number];

/** Spec §3 labels of the staffing figures of step 2; the year is shown apart. */
export const LIBELLES_ETP: Record<IndicateurEtp | "part_activite_previsionnelle", string> = {
  nb_etp_struct: "Nombre d'ETP de la structure",
  nb_etp_accomp: "Nombre d'ETP dédiés à l'accompagnement",
  nb_etp_accomp_prev: "Nombre d'ETP prévisionnels dédiés à l'accompagnement",
  nb_etp_accomp_renf_prev: "Nombre d'ETP prévisionnels dédiés à l'accompagnement renforcé",
  part_activite_previsionnelle:
    "Part prévisionnelle de l'activité d'accompagnement dans l'activité de la structure (en %)",
};

/** Spec §5 ETP: each value at most 999; activity share is a percentage. */
export const ETP_MAX = 999;
export const PART_ACTIVITE_MAX = 100;

/** A list of geography codes as a form posts it (one value, repeated names or `key[]`). */
export const listeCodes = z.preprocess(
  (value) =>
    value === undefined || value === null || value === ""
      ? []
      : (Array.isArray(value) ? value : [value]).filter((item) => item !== ""),
  z.array(z.string().max(10)).max(40000),
);

/**
 * The four perimeter lists of a form (spec §3 Perimeter form; `regions[]`
 * etc. read as lists).
 */
export const champsPerimetre = {
  regions: listeCodes,
  departements: listeCodes,
  epcis: listeCodes,
  communes: listeCodes,
};

/**
 * Field that carries the error of an empty perimeter ('Le périmètre
 * d'intervention est requis'): the first list.
 */
export const CHAMP_ERREUR_PERIMETRE = "regions";

/** Spec §5 Perimeter, for a form's `superRefine`: an empty perimeter is refused. */
export function refuserPerimetreVide(value: PerimetreCodes, context: z.RefinementCtx): void {
  if (perimetreVide(value))
    context.addIssue({
      code: "custom",
      path: [CHAMP_ERREUR_PERIMETRE],
      message: MESSAGES.perimetre,
    });
}

/** Spec §5: removing all communes resets precisions. */
export const sansPrecisionsOrphelines = <T extends { communes: string[]; precisions?: string }>(
  value: T,
) => ({ ...value, precisions: value.communes.length ? value.precisions : undefined });

/** Spec §5 ETP: [figure, figure it may not exceed, message]. */
const PLAFONDS_ETP = [
  [
    "nb_etp_accomp",
    "nb_etp_struct",
    "Le nombre d'ETP dédiés à l'accompagnement ne peut pas dépasser le nombre d'ETP de la structure.",
  ],
  [
    "nb_etp_accomp_renf_prev",
    "nb_etp_accomp_prev",
    "Les ETP prévisionnels d'accompagnement renforcé ne peuvent pas dépasser les ETP prévisionnels d'accompagnement.",
  ],
] as const;

/**
 * Step 2 (PUT /api/demande/{id}/step/2). Perimeter codes as lists (a form
 * posts them as repeated names); ETP figures typed the French way ("7,5").
 * Rules checked here (spec §5): perimeter not empty, each ETP ≤ 999 with two
 * decimals at most, all ETP fields or none, accompaniment ETP not above the
 * structure's, activity share ≤ 100, precisions only with communes. Rules
 * that need the geography (a région's départements, communes inside the
 * chosen régions or départements) are checked by the API.
 */
export const schemaEtape2 = z
  .object({
    ...champsPerimetre,
    precisions: texteOptionnel(2000),
    nb_etp_struct: decimalOptionnel(ETP_MAX),
    nb_etp_accomp: decimalOptionnel(ETP_MAX),
    nb_etp_accomp_prev: decimalOptionnel(ETP_MAX),
    nb_etp_accomp_renf_prev: decimalOptionnel(ETP_MAX),
    part_activite_previsionnelle: decimalOptionnel(PART_ACTIVITE_MAX),
    missionsFacultatives: z.preprocess(
      (value) =>
        value === "oui" || value === true
          ? true
          : value === "non" || value === false
            ? false
            : undefined,
      z.boolean().optional(),
    ),
  })
  .superRefine((value, context) => {
    refuserPerimetreVide(value, context);
    const remplis = INDICATEURS_ETP.filter((code) => value[code] !== undefined);
    if (remplis.length > 0 && remplis.length < INDICATEURS_ETP.length) {
      for (const code of INDICATEURS_ETP) {
        if (value[code] === undefined)
          context.addIssue({ code: "custom", path: [code], message: MESSAGES.tousLesChamps });
      }
    }
    verifierPlafonds(value, PLAFONDS_ETP, context);
  })
  .transform(sansPrecisionsOrphelines);
export type Etape2 = z.output<typeof schemaEtape2>;

// ── Actions ──────────────────────────────────────────────────────────────────

/** ANNULER_DEMANDE form (spec §3 Cancel form, §5 Cancel). */
export const schemaAnnulation = z.object({
  commentaire: texte(2000),
  confirmation: caseCochee("Veuillez confirmer l'annulation définitive de la demande."),
});

/**
 * Body of POST /api/{kind}/{id}/action (form data): the action, the version
 * the user saw (409 when stale), and what the action needs.
 */
export const schemaCorpsAction = z.object({
  action: z.string({ required_error: MESSAGES.requis }).min(1, MESSAGES.requis),
  version: z.coerce.number().int().positive().optional(),
  commentaire: texteOptionnel(5000),
  confirmation: z.string().optional(),
});

// ── Answers of the API ───────────────────────────────────────────────────────

// The attachment of every answer lives in piece-jointe.ts (no cycle with the
// other concepts); re-exported here for the request's importers.
export type { PieceJointe };

/** One rubric of `GET /api/demande/{id}/procedure` with its limits and files. */
export interface RubriqueProcedure {
  code: string;
  libelle: string;
  description: string;
  obligatoire: boolean;
  minPj: number;
  maxPj: number;
  /** Largest file accepted, in Ko. */
  tailleMaxKo: number;
  /** Accepted mime types (contract/pieces-jointes.ts). */
  typesAcceptes: string[];
  piecesJointes: PieceJointe[];
}

/** What still prevents the deposit, step by step (`canBe/depose`, procedure). */
export interface Manquant {
  etape: 1 | 2 | 3;
  message: string;
}

/** GET /api/demande/{id}/procedure: the attachment procedure and the form's completeness. */
export interface ProcedureDemande {
  rubriques: RubriqueProcedure[];
  /**
   * The documents the portal produced at the latest deposit
   * (DOCUMENTS_DEPOT_DEMANDE of contract/pieces-jointes.ts, in that order,
   * the newest file of each rubric); empty before the first deposit.
   */
  documentsDepot: (PieceJointe & { libelle: string })[];
  etapesCompletes: { 1: boolean; 2: boolean; 3: boolean };
  manquants: Manquant[];
}

/** GET /api/demande/{id}/procedure-etp (spec §3: etp required, missionsFacultatives, etps). */
export interface ProcedureEtp {
  required: boolean;
  missionsFacultatives: boolean;
  /** One entry per indicator with the year it is about. */
  etps: {
    code: IndicateurEtp | "part_activite_previsionnelle";
    libelle: string;
    annee: number;
    max: number;
  }[];
}

/** GET api/demande/{id}/canBe/depose. */
export interface PeutEtreDepose {
  depose: boolean;
  manquants: Manquant[];
}

/** GET /api/{kind}/can/deposernouvelledemande. */
export interface PeutCreer {
  can: boolean;
  /** Why not, in French, when `can` is false. */
  raison?: string;
}

/** A request as every list and detail returns it (spec §3 Demande). */
export interface DemandeResume {
  id: string;
  kind: "demande" | "changement-notable";
  numeroDossier: string | null;
  /**
   * Spec §3 `numeroDemande`: the number this request received at deposit
   * ("MAR-AAAA-NNNNNN"), i.e. the same value as `numeroDossier` — every
   * request, approval or notable change, gets its own number from one
   * sequence, so the file and the request share it. Null before deposit.
   */
  numeroDemande: string | null;
  etat: EtatDemande;
  etatNormalise: EtatNormalise;
  statutSimplifie: StatutSimplifie;
  /** Optimistic-lock version to send back with actions. */
  version: number;
  raisonSociale: string | null;
  dateCreation: string;
  dateModification: string;
  dateDepot: string | null;
  dateAgrement: string | null;
  /** When the approval was granted on this request (ISO instant); null otherwise. */
  dateOctroi: string | null;
  /**
   * Notification date ("AAAA-MM-JJ") of the latest withdrawal-with-suspension
   * procedure opened on this request (spec §4), ongoing or ended; null when
   * none was.
   */
  dateNotificationSuspension: string | null;
  /**
   * Decision date ("AAAA-MM-JJ") of the procedure of this request that
   * withdrew the approval (decision agrement_retire); null otherwise.
   */
  dateDecisionRetrait: string | null;
  /**
   * Spec §3 `impactChangement`: for a notable change, the approval's
   * documents the change removes (`pjSupprimees`). The change types the
   * portal offers (perimeter extension) remove none, so the list is empty;
   * null for an approval request, which changes no approval.
   */
  impactChangement: { pjSupprimees: PieceJointe[] } | null;
  /** Deadline of the pending completeness or complement request, "AAAA-MM-JJ". */
  dateEcheance: string | null;
  motifAnnulation: string | null;
  actionsDisponibles: { action: ActionDemande }[];
  /** A message from the other side arrived since the user last opened the thread. */
  nouveauMessage: boolean;
  messagerie: { closed: boolean };
  unreadNotifications: { note: number };
  demandeur: { id: string | null };
  /** The decision letter or certificate, once there is one. */
  decision: PieceJointe | null;
  // Instruction (DESIGN §3, §5)
  etapeInstruction: EtapeInstruction;
  /** Last day of the 3-month instruction clock, "AAAA-MM-JJ"; null before deposit. */
  dateLimiteInstruction: string | null;
  /** The clock is suspended (completeness or complement pending). */
  delaiSuspendu: boolean;
  /** Less than 15 days left on the clock (DESIGN §5). */
  expireBientot: boolean;
  /** The clock expired: deemed rejected (spec §4). */
  reputeRejete: boolean;
  siren: string | null;
  qualite: string | null;
  codeDepartement: string | null;
  codeRegion: string | null;
  serviceInstructeur: { id: number; nom: string } | null;
  instructeur: { id: string; prenom: string; nom: string } | null;
  typeChangement: string | null;
  dateAvisDecideur: string | null;
}

/** GET api/demande/{id}: the summary plus the form's content. */
export interface DemandeDetail extends DemandeResume {
  etape1: Etape1 | null;
  etape2: Etape2 | null;
  /** Labels for display: commune, legal form, perimeter names. */
  libelles: {
    commune: string | null;
    formeJuridique: string | null;
    regions: { code: string; nom: string }[];
    departements: { code: string; nom: string }[];
    epcis: { code: string; nom: string }[];
    communes: { code: string; nom: string }[];
  };
  /** Opinions: all of them for staff, only the decision for the applicant. */
  avis: Avis[];
  infosComplementaires: InfoComplementaire[];
  /** The applicant's answers to completeness and complement requests, highest increment first. */
  pjAdditionnelles: PjAdditionnelles[];
  /** The approval granted on this request, once there is one. */
  agrement: Agrement | null;
  /**
   * A notable change's own content (ADR 0020): for a perimeter extension,
   * `extension` = { perimetre, effectifs } as saved so far; absent for an
   * approval request. Written out here (changement-notable.ts reads this
   * module: no import cycle); changement-notable.ts checks it is its
   * `ContenuChangementNotable`.
   */
  contenu?: {
    extension: {
      perimetre?: {
        regions: string[];
        departements: string[];
        epcis: string[];
        communes: string[];
        precisions?: string;
      };
      effectifs?: { nbEtpPerimetre: number; nbEtpAccompagnementPerimetre: number };
    };
  };
}

/** GET /api/{type}/{id}/historique item. */
export interface EntreeHistorique {
  id: number;
  action: string;
  etatAvant: string | null;
  etatApres: string | null;
  date: string;
  commentaire: string | null;
  acteur: { prenom: string; nom: string; role: string | null } | null;
}

// ── Messaging ────────────────────────────────────────────────────────────────

/** POST /api/{type}/{id}/message body (JSON or form). */
export const schemaMessage = z.object({
  message: texte(5000),
});

export interface Message {
  id: number;
  contenu: string;
  date: string;
  cote: "demandeur" | "instruction";
  auteur: { prenom: string; nom: string } | null;
  /** Written by the reader's side. */
  moi: boolean;
}

/** GET /api/{type}/{id}/messages (spec §3 Messaging). */
export interface Messagerie {
  closed: boolean;
  dateCreation: string;
  messages: Message[];
}
