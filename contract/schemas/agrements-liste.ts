/**
 * The approvals list (spec §2 /agrements, §3 "Agrement list criteria", §7
 * `GET /api/agrements`, `GET /api/agrements/export`, §9 default sort
 * numeroAgrement ascending), one withdrawal procedure with
 * its history (§7 `GET api/procedure_agrement/{id}`) and the request counts
 * of the staff home and list tabs (§7 `GET /api/demande/nb-demandes`,
 * `GET /api/demande/count`; ADR 0026). Shared by the pages and the API.
 */
import { ETATS_AGREMENT, type EtatAgrement } from "../etats.ts";
import type { Agrement } from "./agrement.ts";
import type { EntreeHistorique } from "./demande.ts";
import {
  champListe,
  champOuiNon,
  champPage,
  champTexte,
  champTri,
  codecFiltres,
  identifiantsService,
  parmi,
  selon,
} from "./filtres.ts";
import { TAILLE_PAGE } from "./listes.ts";

/** Rows per page of the approvals list (same as the other lists). */
export const TAILLE_PAGE_AGREMENTS = TAILLE_PAGE;

// The approval states a filter may choose are those of spec §4.
export { ETATS_AGREMENT, type EtatAgrement };

/** French labels of the approval states. */
export const LIBELLES_ETAT_AGREMENT: Record<EtatAgrement, string> = {
  en_cours: "En cours",
  perime: "Périmé",
  suspendu: "Suspendu",
  retire: "Retiré",
};

/**
 * Values of the `rapportAnnuelActivites` filter, about the report of the
 * last elapsed year (current Paris year − 1, ADR 0026): `depose` one was
 * deposited, `nonDepose` none was, `enRetard` it was marked late
 * (retard_rapport_annuel, ADR 0017).
 */
export const FILTRES_RAPPORT_ANNUEL = ["depose", "nonDepose", "enRetard"] as const;
export type FiltreRapportAnnuel = (typeof FILTRES_RAPPORT_ANNUEL)[number];

/** French labels of {@link FILTRES_RAPPORT_ANNUEL}. */
export const LIBELLES_FILTRE_RAPPORT_ANNUEL: Record<FiltreRapportAnnuel, string> = {
  depose: "Rapport de l'année écoulée déposé",
  nonDepose: "Rapport de l'année écoulée non déposé",
  enRetard: "Rapport de l'année écoulée en retard",
};

/** Sortable columns; default `numeroAgrement` ascending (spec §9). */
export const TRIS_AGREMENTS = [
  "numeroAgrement",
  "raisonSociale",
  "etat",
  "dateDebut",
  "dateFin",
] as const;
export type TriAgrements = (typeof TRIS_AGREMENTS)[number];

/**
 * Filters of `GET /api/agrements` and of its export as the API reads them
 * (spec §3 filterCriteria, searchQuery, sortAction): OR within a filter,
 * AND across filters. `hasEtablissement` true keeps the approvals with at
 * least one referenced establishment, false those with none.
 */
export interface FiltresAgrements {
  page: number;
  query?: string;
  quality: string[];
  etat: EtatAgrement[];
  servicesInstructeur: number[];
  rapportAnnuelActivites: FiltreRapportAnnuel[];
  hasEtablissement?: boolean;
  order: { field: TriAgrements; direction: "asc" | "desc" };
}

/** The default order (spec §9). */
export const TRI_AGREMENTS_DEFAUT: FiltresAgrements["order"] = {
  field: "numeroAgrement",
  direction: "asc",
};

/** A quality code as contract/qualites.ts spells them (letters); anything else is dropped. */
const CODE_QUALITE = /^[A-Za-z_]{1,40}$/;

/**
 * The filters of the approvals list, read and written (API and page
 * alike): unknown states, report values, malformed quality codes and
 * service ids are dropped (ignored, never an error); an unknown sort field
 * or a direction other than asc/desc leaves the default order;
 * `hasEtablissement` reads true/on/1 and false/0, anything else as unset.
 */
const CODEC_AGREMENTS = codecFiltres<FiltresAgrements>({
  page: champPage(),
  query: champTexte(200),
  quality: champListe({ unique: true, garde: selon(CODE_QUALITE) }),
  etat: champListe({ unique: true, garde: parmi(ETATS_AGREMENT) }),
  servicesInstructeur: champListe({ unique: true, garde: identifiantsService }),
  rapportAnnuelActivites: champListe({ unique: true, garde: parmi(FILTRES_RAPPORT_ANNUEL) }),
  hasEtablissement: champOuiNon(),
  order: champTri(TRIS_AGREMENTS, TRI_AGREMENTS_DEFAUT, true),
});

/** Reads the filters from a query string (API and page alike); never throws. */
export const lireFiltresAgrements = CODEC_AGREMENTS.lire;

/** The query string of `filtres` as spec §7 sends it (repeated `key[]`, defaults skipped). */
export const versParamsAgrements = CODEC_AGREMENTS.versParams;

/** One row of the approvals list. */
export interface AgrementListe {
  id: string;
  numeroAgrement: string;
  raisonSociale: string;
  /** The holding company's SIREN (nine digits). */
  siren: string;
  qualite: string | null;
  etat: EtatAgrement;
  /** "AAAA-MM-JJ" (Europe/Paris), first and last day of validity. */
  dateDebut: string;
  dateFin: string;
  codeDepartement: string | null;
  serviceInstructeur: string | null;
  /** Referenced establishments (referencee) under the approval. */
  nbEtablissements: number;
}

/**
 * One withdrawal procedure of an approval with its history (spec §3
 * Agreement procedure, §7 `GET api/procedure_agrement/{id}`): the rows of
 * its request's history that created, changed or ended it, and the
 * approval's own rows about it (expiry), newest first.
 */
export interface ProcedureAgrementDetail {
  id: number;
  agrementId: string;
  numeroAgrement: string;
  /** The request the procedure was run on (its file page), null for none. */
  demandeId: string | null;
  type: string;
  etat: string;
  dateCreation: string;
  data: Agrement["proceduresAgrement"][number]["data"];
  historique: EntreeHistorique[];
}

/** `GET /api/demande/nb-demandes` (ADR 0026): the files of the "Mes dossiers" tile. */
export interface NbDemandes {
  /** Files of "my files" (DESIGN §4, both kinds, drafts never). */
  nbDemandes: number;
}

/**
 * `GET /api/demande/count` (ADR 0026): the files of each list tab the
 * caller sees ("Tous les dossiers", or "Mes dossiers" with `mesDossiers`).
 */
export interface ComptesDemandes {
  demande: number;
  "changement-notable": number;
  total: number;
}
