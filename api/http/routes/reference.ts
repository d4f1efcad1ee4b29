/**
 * Public reference data (spec §7 Configuration): version, feature flags,
 * current arrêté, régions, départements, company qualities and legal forms.
 */
import { asc, eq } from "drizzle-orm";
import { Router } from "express";
import { QUALITES } from "../../../contract/qualites.ts";
import type { Arrete, FeatureFlags } from "../../../contract/schemas/reference.ts";
import type { Database } from "../../db/client.ts";
import { arretes, departements, featureFlags, formesJuridiques, regions } from "../../db/schema.ts";
import { notFound } from "../errors.ts";
import { portalVersion } from "../version.ts";

/** Routes of the public reference data; every answer is JSON. */
export function referenceRoutes(database: Database): Router {
  const { db } = database;
  const router = Router();
  const version = portalVersion();

  router.get("/version", (_req, res) => {
    res.json({ version });
  });

  router.get("/feature-flipping/list", async (_req, res) => {
    const rows = await db.select().from(featureFlags).orderBy(asc(featureFlags.name));
    const flags: FeatureFlags = Object.fromEntries(rows.map((row) => [row.name, row.enabled]));
    res.json(flags);
  });

  router.get("/arrete/current", async (_req, res) => {
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

  router.get("/regions", async (_req, res) => {
    res.json(await db.select().from(regions).orderBy(asc(regions.code)));
  });

  router.get("/departements", async (_req, res) => {
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

  router.get("/company/qualities", (_req, res) => {
    res.json(QUALITES);
  });

  router.get("/company/forme_juridiques", async (_req, res) => {
    res.json(await db.select().from(formesJuridiques).orderBy(asc(formesJuridiques.code)));
  });

  return router;
}
