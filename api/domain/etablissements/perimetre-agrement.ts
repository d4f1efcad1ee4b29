/**
 * The intervention perimeter of an establishment lies inside the perimeter
 * granted by its approval (spec §5 "Establishment perimeter limited to the
 * approval's granted perimeter"; outside it, a field error). A place
 * is inside when the approval covers it
 * (contract/perimetre.ts `couvre`), reading where it lies in the geography
 * tables:
 * - a région: one of the approval's régions;
 * - a département: one of its départements, or of a région of it;
 * - an EPCI: one of its EPCI, or an EPCI all of whose communes it covers;
 * - a commune: its région, département, EPCI or itself is in the approval.
 * The same conditions, as SQL, limit the EPCI and commune searches of an
 * approval (GET /api/epcis/agrement/{id}, /api/communes/agrement/{id}).
 */
import { and, inArray, not, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { couvre, type NiveauPerimetre, type PerimetreCodes } from "../../../contract/perimetre.ts";
import type { Db } from "../../db/client.ts";
import { communes, departements, epcis, type PerimetreEtablissement } from "../../db/schema.ts";
import { nommerPerimetre } from "../demandes/perimetre.ts";

/** `colonne in (codes)`, false for no code. */
function dans(colonne: AnyPgColumn, codes: readonly string[] | undefined): SQL {
  return codes && codes.length > 0 ? inArray(colonne, [...codes]) : sql`false`;
}

/** SQL: the commune row (table commune) lies inside `perimetre`. */
export function communeCouverte(perimetre: PerimetreCodes): SQL {
  return or(
    dans(communes.codeRegion, perimetre.regions),
    dans(communes.codeDepartement, perimetre.departements),
    dans(communes.codeEpci, perimetre.epcis),
    dans(communes.code, perimetre.communes),
  )!;
}

/**
 * SQL: the EPCI row (table epci) lies inside `perimetre`: named by it, or
 * with communes all of which it covers.
 */
export function epciCouvert(perimetre: PerimetreCodes): SQL {
  const membre = sql`${communes.codeEpci} = ${epcis.code}`;
  return or(
    dans(epcis.code, perimetre.epcis),
    and(
      sql`exists (select 1 from ${communes} where ${membre})`,
      sql`not exists (select 1 from ${communes} where ${membre} and ${not(communeCouverte(perimetre))})`,
    ),
  )!;
}

/** How a place of each level is named in a message. */
const ARTICLES: Record<NiveauPerimetre, string> = {
  regions: "La région",
  departements: "Le département",
  epcis: "L'EPCI",
  communes: "La commune",
};

/** Message of a place outside the approval's perimeter. */
export function messageHorsPerimetre(niveau: NiveauPerimetre, nom: string, code: string): string {
  return `${ARTICLES[niveau]} ${nom} (${code}) n'est pas dans le périmètre accordé par l'agrément.`;
}

/**
 * The places of `perimetre` that lie outside `perimetreAgrement`, as field
 * messages by level (`regions`, `departements`, `epcis`, `communes`); {}
 * when all lie inside. An unknown code is outside.
 */
export async function horsPerimetreAgrement(
  tx: Db,
  perimetre: PerimetreEtablissement,
  perimetreAgrement: PerimetreCodes,
): Promise<Record<string, string[]>> {
  const dedans: Record<NiveauPerimetre, Set<string>> = {
    regions: new Set(
      perimetre.regions.filter((code) => couvre(perimetreAgrement, { region: code })),
    ),
    departements: new Set(),
    epcis: new Set(),
    communes: new Set(),
  };
  if (perimetre.departements.length > 0)
    for (const ligne of await tx
      .select({ code: departements.code, region: departements.codeRegion })
      .from(departements)
      .where(inArray(departements.code, perimetre.departements)))
      if (couvre(perimetreAgrement, { region: ligne.region, departement: ligne.code }))
        dedans.departements.add(ligne.code);
  if (perimetre.epcis.length > 0)
    for (const ligne of await tx
      .select({ code: epcis.code })
      .from(epcis)
      .where(and(inArray(epcis.code, perimetre.epcis), epciCouvert(perimetreAgrement))))
      dedans.epcis.add(ligne.code);
  if (perimetre.communes.length > 0)
    for (const ligne of await tx
      .select({ code: communes.code })
      .from(communes)
      .where(and(inArray(communes.code, perimetre.communes), communeCouverte(perimetreAgrement))))
      dedans.communes.add(ligne.code);

  const dehors: PerimetreEtablissement = {
    regions: perimetre.regions.filter((code) => !dedans.regions.has(code)),
    departements: perimetre.departements.filter((code) => !dedans.departements.has(code)),
    epcis: perimetre.epcis.filter((code) => !dedans.epcis.has(code)),
    communes: perimetre.communes.filter((code) => !dedans.communes.has(code)),
  };
  const noms = await nommerPerimetre(tx, dehors);
  const erreurs: Record<string, string[]> = {};
  for (const niveau of ["regions", "departements", "epcis", "communes"] as const)
    if (noms[niveau].length > 0)
      erreurs[niveau] = noms[niveau].map(({ code, nom }) =>
        messageHorsPerimetre(niveau, nom, code),
      );
  return erreurs;
}

/** The perimeter lists without repeats, in the order typed. */
export function dedoublonner(perimetre: PerimetreCodes): PerimetreEtablissement {
  return {
    regions: [...new Set(perimetre.regions ?? [])],
    departements: [...new Set(perimetre.departements ?? [])],
    epcis: [...new Set(perimetre.epcis ?? [])],
    communes: [...new Set(perimetre.communes ?? [])],
  };
}
