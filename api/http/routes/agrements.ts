/**
 * Approvals (spec §7 Approvals; §4 "The approval page is accessible when
 * en_cours or suspendu"; DESIGN §4): the applicant's current approval and
 * one approval by id.
 */
import { Router } from "express";
import {
  MESSAGE_SANS_AGREMENT,
  chargerAgrementAccessible,
  monAgrement,
  versAgrement,
} from "../../domain/agrements.ts";
import { currentUser, requireGate } from "../auth.ts";
import type { ApiDeps } from "../deps.ts";
import { HttpError } from "../errors.ts";

/** Routes of this resource, each behind `authenticate`. */
export function agrementsRoutes(deps: ApiDeps): Router {
  const { database, authenticate } = deps;
  const router = Router();

  /**
   * GET /api/agrement/mon-agrement (applicants only, 403 otherwise): the
   * approval of the user's company in etat en_cours or suspendu, as
   * contract `Agrement` (perimeter by name, attestations, procedures);
   * 404 `{ message }` when it holds none.
   */
  router.get("/agrement/mon-agrement", authenticate, requireGate("demandeur"), async (req, res) => {
    const agrement = await monAgrement(database, currentUser(req));
    if (!agrement) throw new HttpError(404, { message: MESSAGE_SANS_AGREMENT });
    res.json(await versAgrement(database, agrement));
  });

  /**
   * GET /api/agrement/{id} → `Agrement`, to the company holding it or to
   * staff who may see the request it was granted on; 404 for anyone else
   * and for an unknown or malformed id.
   */
  router.get("/agrement/:id", authenticate, async (req, res) => {
    const agrement = await chargerAgrementAccessible(
      database,
      currentUser(req),
      req.params.id as string,
    );
    res.json(await versAgrement(database, agrement));
  });

  return router;
}
