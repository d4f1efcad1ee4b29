/** Information banners (spec §3 Information banner, §7 GET /api/bandeaux-informatifs). */
import { and, asc, eq, gte, isNull, lte, or } from "drizzle-orm";
import { Router, type RequestHandler } from "express";
import { listerBandeaux } from "../../../contract/api/reference.ts";
import type { BandeauInformatif } from "../../../contract/schemas/reference.ts";
import type { Database } from "../../db/client.ts";
import { bandeauxInformatifs } from "../../db/schema.ts";
import { endpoints } from "../endpoint.ts";

/** Routes under /bandeaux-informatifs (contract/api/reference.ts), signed in. */
export function bandeauxRoutes(database: Database, authenticate: RequestHandler): Router {
  const { db } = database;
  const router = Router();
  const points = endpoints(router, authenticate);

  /**
   * Active banners whose date window contains now: every `general` banner,
   * plus the `info` banners of `demandeType` when given. `demande` (a request
   * id the UI sends along) does not narrow the list.
   */
  points.register(listerBandeaux, async ({ query: { demandeType } }, _req, res) => {
    const now = new Date();
    const rows = await db
      .select()
      .from(bandeauxInformatifs)
      .where(
        and(
          eq(bandeauxInformatifs.actif, true),
          or(isNull(bandeauxInformatifs.dateDebut), lte(bandeauxInformatifs.dateDebut, now)),
          or(isNull(bandeauxInformatifs.dateFin), gte(bandeauxInformatifs.dateFin, now)),
          demandeType
            ? or(
                eq(bandeauxInformatifs.type, "general"),
                and(
                  eq(bandeauxInformatifs.type, "info"),
                  eq(bandeauxInformatifs.demandeType, demandeType),
                ),
              )
            : eq(bandeauxInformatifs.type, "general"),
        ),
      )
      .orderBy(asc(bandeauxInformatifs.type), asc(bandeauxInformatifs.id));
    const result: BandeauInformatif[] = rows.map((row) => ({
      id: row.id,
      type: row.type,
      demandeType: row.demandeType,
      titre: row.titre,
      message: row.message,
      dateDebut: row.dateDebut?.toISOString() ?? null,
      dateFin: row.dateFin?.toISOString() ?? null,
    }));
    res.json(result);
  });

  return router;
}
