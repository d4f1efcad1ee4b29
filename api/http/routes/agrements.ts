/**
 * Approvals (spec §7 Approvals; §4 "The approval page is accessible when
 * en_cours or suspendu"; DESIGN §4): the applicant's current approval and
 * one approval by id (contract/api/agrements.ts).
 */
import { Router } from "express";
import {
  exporterAgrements,
  lireAgrement,
  lireMonAgrement,
  lireProcedureAgrement,
  listerAgrements,
} from "../../../contract/api/agrements.ts";
import { fichierExportAgrements } from "../../domain/agrements-liste/export.ts";
import { lireProcedureAgrement as procedureAgrement } from "../../domain/agrements-liste/lectures.ts";
import { pageAgrements } from "../../domain/agrements-liste/liste.ts";
import {
  MESSAGE_SANS_AGREMENT,
  chargerAgrementAccessible,
  monAgrement,
  versAgrement,
} from "../../domain/agrements.ts";
import type { ApiDeps } from "../deps.ts";
import { endpoints } from "../endpoint.ts";
import { envoyerFichier } from "../envoyer-fichier.ts";
import { HttpError } from "../errors.ts";

/** Routes of this resource, each behind `authenticate`. */
export function agrementsRoutes(deps: ApiDeps): Router {
  const { database, authenticate, horloge, config, logger } = deps;
  const router = Router();
  const points = endpoints(router, authenticate);

  /**
   * GET /api/agrement/mon-agrement (applicants only, 403 otherwise): the
   * approval of the user's company in etat en_cours or suspendu, as
   * contract `Agrement` (perimeter by name, attestations, procedures);
   * 404 `{ message }` when it holds none.
   */
  points.register(lireMonAgrement, async ({ utilisateur }, _req, res) => {
    const agrement = await monAgrement(database, utilisateur);
    if (!agrement) throw new HttpError(404, { message: MESSAGE_SANS_AGREMENT });
    res.json(
      await versAgrement(database, agrement, { utilisateur, maintenant: horloge.now(), config }),
    );
  });

  /**
   * GET /api/agrement/{id} → `Agrement`, to the company holding it or to
   * staff who may see the request it was granted on; 404 for anyone else
   * and for an unknown or malformed id.
   */
  points.register(lireAgrement, async ({ utilisateur, params }, _req, res) => {
    const agrement = await chargerAgrementAccessible(database, utilisateur, params.id);
    res.json(
      await versAgrement(database, agrement, { utilisateur, maintenant: horloge.now(), config }),
    );
  });

  /**
   * GET /api/agrements → Page<AgrementListe> (staff, 403 otherwise): `page`,
   * `query` (number, company, SIREN), `quality[]`, `etat[]`,
   * `servicesInstructeur[]`, `rapportAnnuelActivites[]`, `hasEtablissement`,
   * `order[field]=asc|desc` (numeroAgrement asc by default). Unknown values
   * are ignored; an undeclared parameter answers 400. Scope: DESIGN §4.
   */
  points.register(listerAgrements, async ({ query: filtres, utilisateur }, _req, res) => {
    res.json(await pageAgrements(database, utilisateur, filtres, horloge.now()));
  });

  /** GET /api/agrements/export → agrements-AAAA-MM-JJ.csv for the same filters, streamed. */
  points.register(exporterAgrements, async ({ query: filtres, utilisateur }, req, res) => {
    const fichier = await fichierExportAgrements({
      database,
      utilisateur,
      filtres,
      maintenant: horloge.now(),
    });
    await envoyerFichier(res, req.log ?? logger, fichier);
  });

  /**
   * GET /api/procedure_agrement/{id} → ProcedureAgrementDetail, to whoever
   * may read its approval; 404 otherwise (unknown or non-integer id too).
   */
  points.register(lireProcedureAgrement, async ({ params, utilisateur }, _req, res) => {
    res.json(await procedureAgrement(database, utilisateur, params.id));
  });

  return router;
}
