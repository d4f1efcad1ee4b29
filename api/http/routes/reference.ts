/**
 * Public reference data (spec §7 Configuration): version, feature flags,
 * current arrêté, régions, départements, company qualities and legal forms.
 * Declared in contract/api/reference.ts and contract/api/geographie.ts.
 */
import { asc, eq } from "drizzle-orm";
import { Router } from "express";
import { listerDepartements, listerRegions } from "../../../contract/api/geographie.ts";
import {
  lireArreteCourant,
  lireVersion,
  listerFonctionnalites,
  listerFormesJuridiques,
  listerQualites,
} from "../../../contract/api/reference.ts";
import { QUALITES } from "../../../contract/qualites.ts";
import type { Arrete, FeatureFlags } from "../../../contract/schemas/reference.ts";
import type { Database } from "../../db/client.ts";
import { arretes, departements, featureFlags, formesJuridiques, regions } from "../../db/schema.ts";
import { endpoints } from "../endpoint.ts";
import { notFound } from "../errors.ts";
import { portalVersion } from "../version.ts";

/** Routes of the public reference data; every answer is JSON. */
export function referenceRoutes(database: Database): Router {
  const { db } = database;
  const router = Router();
  const points = endpoints(router);
  const version = portalVersion();

  points.register(lireVersion, (_entree, _req, res) => {
    res.json({ version });
  });

  points.register(listerFonctionnalites, async (_entree, _req, res) => {
    const rows = await db.select().from(featureFlags).orderBy(asc(featureFlags.name));
    const flags: FeatureFlags = Object.fromEntries(rows.map((row) => [row.name, row.enabled]));
    res.json(flags);
  });

  points.register(lireArreteCourant, async (_entree, _req, res) => {
    const [row] = await db.select().from(arretes).where(eq(arretes.current, true)).limit(1);
    if (!row) throw notFound();
    const arrete: Arrete = {
      id: row.id,
      code: row.code,
      libelle: row.libelle,
      datePublication: row.datePublication,
      dateEffet: row.dateEffet,
    };
    res.json(arrete);
  });

  points.register(listerRegions, async (_entree, _req, res) => {
    res.json(await db.select().from(regions).orderBy(asc(regions.code)));
  });

  points.register(listerDepartements, async (_entree, _req, res) => {
    res.json(
      await db
        .select({
          code: departements.code,
          nom: departements.nom,
          codeRegion: departements.codeRegion,
        })
        .from(departements)
        .orderBy(asc(departements.code)),
    );
  });

  points.register(listerQualites, (_entree, _req, res) => {
    res.json(QUALITES);
  });

  points.register(listerFormesJuridiques, async (_entree, _req, res) => {
    res.json(await db.select().from(formesJuridiques).orderBy(asc(formesJuridiques.code)));
  });

  return router;
}
