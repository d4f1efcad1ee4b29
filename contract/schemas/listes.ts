/**
 * Instruction lists (spec §3 "Instruction dashboard", §7 GET /api/demandes,
 * /api/changement-notables): filters with their query-string form, sort
 * columns and pages.
 */
import type { EtatDemande } from "../etats.ts";
import type { EtapeInstruction } from "../statuts.ts";
import {
  champDrapeau,
  champListe,
  champPage,
  champTexte,
  champTri,
  codecFiltres,
  tels,
} from "./filtres.ts";

// Deadlines live in one module, contract/delais.ts (with their references).
export { JOURS_EXPIRE_BIENTOT } from "../delais.ts";

/** Rows per page of the instruction lists. */
export const TAILLE_PAGE = 20;

export { PAGE_MAX, lirePage } from "./filtres.ts";

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

/**
 * The filters of the instruction lists, read and written (spec §7): `key[]`
 * and `key` both give a list, empty values are dropped, unknown sort
 * fields fall back to `dateDepot` desc, a page below 1 reads as 1. A bad
 * filter value simply matches nothing.
 */
const CODEC_DEMANDES = codecFiltres<FiltresDemandes>({
  page: champPage(),
  query: champTexte(),
  instructeur: champListe({ garde: tels }),
  servicesInstructeur: champListe({ garde: (ids) => ids.map(Number).filter(Number.isInteger) }),
  etat: champListe({ garde: (etats) => etats as EtatDemande[] }),
  etape: champListe({ garde: (etapes) => etapes as EtapeInstruction[] }),
  quality: champListe({ garde: tels }),
  type: champListe({ garde: tels }),
  departement: champListe({ garde: tels }),
  region: champListe({ garde: tels }),
  reputesRejetes: champDrapeau(),
  expireBientot: champDrapeau(),
  mesDossiers: champDrapeau(),
  order: champTri(TRIS_DEMANDES, { field: "dateDepot", direction: "desc" }, false),
});

/** Reads list filters from a query string (API and pages alike); never throws. */
export const lireFiltresDemandes = CODEC_DEMANDES.lire;

/** The query string of `filtres` (repeated `key[]`, defaults skipped, `order[field]=dir`). */
export const versParamsDemandes = CODEC_DEMANDES.versParams;

/** A page of a list (DESIGN §7): first page 1. */
export interface Page<T> {
  page: number;
  nb_elements: number;
  nb_pages: number;
  result: T[];
}
