/**
 * The commune and EPCI searches (spec §5 multi-select, §7 Geography), one
 * query each, shared by the public searches (api/http/routes/geographie.ts)
 * and those limited to an approval's perimeter
 * (./etablissements/geographie-agrement.ts). Callers check the typed text
 * first (blank, or shorter than RECHERCHE_EPCI_MIN) and say why in their
 * own words.
 */
import { and, asc, between, desc, eq, inArray, like, or, sql, type SQL } from "drizzle-orm";
import type {
  Commune,
  CommunesQuery,
  Epci,
  EpcisQuery,
} from "../../contract/schemas/geographie.ts";
import { normaliserRecherche } from "../../contract/texte.ts";
import type { Database } from "../db/client.ts";
import { communeCodesPostaux, communes, epcis } from "../db/schema.ts";

/**
 * Communes matching `params.query`: a name prefix (accents, case and
 * punctuation ignored) or, in digits, a postal-code prefix or an INSEE
 * code; optional exact `codePostal` and `departements`; among those of
 * `restriction` when given. Exact names first, then by population; at
 * most `params.limit`.
 */
export async function communesCorrespondantes(
  database: Database,
  params: CommunesQuery,
  restriction?: SQL,
): Promise<Commune[]> {
  const { db } = database;
  const terme = normaliserRecherche(params.query);
  const chiffresSaisis = params.query.replace(/\s+/g, "");
  const chiffres = /^\d+$/.test(chiffresSaisis);
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
  if (restriction) conditions.push(restriction);
  if (params.codePostal) conditions.push(postalCodesBetween(params.codePostal, params.codePostal));
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
  return rows.map((row) => ({ ...row, codesPostaux: row.codesPostaux ?? [] }));
}

/**
 * EPCI whose name contains `params.query` (accents and case ignored) or
 * whose SIREN it is, among those of `restriction` when given; names
 * starting with it first; at most `params.limit`.
 */
export async function epcisCorrespondants(
  database: Database,
  params: EpcisQuery,
  restriction?: SQL,
): Promise<Epci[]> {
  const terme = normaliserRecherche(params.query);
  const correspond = or(like(epcis.nomRecherche, `%${terme}%`), eq(epcis.code, params.query));
  return database.db
    .select({ code: epcis.code, nom: epcis.nom })
    .from(epcis)
    .where(restriction ? and(restriction, correspond) : correspond)
    .orderBy(desc(sql`${epcis.nomRecherche} like ${`${terme}%`}`), asc(epcis.nom))
    .limit(params.limit);
}
