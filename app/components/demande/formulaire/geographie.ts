/**
 * Geography searches of the request form (spec §5 Perimeter, Multi-select),
 * shared by the server (search intents, resource route) and the browser.
 */
import { RECHERCHE_COMMUNE_MIN, RECHERCHE_EPCI_MIN } from "#contract/schemas/geographie";

/** One option of a geography search, ready to display. */
export interface ResultatGeographie {
  code: string;
  nom: string;
}

/** Result of a commune or EPCI search: the matches, or why there are none. */
export interface RechercheGeographie {
  terme: string;
  resultats: ResultatGeographie[];
  erreur: string | null;
}

export const MESSAGE_RECHERCHE_EPCI = `Saisissez au moins ${RECHERCHE_EPCI_MIN} caractères pour rechercher un EPCI.`;
export const MESSAGE_RECHERCHE_COMMUNE = `Saisissez au moins ${RECHERCHE_COMMUNE_MIN} caractère pour rechercher une commune.`;
export const MESSAGE_COMMUNE_SANS_TERRITOIRE =
  "Cochez d'abord une région ou un département : la recherche porte sur leurs communes.";

/**
 * Hidden-field encoding of an option's name ("code|nom"), so that a form
 * re-rendered after a search without JavaScript still names the options
 * chosen before (the API only knows their codes).
 */
export function encoderOption(option: ResultatGeographie): string {
  return `${option.code}|${option.nom}`;
}

/** Reverse of {@link encoderOption}; null for anything malformed. */
export function decoderOption(value: unknown): ResultatGeographie | null {
  if (typeof value !== "string") return null;
  const separateur = value.indexOf("|");
  if (separateur < 1) return null;
  return { code: value.slice(0, separateur), nom: value.slice(separateur + 1) };
}

/** Names by code of `options`, added to a copy of `connus` when given (later names win). */
export function indexerNoms(
  options: readonly ResultatGeographie[],
  connus?: ReadonlyMap<string, string>,
): Map<string, string> {
  const noms = new Map(connus);
  for (const option of options) noms.set(option.code, option.nom);
  return noms;
}

/** The options of `codes`, named from `noms` (by their code when unknown). */
export function nommer(
  codes: readonly string[],
  noms: ReadonlyMap<string, string>,
): ResultatGeographie[] {
  return codes.map((code) => ({ code, nom: noms.get(code) ?? code }));
}
