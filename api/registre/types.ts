/**
 * The company-registry port (ADR 0016): which
 * establishments a company (SIREN) has, as INSEE's Sirene directory lists
 * them. Two adapters: the embedded registry (table registre_etablissement,
 * ./embarque.ts) and the INSEE Sirene API 3.11 (./sirene.ts), chosen by
 * the setting SIRENE_API_URL (./index.ts).
 */
import type { EtablissementRegistre } from "../../contract/schemas/etablissement.ts";

/** An establishment as the registry knows it, with whether it is still open. */
export interface EtablissementDuRegistre extends EtablissementRegistre {
  /** False when the registry records it as closed (Sirene `etatAdministratifEtablissement` "F"). */
  actif: boolean;
}

/** The company registry. */
export interface RegistreEntreprises {
  /**
   * Every establishment of the company `siren` (9 digits), open or closed,
   * head office first then by SIRET; [] when the registry knows none.
   * Throws {@link ErreurRegistre} when the registry cannot answer.
   */
  etablissementsDeSiren(siren: string): Promise<EtablissementDuRegistre[]>;
}

/** Message shown when the registry does not answer (timeout, 5xx, refused token). */
export const MESSAGE_REGISTRE_INDISPONIBLE =
  "Le registre des entreprises (INSEE Sirene) ne répond pas pour le moment : réessayez dans quelques minutes.";

/** The registry could not answer; `message` is French and may be shown to the user. */
export class ErreurRegistre extends Error {
  constructor(
    message: string = MESSAGE_REGISTRE_INDISPONIBLE,
    readonly cause?: unknown,
  ) {
    super(message);
    this.name = "ErreurRegistre";
  }
}

/** Head office first, then by SIRET. */
export function trierEtablissements<T extends { siege: boolean; siret: string }>(liste: T[]): T[] {
  return [...liste].sort(
    (a, b) => Number(b.siege) - Number(a.siege) || a.siret.localeCompare(b.siret),
  );
}
