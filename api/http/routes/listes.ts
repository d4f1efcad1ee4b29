/**
 * Instruction lists of spec §7 Requests (GET /api/demandes,
 * /api/{demandeType}s) and their CSV exports (GET /api/demandes/export,
 * /api/changement-notable/export), declared in contract/api/listes.ts.
 * Staff only (403 otherwise); what each one sees is DESIGN §4
 * (api/domain/listes/visibilite.ts).
 */
import { Router } from "express";
import type { TypeDossier } from "../../../contract/etats.ts";
import {
  exporterChangementsNotables,
  exporterDemandes,
  listerChangementsNotables,
  listerDemandes,
} from "../../../contract/api/listes.ts";
import { fichierExportDemandes } from "../../domain/listes/export.ts";
import { pageDemandes } from "../../domain/listes/page.ts";
import type { ApiDeps } from "../deps.ts";
import { endpoints } from "../endpoint.ts";
import { envoyerFichier } from "../envoyer-fichier.ts";

/** Routes of this resource, each behind `authenticate` and the staff gate. */
export function listesRoutes(deps: ApiDeps): Router {
  const { database, horloge, logger, authenticate } = deps;
  const router = Router();
  const points = endpoints(router, authenticate);

  /**
   * GET /api/demandes, GET /api/changement-notables → Page<DemandeResume>:
   * `page` (from 1, 20 rows), `query`, the filters `instructeur[]` (ids or
   * "aucun"), `servicesInstructeur[]`, `etat[]`, `etape[]`, `quality[]`,
   * `type[]`, `departement[]`, `region[]`, `reputesRejetes`, `expireBientot`,
   * `mesDossiers` (instructeur/superviseur only, 403 otherwise), and
   * `order[field]=asc|desc` (default dateDepot desc, ties by id). An unknown
   * parameter answers 400; an unknown value finds nothing.
   */
  const liste = (
    kind: TypeDossier,
    point: typeof listerDemandes | typeof listerChangementsNotables,
  ) =>
    points.register(point, async ({ query: filtres, utilisateur }, _req, res) => {
      res.json(await pageDemandes(database, utilisateur, kind, filtres, horloge.now()));
    });
  liste("demande", listerDemandes);
  liste("changement-notable", listerChangementsNotables);

  /**
   * GET /api/demandes/export, GET /api/changement-notable/export → CSV of
   * every row of the list for the same query (page ignored), streamed.
   */
  const exporter = (
    kind: TypeDossier,
    point: typeof exporterDemandes | typeof exporterChangementsNotables,
  ) =>
    points.register(point, async ({ query: filtres, utilisateur }, req, res) => {
      const fichier = await fichierExportDemandes({
        database,
        utilisateur,
        kind,
        filtres,
        maintenant: horloge.now(),
      });
      await envoyerFichier(res, req.log ?? logger, fichier);
    });
  exporter("demande", exporterDemandes);
  exporter("changement-notable", exporterChangementsNotables);

  return router;
}
