/**
 * Names of an intervention perimeter (spec §3 Perimeter form: codes of
 * régions, départements, EPCI and communes), for the request's detail, the
 * approval and the certificate.
 */
import { inArray } from "drizzle-orm";
import type { Database, Db } from "../../db/client.ts";
import { communes, departements, epcis, regions } from "../../db/schema.ts";

/** A perimeter by codes. */
export interface PerimetreCodes {
  regions?: readonly string[];
  departements?: readonly string[];
  epcis?: readonly string[];
  communes?: readonly string[];
}

/** A perimeter by name, in the order of the codes. */
export interface PerimetreNomme {
  regions: { code: string; nom: string }[];
  departements: { code: string; nom: string }[];
  epcis: { code: string; nom: string }[];
  communes: { code: string; nom: string }[];
}

async function noms(
  charger: (codes: string[]) => Promise<{ code: string; nom: string }[]>,
  codes: readonly string[] | undefined,
): Promise<{ code: string; nom: string }[]> {
  if (!codes?.length) return [];
  const trouves = new Map((await charger([...codes])).map((row) => [row.code, row.nom]));
  return codes.map((code) => ({ code, nom: trouves.get(code) ?? code }));
}

/**
 * `perimetre` with each code's name (one query per non-empty level; an
 * unknown code keeps the code as its name). `handle` may be a transaction.
 */
export async function nommerPerimetre(
  handle: Database | Db,
  perimetre: PerimetreCodes | null | undefined,
): Promise<PerimetreNomme> {
  const db = "exec" in handle ? handle.db : handle;
  return {
    regions: await noms(
      (codes) =>
        db
          .select({ code: regions.code, nom: regions.nom })
          .from(regions)
          .where(inArray(regions.code, codes)),
      perimetre?.regions,
    ),
    departements: await noms(
      (codes) =>
        db
          .select({ code: departements.code, nom: departements.nom })
          .from(departements)
          .where(inArray(departements.code, codes)),
      perimetre?.departements,
    ),
    epcis: await noms(
      (codes) =>
        db
          .select({ code: epcis.code, nom: epcis.nom })
          .from(epcis)
          .where(inArray(epcis.code, codes)),
      perimetre?.epcis,
    ),
    communes: await noms(
      (codes) =>
        db
          .select({ code: communes.code, nom: communes.nom })
          .from(communes)
          .where(inArray(communes.code, codes)),
      perimetre?.communes,
    ),
  };
}
