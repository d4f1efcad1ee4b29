/**
 * Coverage of an intervention or supervision perimeter (spec §3 Perimeter
 * form, §5 Perimeter; DESIGN §4): a région covers its départements, and
 * through them their EPCI and communes; a département covers its EPCI's
 * communes and its communes; an EPCI covers its communes. One rule for the
 * API (step 2 and MODIFIER_AGREMENT checks, who sees which file) and the
 * app (perimeter fields). Pure functions on codes: the caller says where a
 * place lies (its région, département, EPCI), read from the geography.
 */

/** The levels of a perimeter, from the widest, with their French labels (plural). */
export const NIVEAUX_PERIMETRE = [
  { cle: "regions", libelle: "Régions" },
  { cle: "departements", libelle: "Départements" },
  { cle: "epcis", libelle: "EPCI" },
  { cle: "communes", libelle: "Communes" },
] as const;

/** A level of a perimeter: `regions`, `departements`, `epcis` or `communes`. */
export type NiveauPerimetre = (typeof NIVEAUX_PERIMETRE)[number]["cle"];

/** A perimeter by codes of each level (spec §3 Perimeter form); a missing level is empty. */
export interface PerimetreCodes {
  regions?: readonly string[];
  departements?: readonly string[];
  epcis?: readonly string[];
  communes?: readonly string[];
}

/**
 * Where a place lies, by codes: a commune (with its EPCI, département and
 * région), or a département (with its région), or a région. An unknown
 * level is null or absent.
 */
export interface Localisation {
  region?: string | null;
  departement?: string | null;
  epci?: string | null;
  commune?: string | null;
}

/** A département with the code of its région (GET /api/departements). */
export interface DepartementDeRegion {
  code: string;
  codeRegion: string;
}

function contient(codes: readonly string[] | undefined, code: string | null | undefined): boolean {
  return Boolean(code) && (codes ?? []).includes(code!);
}

/**
 * Whether `perimetre` covers the place `lieu`: its région, its département,
 * its EPCI or the commune itself is in the perimeter. A place of which no
 * level is known is not covered.
 */
export function couvre(perimetre: PerimetreCodes, lieu: Localisation): boolean {
  return (
    contient(perimetre.regions, lieu.region) ||
    contient(perimetre.departements, lieu.departement) ||
    contient(perimetre.epcis, lieu.epci) ||
    contient(perimetre.communes, lieu.commune)
  );
}

/**
 * The départements `perimetre` covers among `departements`: those chosen
 * and those of its régions, without repeats; the chosen ones first, in
 * their order, then the others in the order of `departements`.
 */
export function departementsCouverts(
  perimetre: PerimetreCodes,
  departements: readonly DepartementDeRegion[],
): string[] {
  const codes = new Set(perimetre.departements ?? []);
  for (const departement of departements)
    if (couvre({ regions: perimetre.regions }, { region: departement.codeRegion }))
      codes.add(departement.code);
  return [...codes];
}

/**
 * The chosen départements that a chosen région does not already cover
 * (a ticked région covers its départements: they are not stored twice),
 * in their order. `regionDe` gives a département's région (undefined when
 * unknown: the département is kept).
 */
export function departementsHorsRegions(
  perimetre: PerimetreCodes,
  regionDe: (codeDepartement: string) => string | undefined,
): string[] {
  return (perimetre.departements ?? []).filter(
    (code) => !couvre({ regions: perimetre.regions }, { region: regionDe(code) }),
  );
}

/** Whether no level of `perimetre` names any zone (spec §5: at least one is required). */
export function perimetreVide(perimetre: PerimetreCodes): boolean {
  return (
    (perimetre.regions?.length ?? 0) +
      (perimetre.departements?.length ?? 0) +
      (perimetre.epcis?.length ?? 0) +
      (perimetre.communes?.length ?? 0) ===
    0
  );
}
