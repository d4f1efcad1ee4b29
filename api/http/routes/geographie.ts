/**
 * Public geography searches (spec §7 Geography, §5 multi-select): accent-,
 * case- and punctuation-insensitive, trimmed.
 */
import { Router } from "express";
import { rechercherCommunes, rechercherEpcis } from "../../../contract/api/geographie.ts";
import { RECHERCHE_EPCI_MIN } from "../../../contract/schemas/geographie.ts";
import { normaliserRecherche } from "../../../contract/texte.ts";
import type { Database } from "../../db/client.ts";
import { communesCorrespondantes, epcisCorrespondants } from "../../domain/geographie.ts";
import { endpoints } from "../endpoint.ts";
import { unprocessable } from "../errors.ts";

/** Routes GET /communes/filter and GET /epcis/filter (contract/api/geographie.ts). */
export function geographieRoutes(database: Database): Router {
  const router = Router();
  const points = endpoints(router);

  /**
   * `query`: a name prefix ("saint-etienne" finds "Saint-Étienne") or, when
   * made of digits, a postal-code prefix ("69001" finds Lyon); optional exact
   * `codePostal`, `departements[]` and `limit` (≤ 50). Exact names first,
   * then by population. 422 `{ detail }` when `query` is blank (400 when absent).
   */
  points.register(rechercherCommunes, async ({ query: params }, _req, res) => {
    if (!normaliserRecherche(params.query))
      throw unprocessable("Saisissez au moins 1 lettre ou chiffre pour rechercher une commune.");
    res.json(await communesCorrespondantes(database, params));
  });

  /**
   * `query` (≥ 3 characters): any part of the EPCI's name, or its SIREN.
   * Names starting with the text come first. 422 `{ detail }` when shorter
   * (400 when absent).
   */
  points.register(rechercherEpcis, async ({ query: params }, _req, res) => {
    if (normaliserRecherche(params.query).replace(/ /g, "").length < RECHERCHE_EPCI_MIN) {
      throw unprocessable("Saisissez au moins 3 caractères pour rechercher un EPCI.");
    }
    res.json(await epcisCorrespondants(database, params));
  });

  return router;
}
