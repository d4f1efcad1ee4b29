/**
 * Instruction lists (spec §3 "Instruction dashboard", §7 GET /api/demandes,
 * /api/changement-notables): filters with their query-string form, sort
 * columns and pages.
 */
import type { EtatDemande } from "../etats.ts";
import type { EtapeInstruction } from "../statuts.ts";

// Deadlines live in one module, contract/delais.ts (with their references).
export { JOURS_EXPIRE_BIENTOT } from "../delais.ts";

/** Rows per page of the instruction lists. */
export const TAILLE_PAGE = 20;

/**
 * The largest page a list reads from `?page=`: a million pages of
 * {@link TAILLE_PAGE} rows are far beyond scale 10 (500,000 establishments).
 * A larger number (a typo, a probe) reads as this page, past the last one,
 * so it answers an empty page instead of being echoed back in the links or
 * overflowing the offset.
 */
export const PAGE_MAX = 1_000_000;

/** `?page=` (digits only) → 1..{@link PAGE_MAX}, larger numbers clamped; 1 when missing or malformed. */
export function lirePage(valeur: string | null): number {
  if (!valeur || !/^\d+$/.test(valeur)) return 1;
  return Math.max(1, Math.min(Number(valeur), PAGE_MAX));
}

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
  const oui = (cle: string) => ["true", "on", "1"].includes(params.get(cle) ?? "");
  const [instructeur, services, etat, etape, quality, type, departement, region] =
    LISTES_FILTRES.map(liste);
  return {
    page: lirePage(params.get("page")),
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
