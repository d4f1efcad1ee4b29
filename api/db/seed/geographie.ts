/**
 * French geography from @etalab/decoupage-administratif: régions,
 * départements, EPCI, current communes and their postal codes. Loaded once
 * per dataset version (table `meta`, key `geographie_version`).
 */
import { createRequire } from "node:module";
import { eq, sql } from "drizzle-orm";
import { normaliserRecherche } from "../../../contract/texte.ts";
import type { Logger } from "pino";
import type { Database, Db } from "../client.ts";
// `meta` is renamed: vite-node rewrites an imported `meta` inside `import.meta` too.
import {
  communeCodesPostaux,
  communes,
  departements,
  epcis,
  meta as metaTable,
  regions,
} from "../schema.ts";

// The package's main entry reads ./data relative to the working directory and
// crashes; its JSON files are read directly, and only when a load is due.
const requireJson = createRequire(import.meta.url);
const PACKAGE = "@etalab/decoupage-administratif";

interface RegionSource {
  code: string;
  nom: string;
}
interface DepartementSource extends RegionSource {
  region: string;
}
interface EpciSource extends RegionSource {
  membres: { code: string }[];
}
interface CommuneSource extends RegionSource {
  type: string;
  departement: string;
  region: string;
  population?: number;
  codesPostaux?: string[];
}

const BATCH_SIZE = 1000;
export const GEOGRAPHIE_META_KEY = "geographie_version";
/** Any constant shared by every instance: serialises concurrent first starts. */
const GEOGRAPHIE_LOCK = 7_202_201;

/** Version of the installed dataset package. */
export function geographieVersion(): string {
  return (requireJson(`${PACKAGE}/package.json`) as { version: string }).version;
}

/** Writes `rows` BATCH_SIZE at a time (one statement per batch). */
async function inBatches<T>(rows: T[], write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    await write(rows.slice(start, start + BATCH_SIZE));
  }
}

/** The rows of the geography tables, as read from the dataset package. */
interface LignesGeographie {
  regions: (typeof regions.$inferInsert)[];
  departements: (typeof departements.$inferInsert)[];
  epcis: (typeof epcis.$inferInsert)[];
  communes: (typeof communes.$inferInsert)[];
  codesPostaux: (typeof communeCodesPostaux.$inferInsert)[];
}

/**
 * Loads the geography unless this dataset version is already recorded, in
 * one transaction. A newer dataset updates names and memberships in place
 * (rows are never deleted: requests and perimeters reference them).
 * Returns the number of rows written (0 when skipped).
 */
export async function seedGeographie(database: Database, logger: Logger): Promise<number> {
  const version = geographieVersion();
  const [recorded] = await database.db
    .select()
    .from(metaTable)
    .where(eq(metaTable.key, GEOGRAPHIE_META_KEY));
  if (recorded?.value === version) return 0;

  const started = performance.now();
  const lignes = lireGeographie();
  const total =
    lignes.regions.length +
    lignes.departements.length +
    lignes.epcis.length +
    lignes.communes.length +
    lignes.codesPostaux.length;

  const written = await database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${GEOGRAPHIE_LOCK})`);
    const [again] = await tx.select().from(metaTable).where(eq(metaTable.key, GEOGRAPHIE_META_KEY));
    if (again?.value === version) return 0;
    await ecrireGeographie(tx, lignes);
    await tx
      .insert(metaTable)
      .values({ key: GEOGRAPHIE_META_KEY, value: version })
      .onConflictDoUpdate({ target: metaTable.key, set: { value: version } });
    return total;
  });

  if (written > 0) {
    const seconds = (performance.now() - started) / 1000;
    logger.info(
      {
        version,
        regions: lignes.regions.length,
        departements: lignes.departements.length,
        epcis: lignes.epcis.length,
        communes: lignes.communes.length,
        codesPostaux: lignes.codesPostaux.length,
        secondes: Number(seconds.toFixed(2)),
        lignesParSeconde: Math.round(written / seconds),
      },
      "Géographie chargée",
    );
  }
  return written;
}

/**
 * Reads the package's JSON files into table rows: current communes only,
 * each with its EPCI (from the EPCI's members) and its distinct postal codes.
 */
function lireGeographie(): LignesGeographie {
  const regionRows = (requireJson(`${PACKAGE}/data/regions.json`) as RegionSource[]).map(
    ({ code, nom }) => ({
      code,
      nom,
    }),
  );
  const departementRows = (
    requireJson(`${PACKAGE}/data/departements.json`) as DepartementSource[]
  ).map(({ code, nom, region }) => ({ code, nom, codeRegion: region }));
  const epciSource = requireJson(`${PACKAGE}/data/epci.json`) as EpciSource[];
  const epciRows = epciSource.map(({ code, nom }) => ({
    code,
    nom,
    nomRecherche: normaliserRecherche(nom),
  }));
  const epciDeCommune = new Map<string, string>();
  for (const epci of epciSource)
    for (const membre of epci.membres) epciDeCommune.set(membre.code, epci.code);
  const communeSource = (requireJson(`${PACKAGE}/data/communes.json`) as CommuneSource[]).filter(
    (commune) => commune.type === "commune-actuelle",
  );
  const communeRows = communeSource.map((commune) => ({
    code: commune.code,
    nom: commune.nom,
    nomRecherche: normaliserRecherche(commune.nom),
    codeDepartement: commune.departement,
    codeRegion: commune.region,
    codeEpci: epciDeCommune.get(commune.code) ?? null,
    population: commune.population ?? null,
  }));
  const codePostalRows = communeSource.flatMap((commune) =>
    [...new Set(commune.codesPostaux ?? [])].map((codePostal) => ({
      codeCommune: commune.code,
      codePostal,
    })),
  );
  return {
    regions: regionRows,
    departements: departementRows,
    epcis: epciRows,
    communes: communeRows,
    codesPostaux: codePostalRows,
  };
}

/** Upserts `lignes` in `tx`, parents first: names and memberships of existing rows are updated. */
async function ecrireGeographie(tx: Db, lignes: LignesGeographie): Promise<void> {
  await inBatches(lignes.regions, (batch) =>
    tx
      .insert(regions)
      .values(batch)
      .onConflictDoUpdate({ target: regions.code, set: { nom: sql`excluded.nom` } }),
  );
  await inBatches(lignes.departements, (batch) =>
    tx
      .insert(departements)
      .values(batch)
      .onConflictDoUpdate({
        target: departements.code,
        set: { nom: sql`excluded.nom`, codeRegion: sql`excluded.code_region` },
      }),
  );
  await inBatches(lignes.epcis, (batch) =>
    tx
      .insert(epcis)
      .values(batch)
      .onConflictDoUpdate({
        target: epcis.code,
        set: { nom: sql`excluded.nom`, nomRecherche: sql`excluded.nom_recherche` },
      }),
  );
  await inBatches(lignes.communes, (batch) =>
    tx
      .insert(communes)
      .values(batch)
      .onConflictDoUpdate({
        target: communes.code,
        set: {
          nom: sql`excluded.nom`,
          nomRecherche: sql`excluded.nom_recherche`,
          codeDepartement: sql`excluded.code_departement`,
          codeRegion: sql`excluded.code_region`,
          codeEpci: sql`excluded.code_epci`,
          population: sql`excluded.population`,
        },
      }),
  );
  await inBatches(lignes.codesPostaux, (batch) =>
    tx.insert(communeCodesPostaux).values(batch).onConflictDoNothing(),
  );
}
