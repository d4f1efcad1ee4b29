/**
 * Activity follow-up (spec §2 `/activite`, §3 "Activities", §7
 * `GET /api/activities` and its `/details-*`, §9 activity filters and
 * indicators; ADR 0027): the filters and their
 * query-string form, the period rule, and the shapes of the indicators and
 * of each breakdown. Shared by the API and the pages.
 */
import { z } from "zod";
import { MESSAGES, lireDate } from "../validation.ts";
import { ETAPES_INSTRUCTION, type EtapeInstruction } from "../statuts.ts";
import { MESSAGE_FIN_AVANT_DEBUT } from "./etablissements-liste.ts";
import {
  champDrapeau,
  champListe,
  champTexte,
  codecFiltres,
  identifiantsService,
  selon,
} from "./filtres.ts";

export { MESSAGE_FIN_AVANT_DEBUT };

/**
 * The activity filters of spec §9: period (Europe/Paris days, both
 * inclusive, either bound optional), structure qualities, instructing
 * services, head-office départements and régions (OR within a filter, AND
 * across), and "deemed rejected only".
 */
export interface FiltresActivite {
  /** "AAAA-MM-JJ", first day included. */
  dateDebut?: string;
  /** "AAAA-MM-JJ", last day included. */
  dateFin?: string;
  quality: string[];
  servicesInstructeur: number[];
  departement: string[];
  region: string[];
  reputesRejetes: boolean;
}

/** No filter at all. */
export const FILTRES_ACTIVITE_VIDES: FiltresActivite = {
  quality: [],
  servicesInstructeur: [],
  departement: [],
  region: [],
  reputesRejetes: false,
};

const CODE_GEO = /^[0-9AB]{2,3}$/;
const QUALITE = /^[A-Za-z_]{1,40}$/;

/** Errors of the period, by field (`dateDebut`, `dateFin`), French messages of spec §5. */
export type ErreursPeriode = Partial<Record<"dateDebut" | "dateFin", string[]>>;

/**
 * The activity filters, written as spec §7 sends lists (repeated `key[]`,
 * empty values skipped) and read apart from the period: `key[]` and `key`
 * both give a list; malformed codes, qualities and service ids are dropped
 * (unknown values simply match nothing); `reputesRejetes` is on for
 * "true", "on" or "1".
 */
const CODEC_ACTIVITE = codecFiltres<FiltresActivite>({
  dateDebut: champTexte(),
  dateFin: champTexte(),
  quality: champListe({ unique: true, garde: selon(QUALITE) }),
  servicesInstructeur: champListe({ unique: true, garde: identifiantsService }),
  region: champListe({ unique: true, garde: selon(CODE_GEO) }),
  departement: champListe({
    normalise: (code) => code.toUpperCase(),
    unique: true,
    garde: selon(CODE_GEO),
  }),
  reputesRejetes: champDrapeau(),
});

/**
 * Reads the activity filters from a query string (API and page alike),
 * the lists by {@link CODEC_ACTIVITE}. The period is read apart: a
 * malformed date or an end before the start is an error on its field
 * (spec §5 Dates), returned in `erreurs`, and the date is left out.
 * Never throws.
 */
export function lireFiltresActivite(params: URLSearchParams): {
  filtres: FiltresActivite;
  erreurs: ErreursPeriode;
} {
  const erreurs: ErreursPeriode = {};
  const date = (cle: "dateDebut" | "dateFin") => {
    const brut = params.get(cle)?.trim();
    if (!brut) return undefined;
    const iso = lireDate(brut);
    if (!iso) erreurs[cle] = [MESSAGES.format];
    return iso ?? undefined;
  };
  let dateDebut = date("dateDebut");
  let dateFin = date("dateFin");
  if (dateDebut && dateFin && dateFin < dateDebut) {
    erreurs.dateFin = [MESSAGE_FIN_AVANT_DEBUT];
    dateDebut = undefined;
    dateFin = undefined;
  }
  return { filtres: { ...CODEC_ACTIVITE.lire(params), dateDebut, dateFin }, erreurs };
}

/** The query string of `filtres` as spec §7 sends lists (repeated `key[]`), empty values skipped. */
export function versParamsActivite(filtres: Partial<FiltresActivite>): URLSearchParams {
  return CODEC_ACTIVITE.versParams(filtres);
}

/** Whether any filter is set. */
export function activiteFiltree(filtres: FiltresActivite): boolean {
  return versParamsActivite(filtres).toString() !== "";
}

/**
 * The API's reading of the filters: the same reader, and a 422 on
 * `dateDebut` / `dateFin` for a malformed date or an end before the start.
 */
export const schemaFiltresActivite = z
  .record(z.union([z.string(), z.array(z.string())]).optional())
  .transform((valeurs, contexte): FiltresActivite => {
    const params = new URLSearchParams();
    for (const [cle, valeur] of Object.entries(valeurs)) {
      if (valeur === undefined) continue;
      for (const item of [valeur].flat()) params.append(cle, item);
    }
    const { filtres, erreurs } = lireFiltresActivite(params);
    for (const [champ, messages] of Object.entries(erreurs))
      for (const message of messages ?? [])
        contexte.addIssue({ code: "custom", path: [champ], message });
    return filtres;
  });

// ── Indicators ──────────────────────────────────────────────────────────────

/** Approvals granted in the period, by their state today (spec §9). */
export interface AgrementsAccordes {
  total: number;
  /** `en_cours`, including those under a withdrawal procedure without suspension. */
  actifs: number;
  /** Of `actifs`: under a withdrawal procedure in progress (without suspension). */
  procedureEnCours: number;
  suspendus: number;
  retires: number;
  perimes: number;
}

/** Files of one instructing service (spec §3 `nbDossiersInstructeurs`). */
export interface DossiersService {
  serviceInstructeurId: number | null;
  service: string;
  nbDossiers: number;
  nbNonAffectes: number;
  nbInstructeurs: number;
}

/** `GET /api/activities` (spec §3 Activities, §9 indicators; definitions in ADR 0027). */
export interface IndicateursActivite {
  /** Applicant accounts created in the period. */
  nbCreatedUsers: number;
  /** Approval requests decided AGREMENT_VALIDE in the period. */
  nbDemandesValidees: number;
  /** Approval requests refused in the period (state `refusee`). */
  nbDemandesRefusees: number;
  agrementsAccordes: AgrementsAccordes;
  /** Requests deposited in the period, and by their instruction step today. */
  nbDemandesDeposees: { total: number; parEtape: Record<EtapeInstruction, number> };
  nbDossiersInstructeurs: DossiersService[];
  /** Mean calendar days from deposit to decision, suspensions deducted; null without decision. */
  nbJoursTraitement: { moyenne: number | null; nbDecisions: number };
  /** Deposited requests deemed rejected (clock over without decision) or tacitly rejected. */
  nbReputesRejetes: number;
  /**
   * ISO instant the figures were computed, when they come from the national
   * summary kept by a job (ADR 0038); absent when computed for the request.
   */
  calculeLe?: string;
}

/** One month of `/details-deposee` ("AAAA-MM", Europe/Paris). */
export interface MoisDepots {
  mois: string;
  deposees: number;
  validees: number;
  refusees: number;
}

/** Bounds of the processing-time classes of `/details-delai-moyen` (calendar days, upper bound included). */
export const TRANCHES_DELAI = [
  { code: "0-30", libelle: "30 jours ou moins", max: 30 },
  { code: "31-60", libelle: "31 à 60 jours", max: 60 },
  { code: "61-90", libelle: "61 à 90 jours", max: 90 },
  { code: "91-120", libelle: "91 à 120 jours", max: 120 },
  { code: "121+", libelle: "Plus de 120 jours", max: null },
] as const;

/** `/details-delai-moyen`: by month of decision, and the distribution of the delays. */
export interface DetailsDelaiMoyen {
  parMois: { mois: string; nbDecisions: number; moyenne: number }[];
  distribution: { tranche: string; libelle: string; nb: number }[];
}

/** One instructor (or "not assigned") of one service, `/details-charge-instructeurs`. */
export interface ChargeInstructeur {
  serviceInstructeurId: number | null;
  service: string;
  instructeurId: string | null;
  /** "Prénom Nom", or "Non affecté". */
  instructeur: string;
  nbDossiers: number;
  /** Of those, not terminated (instruction step other than `terminated`). */
  nbEnCours: number;
}

/** One head-office département, `/details-reputes-rejetes`. */
export interface ReputesRejetesDepartement {
  codeDepartement: string | null;
  departement: string;
  nbReputesRejetes: number;
  nbRejeteesTacitement: number;
}

/** One head-office département, `/details-agrements-accordes`. */
export interface AgrementsDepartement extends AgrementsAccordes {
  codeDepartement: string | null;
  departement: string;
}

/** French labels of the instruction steps (DESIGN §3), in order. */
export const LIBELLES_ETAPES: Record<EtapeInstruction, string> = {
  awaitingAssignment: "En attente d'affectation",
  checkingDemande: "Vérification de la complétude",
  awaitingCrhh: "En attente de l'avis du CRHH",
  pendingInstructorFinalize: "Avis de l'instructeur à rendre",
  awaitingDecision: "En attente de décision",
  preparingTransmission: "Décision à transmettre",
  terminated: "Terminés",
};

export { ETAPES_INSTRUCTION };
