/**
 * The filter codec of the lists (spec §7: lists travel as repeated `key[]`,
 * the sort as `order[field]=asc|desc`): a list's filters are described once,
 * one {@link CodecChamp} per field, and the description gives both the
 * reader (API and pages alike) and the writer of the query string (links of
 * the pages, calls of the BFF). Readers never throw: a malformed value is
 * dropped or read as the default, as spec §7 lists do.
 */
import { ENTIER_MAX } from "../validation.ts";

/**
 * The largest page a list reads from `?page=`: a million pages of
 * 20 rows are far beyond scale 10 (500,000 establishments).
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

/** How one filter reads itself from a query string and writes itself back. */
export interface CodecChamp<T> {
  lire(params: URLSearchParams, cle: string): T;
  /** Appends the filter to `params`, nothing when it has its default value. */
  ecrire(params: URLSearchParams, cle: string, valeur: T | undefined): void;
}

/** A list's filters, described field by field (the order is the query string's). */
export type DescriptionFiltres<F> = { [K in keyof F]-?: CodecChamp<F[K]> };

/** The reader and the writer of a list's filters. */
export interface CodecFiltres<F> {
  /** Reads the filters of a query string; never throws. */
  lire(params: URLSearchParams): F;
  /** The query string of `filtres`, defaults skipped; `remplace` overrides some (a sort link, a page link). */
  versParams(filtres: Partial<F>, remplace?: Partial<F>): URLSearchParams;
}

/** The codec of the filters `description` describes. */
export function codecFiltres<F>(description: DescriptionFiltres<F>): CodecFiltres<F> {
  const cles = Object.keys(description) as (keyof F & string)[];
  return {
    lire(params) {
      return Object.fromEntries(cles.map((cle) => [cle, description[cle].lire(params, cle)])) as F;
    },
    versParams(filtres, remplace = {}) {
      const tout: Partial<F> = { ...filtres, ...remplace };
      const params = new URLSearchParams();
      for (const cle of cles) description[cle].ecrire(params, cle, tout[cle]);
      return params;
    },
  };
}

/** `?page=`: 1 to PAGE_MAX ({@link lirePage}); written from page 2. */
export function champPage(): CodecChamp<number> {
  return {
    lire: (params, cle) => lirePage(params.get(cle)),
    ecrire: (params, cle, valeur) => {
      if (valeur && valeur > 1) params.set(cle, String(valeur));
    },
  };
}

/** A trimmed text of at most `max` characters; empty reads as absent. */
export function champTexte(max = Infinity): CodecChamp<string | undefined> {
  return {
    lire: (params, cle) => params.get(cle)?.trim().slice(0, max) || undefined,
    ecrire: (params, cle, valeur) => {
      if (valeur) params.set(cle, valeur);
    },
  };
}

/** Options of {@link champListe}. */
export interface OptionsListe<T> {
  /** Each value as the list compares it (e.g. upper case); trimmed before. */
  normalise?: (valeur: string) => string;
  /** Keeps each value once, in the order of the query string. */
  unique?: boolean;
  /** The values kept, and their type (unknown or malformed values are dropped). */
  garde: (valeurs: string[]) => T[];
}

/** A list: `key[]` and `key` both read, empty values dropped; written as repeated `key[]`. */
export function champListe<T extends string | number>({
  normalise = (valeur) => valeur,
  unique = false,
  garde,
}: OptionsListe<T>): CodecChamp<T[]> {
  return {
    lire: (params, cle) => {
      const valeurs = [...params.getAll(`${cle}[]`), ...params.getAll(cle)]
        .map((valeur) => normalise(valeur.trim()))
        .filter(Boolean);
      return garde(unique ? [...new Set(valeurs)] : valeurs);
    },
    ecrire: (params, cle, valeurs) => {
      for (const valeur of valeurs ?? []) params.append(`${cle}[]`, String(valeur));
    },
  };
}

/** Keeps every value (a {@link OptionsListe.garde}). */
export function tels(valeurs: string[]): string[] {
  return valeurs;
}

/** Keeps the values among `permis` (a {@link OptionsListe.garde}). */
export function parmi<T extends string>(permis: readonly T[]) {
  return (valeurs: string[]): T[] =>
    valeurs.filter((valeur): valeur is T => (permis as readonly string[]).includes(valeur));
}

/** Keeps the values matching `motif` (a {@link OptionsListe.garde}). */
export function selon(motif: RegExp) {
  return (valeurs: string[]): string[] => valeurs.filter((valeur) => motif.test(valeur));
}

/** Keeps the service ids (1 to 10 digits, a PostgreSQL `integer` above 0) as numbers. */
export function identifiantsService(valeurs: string[]): number[] {
  return valeurs
    .filter((valeur) => /^\d{1,10}$/.test(valeur))
    .map(Number)
    .filter((id) => id >= 1 && id <= ENTIER_MAX);
}

/** A flag on for "true", "on" or "1"; written `key=true` when on. */
export function champDrapeau(): CodecChamp<boolean> {
  return {
    lire: (params, cle) => ["true", "on", "1"].includes(params.get(cle) ?? ""),
    ecrire: (params, cle, valeur) => {
      if (valeur) params.set(cle, "true");
    },
  };
}

/** A yes/no filter that may be unset: true/on/1, false/0, anything else unset. */
export function champOuiNon(): CodecChamp<boolean | undefined> {
  return {
    lire: (params, cle) => {
      const valeur = params.get(cle);
      if (valeur === null) return undefined;
      if (["true", "on", "1"].includes(valeur)) return true;
      return ["false", "0"].includes(valeur) ? false : undefined;
    },
    ecrire: (params, cle, valeur) => {
      if (valeur !== undefined) params.set(cle, String(valeur));
    },
  };
}

/** A sort, `{ field, direction }`. */
export interface Tri<C extends string> {
  field: C;
  direction: "asc" | "desc";
}

/**
 * The sort as `order[field]=asc|desc` (the last valid pair wins), among
 * `champs`; written only when it is not `defaut`. A direction other than
 * asc/desc leaves the pair out when `directionStricte`, else reads as desc.
 */
export function champTri<C extends string>(
  champs: readonly C[],
  defaut: Tri<C>,
  directionStricte: boolean,
): CodecChamp<Tri<C>> {
  return {
    lire: (params) => {
      let tri = defaut;
      for (const [cle, valeur] of params) {
        const champ = /^order\[(\w+)\]$/.exec(cle)?.[1];
        if (!champ || !(champs as readonly string[]).includes(champ)) continue;
        if (directionStricte && valeur !== "asc" && valeur !== "desc") continue;
        tri = { field: champ as C, direction: valeur === "asc" ? "asc" : "desc" };
      }
      return tri;
    },
    ecrire: (params, _cle, tri) => {
      if (tri && !(tri.field === defaut.field && tri.direction === defaut.direction))
        params.set(`order[${tri.field}]`, tri.direction);
    },
  };
}

/**
 * The sort as two parameters, `orderBy` among `champs` (else the default
 * field) and `orderType` (`asc`, anything else desc), as spec §3
 * `sortAction` names them; both written when the sort is not `defaut`.
 */
export function champTriSepare<C extends string>(
  champs: readonly C[],
  defaut: Tri<C>,
): CodecChamp<Tri<C>> {
  return {
    lire: (params) => {
      const champ = params.get("orderBy") ?? "";
      return {
        field: (champs as readonly string[]).includes(champ) ? (champ as C) : defaut.field,
        direction: params.get("orderType") === "asc" ? "asc" : "desc",
      };
    },
    ecrire: (params, _cle, tri) => {
      if (!tri || (tri.field === defaut.field && tri.direction === defaut.direction)) return;
      params.set("orderBy", tri.field);
      params.set("orderType", tri.direction);
    },
  };
}
