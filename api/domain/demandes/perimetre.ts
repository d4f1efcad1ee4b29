/**
 * Names of an intervention perimeter (spec §3 Perimeter form: codes of
 * régions, départements, EPCI and communes), for the request's detail, the
 * approval and the certificate.
 */
import { getTableName, sql } from "drizzle-orm";
import type { PerimetreNomme } from "../../../contract/schemas/etablissement.ts";
import type { Database, Db } from "../../db/client.ts";
import { communes, departements, epcis, regions } from "../../db/schema.ts";
import { requetePreparee } from "../requetes-preparees.ts";

/** A perimeter by codes. */
export interface PerimetreCodes {
  regions?: readonly string[];
  departements?: readonly string[];
  epcis?: readonly string[];
  communes?: readonly string[];
}

/** Codes and names of one level's `codes` (an array parameter, ADR 0035). */
function nomsDuNiveau(
  table: typeof regions | typeof departements | typeof epcis | typeof communes,
) {
  return requetePreparee(`perimetre_noms_${getTableName(table)}`, (db, nom) =>
    db
      .select({ code: table.code, nom: table.nom })
      .from(table)
      .where(sql`${table.code} = any(${sql.placeholder("codes")})`)
      .prepare(nom),
  );
}
const NIVEAUX = {
  regions: nomsDuNiveau(regions),
  departements: nomsDuNiveau(departements),
  epcis: nomsDuNiveau(epcis),
  communes: nomsDuNiveau(communes),
};

async function noms(
  db: Db,
  niveau: keyof typeof NIVEAUX,
  codes: readonly string[] | undefined,
): Promise<{ code: string; nom: string }[]> {
  if (!codes?.length) return [];
  const lignes = await NIVEAUX[niveau](db).execute({ codes: [...codes] });
  const trouves = new Map(lignes.map((row) => [row.code, row.nom]));
  return codes.map((code) => ({ code, nom: trouves.get(code) ?? code }));
}

/**
 * `perimetre` with each code's name (one query per non-empty level, at
 * once; an unknown code keeps the code as its name). `handle` may be a
 * transaction.
 */
export async function nommerPerimetre(
  handle: Database | Db,
  perimetre: PerimetreCodes | null | undefined,
): Promise<PerimetreNomme> {
  const db = "exec" in handle ? handle.db : handle;
  const [regionsNommees, departementsNommes, epcisNommes, communesNommees] = await Promise.all([
    noms(db, "regions", perimetre?.regions),
    noms(db, "departements", perimetre?.departements),
    noms(db, "epcis", perimetre?.epcis),
    noms(db, "communes", perimetre?.communes),
  ]);
  return {
    regions: regionsNommees,
    departements: departementsNommes,
    epcis: epcisNommes,
    communes: communesNommees,
  };
}
