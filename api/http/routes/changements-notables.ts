/**
 * Perimeter extensions, the applicant's side, over HTTP (spec §7 Requests;
 * ADR 0020), declared in contract/api/changements-notables.ts:
 * the company's notable changes and the attachment procedure of a type.
 * Mounted before demandesRoutes, so that /changement-notable/procedure is
 * not read as the file `procedure` of `/:kind/:id`. Creation is in
 * rapports-annuels.ts (POST /agrement/{id}/action), the draft's actions in
 * demandes.ts (POST /{kind}/{id}/action).
 */
import { Router } from "express";
import {
  lireProcedureChangementNotable,
  listerMesChangementsNotables,
} from "../../../contract/api/changements-notables.ts";
import { chargerDemandeAccessible } from "../../domain/acces.ts";
import { mesChangementsNotables } from "../../domain/changements-notables/liste.ts";
import { procedureExtension } from "../../domain/changements-notables/procedure.ts";
import type { ApiDeps } from "../deps.ts";
import { endpoints } from "../endpoint.ts";

/** Routes of the applicant's perimeter extensions. */
export function changementsNotablesRoutes(deps: ApiDeps): Router {
  const { database, horloge, authenticate, config } = deps;
  const router = Router();
  const points = endpoints(router, authenticate);

  /**
   * GET /api/changement-notables/mes-changements-notables → DemandeResume[]
   * of the caller's company (applicants only, 403 otherwise): the change in
   * progress first, then the newest first.
   */
  points.register(listerMesChangementsNotables, async ({ utilisateur }, _req, res) => {
    res.json(await mesChangementsNotables(database, utilisateur, horloge.now()));
  });

  /**
   * GET /api/changement-notable/procedure?type=extension_perimetre[&id=…] →
   * ProcedureDemande: the rubrics of the type with their limits; with `id`
   * (404 unseen or unknown), that draft's files and what it still misses.
   * 422 on an unknown type.
   */
  points.register(lireProcedureChangementNotable, async ({ query, utilisateur }, _req, res) => {
    const demande = query.id
      ? await chargerDemandeAccessible(database, utilisateur, "changement-notable", query.id)
      : null;
    res.json(await procedureExtension(database, config, demande));
  });

  return router;
}
