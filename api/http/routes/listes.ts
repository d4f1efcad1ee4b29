/**
 * Instruction lists of spec §7 Requests (GET /api/demandes,
 * /api/{demandeType}s) and their CSV exports (GET /api/demandes/export,
 * /api/changement-notable/export). Staff only (403 otherwise); what each
 * one sees is DESIGN §4 (api/domain/listes/visibilite.ts).
 */
import { Router, type Request } from "express";
import { lireFiltresDemandes, type FiltresDemandes } from "../../../contract/schemas/listes.ts";
import type { KindDemande } from "../../domain/acces.ts";
import { pageDemandes } from "../../domain/listes/page.ts";
import { envoyerExportDemandes } from "../../exports/demandes-csv.ts";
import { currentUser, requireGate } from "../auth.ts";
import type { ApiDeps } from "../deps.ts";

/**
 * The filters of the raw query string: the app's "simple" parser would
 * keep `key[]` and `order[field]` as opaque keys, and the contract reads the
 * spec's form (repeated `key[]`) itself.
 */
function filtresDe(req: Request): FiltresDemandes {
  const url = req.originalUrl;
  const debut = url.indexOf("?");
  return lireFiltresDemandes(new URLSearchParams(debut === -1 ? "" : url.slice(debut + 1)));
}

/** Routes of this resource, each behind `authenticate` and the staff gate. */
export function listesRoutes(deps: ApiDeps): Router {
  const { database, horloge, logger, authenticate } = deps;
  const router = Router();

  const liste = (kind: KindDemande) =>
    router.get(
      kind === "demande" ? "/demandes" : "/changement-notables",
      authenticate,
      requireGate("staff"),
      async (req, res) => {
        res.json(
          await pageDemandes(database, currentUser(req), kind, filtresDe(req), horloge.now()),
        );
      },
    );
  const exporter = (kind: KindDemande) =>
    router.get(
      kind === "demande" ? "/demandes/export" : "/changement-notable/export",
      authenticate,
      requireGate("staff"),
      async (req, res) => {
        await envoyerExportDemandes(res, {
          database,
          logger: req.log ?? logger,
          utilisateur: currentUser(req),
          kind,
          filtres: filtresDe(req),
          maintenant: horloge.now(),
        });
      },
    );

  /**
   * GET /api/demandes, GET /api/changement-notables → Page<DemandeResume>:
   * `page` (from 1, 20 rows), `query`, the filters `instructeur[]` (ids or
   * "aucun"), `servicesInstructeur[]`, `etat[]`, `etape[]`, `quality[]`,
   * `type[]`, `departement[]`, `region[]`, `reputesRejetes`, `expireBientot`,
   * `mesDossiers` (instructeur/superviseur only, 403 otherwise), and
   * `order[field]=asc|desc` (default dateDepot desc, ties by id).
   */
  liste("demande");
  liste("changement-notable");

  /**
   * GET /api/demandes/export, GET /api/changement-notable/export → CSV of
   * every row of the list for the same query (page ignored), streamed.
   */
  exporter("demande");
  exporter("changement-notable");

  return router;
}
