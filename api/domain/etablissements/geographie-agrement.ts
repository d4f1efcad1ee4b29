/**
 * EPCI and commune searches limited to an approval's perimeter (spec §5
 * "EPCI search at least 3 characters; commune search at least 1",
 * "Establishment perimeter limited to the approval's granted perimeter";
 * §7 GET /api/epcis/agrement/{id}, /api/communes/agrement/{id}): the same
 * matching and order as the public searches (/epcis/filter,
 * /communes/filter), among the places the approval covers
 * (./perimetre-agrement.ts).
 */
import { and, asc, between, desc, eq, inArray, like, or, sql } from "drizzle-orm";
import type {
  Commune,
  CommunesQuery,
  Epci,
  EpcisQuery,
} from "../../../contract/schemas/geographie.ts";
import { RECHERCHE_EPCI_MIN } from "../../../contract/schemas/geographie.ts";
import { normaliserRecherche } from "../../../contract/texte.ts";
import type { Database } from "../../db/client.ts";
import { communeCodesPostaux, communes, epcis } from "../../db/schema.ts";
import type { AgrementRow } from "../agrements.ts";
import { invalide } from "../erreurs.ts";
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
  const { db } = database;
  const terme = normaliserRecherche(params.query);
  const chiffresSaisis = params.query.replace(/\s+/g, "");
  const chiffres = /^\d+$/.test(chiffresSaisis);
  if (!terme)
    throw invalide("Saisissez au moins 1 lettre ou chiffre pour rechercher une commune.", {
      champs: { query: ["Saisissez au moins 1 lettre ou chiffre pour rechercher une commune."] },
    });
  const postalCodesBetween = (low: string, high: string) =>
    inArray(
      communes.code,
      db
        .select({ code: communeCodesPostaux.codeCommune })
        .from(communeCodesPostaux)
        .where(between(communeCodesPostaux.codePostal, low, high)),
    );
  const conditions = [
    communeCouverte(agrement.perimetre),
    chiffres
      ? or(
          postalCodesBetween(chiffresSaisis.padEnd(5, "0"), chiffresSaisis.padEnd(5, "9")),
          eq(communes.code, chiffresSaisis),
        )
      : like(communes.nomRecherche, `${terme}%`),
  ];
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
 * EPCI inside `agrement`'s perimeter whose name contains `params.query`
 * (≥ 3 characters, accents and case ignored) or whose SIREN it is; names
 * starting with it first.
 */
export async function rechercherEpcisAgrement(
  database: Database,
  agrement: AgrementRow,
  params: EpcisQuery,
): Promise<Epci[]> {
  const terme = normaliserRecherche(params.query);
  if (terme.replace(/ /g, "").length < RECHERCHE_EPCI_MIN) {
    const message = "Saisissez au moins 3 caractères pour rechercher un EPCI.";
    throw invalide(message, { champs: { query: [message] } });
  }
  return database.db
    .select({ code: epcis.code, nom: epcis.nom })
    .from(epcis)
    .where(
      and(
        epciCouvert(agrement.perimetre),
        or(like(epcis.nomRecherche, `%${terme}%`), eq(epcis.code, params.query)),
      ),
    )
    .orderBy(desc(sql`${epcis.nomRecherche} like ${`${terme}%`}`), asc(epcis.nom))
    .limit(params.limit);
}
