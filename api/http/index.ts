/**
 * The REST API of spec §7 (DESIGN §2, §7), mounted at /api by server/app.ts.
 * JSON in and out; bearer JWT on every route but the public reference data;
 * errors as DESIGN §7 says.
 */
import express, { Router } from "express";
import { lireOpenApi } from "../../contract/api/reference.ts";
import { buildOpenApiDocument } from "../../contract/openapi.ts";
import type { ApiConfig } from "../config.ts";
import type { Logger } from "pino";
import type { Database } from "../db/client.ts";
import type { Horloge } from "../domain/horloge.ts";
import type { HorlogeDecalable } from "../domain/horloge.ts";
import type { Mailer } from "../mail/types.ts";
import type { FileStore } from "../files/types.ts";
import type { ApiDeps } from "./deps.ts";
import { createAuthenticator } from "./auth.ts";
import { activerAntivirus } from "../antivirus/registre.ts";
import { endpoints } from "./endpoint.ts";
import { errorHandler, notFoundHandler } from "./errors.ts";
import { erreursBaseIndisponible } from "./erreurs-base.ts";
import { erreursStockageIndisponible } from "./erreurs-stockage.ts";
import { administrationRoutes } from "./routes/administration.ts";
import { bandeauxRoutes } from "./routes/bandeaux.ts";
import { candidatRoutes } from "./routes/candidat.ts";
import { changementsNotablesRoutes } from "./routes/changements-notables.ts";
import { activitesRoutes } from "./routes/activites.ts";
import { agrementsRoutes } from "./routes/agrements.ts";
import { annuaireRoutes } from "./routes/annuaire.ts";
import { archivesRoutes } from "./routes/archives.ts";
import { demandesRoutes } from "./routes/demandes.ts";
import { listesRoutes } from "./routes/listes.ts";
import { rapportsAnnuelsRoutes } from "./routes/rapports-annuels.ts";
import { recetteRoutes } from "./routes/recette.ts";
import { etablissementsRoutes } from "./routes/etablissements.ts";
import { etablissementsStaffRoutes } from "./routes/etablissements-staff.ts";
import { notesRoutes } from "./routes/notes.ts";
import { messagerieRoutes } from "./routes/messagerie.ts";
import { piecesJointesRoutes } from "./routes/pieces-jointes.ts";
import { comptesRoutes } from "./routes/comptes.ts";
import { geographieRoutes } from "./routes/geographie.ts";
import { intervenantsRoutes } from "./routes/intervenants.ts";
import { referenceRoutes } from "./routes/reference.ts";
import { utilisateurRoutes } from "./routes/utilisateur.ts";
import { compteParametresRoutes } from "./routes/parametres-compte.ts";
import { portalVersion } from "./version.ts";

/** The REST API of spec §7 (DESIGN §2, §7). */
export function createApiRouter(deps: {
  config: ApiConfig;
  database: Database;
  logger: Logger;
  horloge: Horloge;
  mailer: Mailer;
  fichiers: FileStore;
  /**
   * The shiftable business clock when HORLOGE_RECETTE is on (the same object
   * as `horloge`): /api/recette/horloge moves it. Undefined: those routes answer 404.
   */
  horlogeRecette?: HorlogeDecalable;
}): express.Router {
  const { config, database, logger } = deps;
  const router = Router();
  router.use(express.json({ limit: "1mb" }));

  // Public: reference data and the API description.
  let openApiDocument: unknown;
  endpoints(router).register(lireOpenApi, (_entree, _req, res) => {
    openApiDocument ??= buildOpenApiDocument({
      version: portalVersion(),
      serverUrl: `${config.publicUrl}/api`,
    });
    res.json(openApiDocument);
  });
  router.use(referenceRoutes(database));
  router.use(geographieRoutes(database));
  router.use(annuaireRoutes(deps));

  // CLAMAV_HOST: uploads kept through this store wait for the antivirus (ADR 0030).
  if (config.clamav) activerAntivirus(deps.fichiers, database);
  // Each route below carries `authenticate` itself, so that an unknown path
  // answers 404 whether or not a token came with it.
  const authenticate = createAuthenticator({ config, database, logger });
  const apiDeps: ApiDeps = { ...deps, authenticate };
  // Public account creation and e-mail confirmation come first (no token).
  router.use(candidatRoutes(apiDeps));
  router.use(bandeauxRoutes(database, authenticate));
  router.use(utilisateurRoutes(database, authenticate));
  router.use(compteParametresRoutes(apiDeps));
  router.use(intervenantsRoutes(database, authenticate));
  router.use(comptesRoutes(database, authenticate, deps));
  // Lists and exports first: `/demandes/export` must not reach `/:kind/:id`.
  router.use(activitesRoutes(apiDeps));
  router.use(etablissementsStaffRoutes(apiDeps));
  router.use(etablissementsRoutes(apiDeps));
  router.use(rapportsAnnuelsRoutes(apiDeps));
  // Before demandesRoutes: `/changement-notable/procedure` must not reach `/:kind/:id`.
  router.use(changementsNotablesRoutes(apiDeps));
  router.use(listesRoutes(apiDeps));
  router.use(demandesRoutes(apiDeps));
  router.use(archivesRoutes(apiDeps));
  router.use(notesRoutes(apiDeps));
  router.use(agrementsRoutes(apiDeps));
  router.use(piecesJointesRoutes(apiDeps));
  router.use(messagerieRoutes(apiDeps));
  router.use(recetteRoutes({ authenticate, horloge: deps.horlogeRecette }));
  router.use(administrationRoutes(apiDeps));

  router.use(notFoundHandler);
  // The file storage (S3) out of reach: 503 too, its own message (ADR 0031).
  router.use(erreursStockageIndisponible(logger));
  // The database out of reach: 503 with Retry-After, not 500 (ADR 0032).
  router.use(erreursBaseIndisponible(logger));
  router.use(errorHandler(logger));
  return router;
}
