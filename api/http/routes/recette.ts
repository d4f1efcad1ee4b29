/**
 * The acceptance-testing clock (contract/api/recette.ts; setting
 * HORLOGE_RECETTE): GET and PUT /api/recette/horloge, admin_fonctionnel only.
 */
import { Router, type RequestHandler } from "express";
import {
  lireHorlogeRecette,
  reglerHorlogeRecette,
  type EtatHorlogeRecette,
} from "../../../contract/api/recette.ts";
import type { HorlogeDecalable } from "../../domain/horloge.ts";
import { notFound } from "../errors.ts";
import { endpoints } from "../endpoint.ts";

/** `{ reelle, simulee }` of `horloge` now, as ISO 8601 UTC instants. */
function etat(horloge: HorlogeDecalable): EtatHorlogeRecette {
  return {
    reelle: horloge.reelle().toISOString(),
    simulee: horloge.simulee()?.toISOString() ?? null,
  };
}

/**
 * Routes under /recette (contract/api/recette.ts). `horloge` is the API's
 * shiftable business clock when HORLOGE_RECETTE is on; without it the routes
 * answer 404 to the admin (they stay declared, so that /api/openapi.json and
 * the served routes are one list; the access gate and the body's checks
 * still come first).
 */
export function recetteRoutes(deps: {
  authenticate: RequestHandler;
  horloge: HorlogeDecalable | undefined;
}): Router {
  const { horloge } = deps;
  const router = Router();
  const points = endpoints(router, deps.authenticate);

  /** `{ reelle, simulee }`; 404 when the setting is off. */
  points.register(lireHorlogeRecette, (_entree, _req, res) => {
    if (!horloge) throw notFound();
    res.json(etat(horloge));
  });

  /**
   * Sets the simulated instant (`date`, ISO 8601 with offset; the clock then
   * runs on from it at real speed) or takes the clock back to the real time
   * (`null`); answers `{ reelle, simulee }`. 404 when the setting is off.
   */
  points.register(reglerHorlogeRecette, ({ body }, _req, res) => {
    if (!horloge) throw notFound();
    horloge.regler(body.date === null ? null : new Date(body.date));
    res.json(etat(horloge));
  });

  return router;
}
