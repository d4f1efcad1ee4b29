/**
 * The staff and central side of the establishments (spec §2
 * /etablissements/liste and /etablissements/reference, §3 Etablissement
 * "list is paginated and filterable by departements, regions, epcis,
 * communes and reference; dateFilter; export history entry", §7
 * Establishments): list filters and their query-string
 * form, the rows of the list, the download form (period or company) and
 * the export history with its comment form. Shared by the pages and the API.
 */
import { z } from "zod";
import { MESSAGES, lireDate, texteNormalise } from "../validation.ts";
import {
  champListe,
  champPage,
  champTexte,
  champTriSepare,
  codecFiltres,
  selon,
  type Tri,
} from "./filtres.ts";
import { TAILLE_PAGE, type Page } from "./listes.ts";

/** Rows per page of the establishments list and of the export history (same as the other lists). */
export const TAILLE_PAGE_ETABLISSEMENTS = TAILLE_PAGE;

/** Sortable columns of the establishments list; default `dateCreation` desc (newest referencing first). */
export const TRIS_ETABLISSEMENTS = [
  "dateCreation",
  "reference",
  "nom",
  "raisonSociale",
  "siret",
  "ville",
] as const;
export type TriEtablissements = (typeof TRIS_ETABLISSEMENTS)[number];

/** The perimeter filters, in the order the form shows them (spec §3 Etablissement). */
export const FILTRES_PERIMETRE = ["regions", "departements", "epcis", "communes"] as const;
export type FiltrePerimetre = (typeof FILTRES_PERIMETRE)[number];

/**
 * Filters of `GET /api/etablissements` and of its export as the API reads
 * them. A perimeter filter keeps the establishments whose intervention
 * perimeter covers one of the chosen areas (OR within a filter, AND across
 * filters); `reference` keeps references containing the text; `query`
 * searches the name, the company name, the SIRET and the reference.
 */
export interface FiltresEtablissements {
  page: number;
  query?: string;
  reference?: string;
  regions: string[];
  departements: string[];
  epcis: string[];
  communes: string[];
  /** Travels as `orderBy` and `orderType` (spec §3 `sortAction`). */
  order: Tri<TriEtablissements>;
}

/** The filters with nothing chosen (first page, default order). */
export const FILTRES_ETABLISSEMENTS_VIDES: FiltresEtablissements = {
  page: 1,
  regions: [],
  departements: [],
  epcis: [],
  communes: [],
  order: { field: "dateCreation", direction: "desc" },
};

/** A geographic code as the reference data spells them (digits, 2A/2B, EPCI SIREN); anything else is dropped. */
const CODE_GEO = /^[0-9AB]{2,9}$/;

/** A perimeter filter: codes in upper case, each once, malformed ones dropped. */
const champPerimetre = () =>
  champListe({ normalise: (code) => code.toUpperCase(), unique: true, garde: selon(CODE_GEO) });

/**
 * The list filters, read and written (API and page alike): `key[]` and
 * `key` both give a list, empty values and malformed codes are dropped, an
 * unknown `orderBy` falls back to `dateCreation`, an `orderType` other than
 * `asc` reads as `desc`, a page below 1 reads as 1.
 */
const CODEC_ETABLISSEMENTS = codecFiltres<FiltresEtablissements>({
  page: champPage(),
  query: champTexte(200),
  reference: champTexte(50),
  regions: champPerimetre(),
  departements: champPerimetre(),
  epcis: champPerimetre(),
  communes: champPerimetre(),
  order: champTriSepare(TRIS_ETABLISSEMENTS, { field: "dateCreation", direction: "desc" }),
});

/** Reads the list filters from a query string (API and page alike); never throws. */
export const lireFiltresEtablissements = CODEC_ETABLISSEMENTS.lire;

/** The query string of `filtres` as spec §7 sends it (repeated `key[]`, defaults skipped). */
export const versParamsEtablissements = CODEC_ETABLISSEMENTS.versParams;

/** One row of the staff list of referenced establishments. */
export interface EtablissementListe {
  id: string;
  agrementId: string;
  numeroAgrement: string;
  reference: string;
  raisonSociale: string;
  nom: string;
  siret: string;
  codePostal: string;
  ville: string;
  /** ISO instant of the referencing. */
  dateCreation: string;
}

/** An establishment of one approval, as the staff file page lists it (referenced or not). */
export interface EtablissementAgrementStaff {
  id: string;
  reference: string;
  nom: string;
  siret: string;
  codePostal: string;
  ville: string;
  referencee: boolean;
  /** ISO instants of the referencing and, once dereferenced, of the dereferencing. */
  dateCreation: string;
  dateDereferencement: string | null;
}

/** A page of the list. */
export type PageEtablissements = Page<EtablissementListe>;

// ── Download of the referenced establishments (central) ─────────────────────

/** Message of a company name that matches no establishment (spec §5 autocomplete). */
export const MESSAGE_AUCUN_RESULTAT = "Aucun résultat";
/** Message of an end date before the start date (spec §5 Dates "end date not earlier than start date"). */
export const MESSAGE_FIN_AVANT_DEBUT =
  "La date de fin doit être égale ou postérieure à la date de début.";
/** Most company names the autocomplete returns. */
export const MAX_NOMS_SOCIETES = 20;

/**
 * A date as spec §7 sends it, "JJ-MM-AAAA"; "JJ/MM/AAAA" (typed) and
 * "AAAA-MM-JJ" (native date input) are read too. Out: "AAAA-MM-JJ", or null.
 */
export function lireDateTelechargement(valeur: string): string | null {
  const jma = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(valeur.trim());
  return lireDate(jma ? `${jma[1]}/${jma[2]}/${jma[3]}` : valeur);
}

/** "AAAA-MM-JJ" → "JJ-MM-AAAA" (the API's form of a download date). */
export function versDateTelechargement(iso: string): string {
  const [annee, mois, jour] = iso.split("-");
  return `${jour}-${mois}-${annee}`;
}

const dateRequise = texteNormalise(lireDateTelechargement, MESSAGES.format);

/** What a download selects: a period of referencing (Europe/Paris days, inclusive) or a company. */
export type FiltresTelechargement =
  | { startDate: string; endDate: string; raisonSociale?: undefined }
  | { raisonSociale: string; startDate?: undefined; endDate?: undefined };

/** The period: both dates required, the end not before the start (error on `endDate`). */
export const schemaPeriodeTelechargement = z
  .object({ startDate: dateRequise, endDate: dateRequise })
  .superRefine((valeurs, contexte) => {
    if (valeurs.endDate < valeurs.startDate)
      contexte.addIssue({ code: "custom", path: ["endDate"], message: MESSAGE_FIN_AVANT_DEBUT });
  });

/** The company: its name, required. */
export const schemaSocieteTelechargement = z.object({
  raisonSociale: z
    .string({ required_error: MESSAGES.requis })
    .trim()
    .min(1, MESSAGES.requis)
    .max(255, MESSAGES.maxLength(255)),
});

/**
 * `GET /api/etablissements/telechargement`: `raisonSociale`, or else
 * `startDate` and `endDate`. Out: {@link FiltresTelechargement} with ISO dates.
 */
export const schemaTelechargement = z
  .object({
    startDate: z.string().optional(),
    endDate: z.string().optional(),
    raisonSociale: z.string().optional(),
  })
  .transform((valeurs, contexte): FiltresTelechargement => {
    const lu = valeurs.raisonSociale?.trim()
      ? schemaSocieteTelechargement.safeParse(valeurs)
      : schemaPeriodeTelechargement.safeParse(valeurs);
    if (!lu.success) {
      for (const issue of lu.error.issues) contexte.addIssue(issue);
      return z.NEVER;
    }
    return lu.data as FiltresTelechargement;
  });

// ── Export history ──────────────────────────────────────────────────────────

/** Longest comment of an export history entry. */
export const COMMENTAIRE_EXPORT_MAX = 1000;

/** One download of the referenced establishments (spec §3 "export history entry"). */
export interface HistoriqueExportEtablissements {
  id: number;
  nom: string;
  prenom: string;
  /** ISO instant of the download. */
  dateExport: string;
  /** `{ startDate, endDate }` (AAAA-MM-JJ) or `{ raisonSociale }`. */
  filtres: Record<string, string>;
  commentaire: string | null;
}

/** The comment form of a history entry: empty clears the comment. */
export const schemaCommentaireExport = z.object({
  commentaire: z
    .string()
    .trim()
    .max(COMMENTAIRE_EXPORT_MAX, MESSAGES.maxLength(COMMENTAIRE_EXPORT_MAX))
    .optional()
    .transform((valeur) => valeur || null),
});

/** How the history shows the filters of an entry: "Période du 01/02/2026 au 28/02/2026" or "Société : X". */
export function libelleFiltresExport(filtres: Record<string, string>): string {
  if (filtres.raisonSociale) return `Société : ${filtres.raisonSociale}`;
  const jma = (iso: string | undefined) => (iso ? iso.split("-").reverse().join("/") : "");
  return `Période du ${jma(filtres.startDate)} au ${jma(filtres.endDate)}`;
}
