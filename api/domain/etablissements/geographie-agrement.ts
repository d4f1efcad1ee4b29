/**
 * EPCI and commune searches limited to an approval's perimeter (spec §5
 * "EPCI search at least 3 characters; commune search at least 1",
 * "Establishment perimeter limited to the approval's granted perimeter";
 * §7 GET /api/epcis/agrement/{id}, /api/communes/agrement/{id}): the
 * public searches' queries (../geographie.ts), among the places the
 * approval covers (./perimetre-agrement.ts).
 */
import type {
  Commune,
  CommunesQuery,
  Epci,
  EpcisQuery,
} from "../../../contract/schemas/geographie.ts";
import { RECHERCHE_EPCI_MIN } from "../../../contract/schemas/geographie.ts";
import { normaliserRecherche } from "../../../contract/texte.ts";
import type { Database } from "../../db/client.ts";
import type { AgrementRow } from "../agrements.ts";
import { invalide } from "../erreurs.ts";
import { communesCorrespondantes, epcisCorrespondants } from "../geographie.ts";
import { communeCouverte, epciCouvert } from "./perimetre-agrement.ts";

/**
 * Communes inside `agrement`'s perimeter matching `params.query`: a name
 * prefix (accents, case and punctuation ignored) or, in digits, a postal
 * code prefix or an INSEE code; exact names first, then by population.
 */
export async function rechercherCommunesAgrement(
  database: Database,
  agrement: AgrementRow,
  params: CommunesQuery,
): Promise<Commune[]> {
  if (!normaliserRecherche(params.query))
    throw invalide("Saisissez au moins 1 lettre ou chiffre pour rechercher une commune.", {
      champs: { query: ["Saisissez au moins 1 lettre ou chiffre pour rechercher une commune."] },
    });
  return communesCorrespondantes(database, params, communeCouverte(agrement.perimetre));
}

/**
 * EPCI inside `agrement`'s perimeter whose name contains `params.query`
 * (≥ 3 characters, accents and case ignored) or whose SIREN it is; names
 * starting with it first.
 */
export async function rechercherEpcisAgrement(
  database: Database,
  agrement: AgrementRow,
  params: EpcisQuery,
): Promise<Epci[]> {
  if (normaliserRecherche(params.query).replace(/ /g, "").length < RECHERCHE_EPCI_MIN) {
    const message = "Saisissez au moins 3 caractères pour rechercher un EPCI.";
    throw invalide(message, { champs: { query: [message] } });
  }
  return epcisCorrespondants(database, params, epciCouvert(agrement.perimetre));
}
