/**
 * Public geography searches (spec §7 Geography, §5 multi-select): accent-,
 * case- and punctuation-insensitive, trimmed.
 */
import { and, asc, between, desc, eq, inArray, like, or, sql } from "drizzle-orm";
import { Router } from "express";
import { rechercherCommunes, rechercherEpcis } from "../../../contract/api/geographie.ts";
import { RECHERCHE_EPCI_MIN, type Commune } from "../../../contract/schemas/geographie.ts";
import { normaliserRecherche } from "../../../contract/texte.ts";
import type { Database } from "../../db/client.ts";
import { communeCodesPostaux, communes, epcis } from "../../db/schema.ts";
import { endpoints } from "../endpoint.ts";
import { unprocessable } from "../errors.ts";

/** Routes GET /communes/filter and GET /epcis/filter (contract/api/geographie.ts). */
export function geographieRoutes(database: Database): Router {
  const { db } = database;
  const router = Router();
  const points = endpoints(router);

  /**
   * `query`: a name prefix ("saint-etienne" finds "Saint-Étienne") or, when
   * made of digits, a postal-code prefix ("69001" finds Lyon); optional exact
   * `codePostal`, `departements[]` and `limit` (≤ 50). Exact names first,
   * then by population. 422 `{ detail }` when `query` is blank (400 when absent).
   */
  points.register(rechercherCommunes, async ({ query: params }, _req, res) => {
    const terme = normaliserRecherche(params.query);
    const chiffresSaisis = params.query.replace(/\s+/g, "");
    const chiffres = /^\d+$/.test(chiffresSaisis);
    if (!terme)
      throw unprocessable("Saisissez au moins 1 lettre ou chiffre pour rechercher une commune.");
    // Postal codes all have 5 digits: a prefix is a range the index serves.
    const postalCodesBetween = (low: string, high: string) =>
      inArray(
        communes.code,
        db
          .select({ code: communeCodesPostaux.codeCommune })
          .from(communeCodesPostaux)
          .where(between(communeCodesPostaux.codePostal, low, high)),
      );
    const conditions = [
      chiffres
        ? or(
            postalCodesBetween(chiffresSaisis.padEnd(5, "0"), chiffresSaisis.padEnd(5, "9")),
            eq(communes.code, chiffresSaisis),
          )
        : like(communes.nomRecherche, `${terme}%`),
    ];
    if (params.codePostal)
      conditions.push(postalCodesBetween(params.codePostal, params.codePostal));
    if (params.departements.length > 0)
      conditions.push(inArray(communes.codeDepartement, params.departements));
    const rows = await db
      .select({
        code: communes.code,
        nom: communes.nom,
        codeDepartement: communes.codeDepartement,
        codeRegion: communes.codeRegion,
        codesPostaux: sql<
          string[]
        >`array(select cp.code_postal from ${communeCodesPostaux} cp where cp.code_commune = ${communes.code} order by cp.code_postal)`,
      })
      .from(communes)
      .where(and(...conditions))
      .orderBy(
        desc(sql`${communes.nomRecherche} = ${terme}`),
        sql`${communes.population} desc nulls last`,
        asc(communes.nom),
      )
      .limit(params.limit);
    const result: Commune[] = rows.map((row) => ({ ...row, codesPostaux: row.codesPostaux ?? [] }));
    res.json(result);
  });

  /**
   * `query` (≥ 3 characters): any part of the EPCI's name, or its SIREN.
   * Names starting with the text come first. 422 `{ detail }` when shorter
   * (400 when absent).
   */
  points.register(rechercherEpcis, async ({ query: params }, _req, res) => {
    const terme = normaliserRecherche(params.query);
    if (terme.replace(/ /g, "").length < RECHERCHE_EPCI_MIN) {
      throw unprocessable("Saisissez au moins 3 caractères pour rechercher un EPCI.");
    }
    const rows = await db
      .select({ code: epcis.code, nom: epcis.nom })
      .from(epcis)
      .where(or(like(epcis.nomRecherche, `%${terme}%`), eq(epcis.code, params.query)))
      .orderBy(desc(sql`${epcis.nomRecherche} like ${`${terme}%`}`), asc(epcis.nom))
      .limit(params.limit);
    res.json(rows);
  });

  return router;
}
