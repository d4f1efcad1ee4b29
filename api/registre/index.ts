/**
 * The company registry the API uses (ADR 0016): INSEE Sirene when the
 * setting SIRENE_API_URL is given, else the embedded registry.
 */
import type { ApiConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import { registreEmbarque } from "./embarque.ts";
import { registreSirene } from "./sirene.ts";
import type { RegistreEntreprises } from "./types.ts";

export type { EtablissementDuRegistre, RegistreEntreprises } from "./types.ts";
export { ErreurRegistre, MESSAGE_REGISTRE_INDISPONIBLE } from "./types.ts";

/** The registry selected by `config` (Sirene adapter or embedded one). */
export function creerRegistre(
  config: Pick<ApiConfig, "sireneApiUrl" | "sireneApiToken">,
  database: Database,
): RegistreEntreprises {
  return config.sireneApiUrl
    ? registreSirene({ url: config.sireneApiUrl, token: config.sireneApiToken })
    : registreEmbarque(database);
}
