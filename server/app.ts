import { existsSync } from "node:fs";
import { join } from "node:path";
import { constants as zlibConstants } from "node:zlib";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import { pinoHttp } from "pino-http";
import { openDatabase, type Database } from "../api/db/client.ts";
import { horlogeDecalable, horlogeSysteme, type Horloge } from "../api/domain/horloge.ts";
import { createApiRouter } from "../api/http/index.ts";
import { portalVersion } from "../api/http/version.ts";
import { createFileStore } from "../api/files/store.ts";
import { startJobsRunner, type JobsRunner } from "../api/jobs/runner.ts";
import { tachesDuPortail } from "../api/jobs/taches.ts";
import { createMailer } from "../api/mail/mailer.ts";
import type { Mailer } from "../api/mail/types.ts";
import { purgeExpiredOidcPayloads } from "../idp/adapter.ts";
import { createIdentityProvider } from "../idp/index.ts";
import type { Config } from "./config.ts";
import { httpLogSerializers, type Logger } from "./logger.ts";
import { inProcessApiFetch } from "./in-process-fetch.ts";
import {
  gererErreursEntree,
  refuserMethodesInconnues,
  refuserUrlsInvalides,
} from "./entrees-invalides.ts";
import { bornerCorpsPages, gestionnaireRemix } from "./limites-corps.ts";
import { preparerDataDir, restreindreUmask } from "./data-dir.ts";
import { preparerBase } from "./demarrage.ts";
import {
  apiFetchProtege,
  pageIndisponible,
  retryAfterSur503,
  sessionsProtegees,
} from "./indisponibilite.ts";
import { cspNonce, noStoreByDefault, sameOriginGuard, securityHeaders } from "./security.ts";
import { createDatabaseSessionStorage, purgeExpiredSessions } from "./session-storage.ts";

const root = join(import.meta.dirname, "..");
const clientBuild = join(root, "build/client");
/**
 * public/dsfr files whose name carries a hash of their content
 * (scripts/dsfr-bundle.mjs), or their precompressed copies.
 */
const HASHED_DSFR_FILE = /\.[0-9a-f]{12}\.min\.css(\.br|\.gz)?$/;

/**
 * Serves the files of `dir` as express.static does with `options`, but
 * sends the brotli or gzip copy scripts/precompress.mjs wrote next to a
 * file (`.br` preferred, then `.gz`, as Accept-Encoding allows) with its
 * Content-Encoding, Content-Type and `Vary: Accept-Encoding`; the
 * `compression` middleware then leaves it as is. The copies are listed
 * once, at start-up: without them (`npm run dev`, no build) the plain file
 * goes out and `compression` compresses it on the fly.
 */
function staticFiles(
  dir: string,
  options: expressStaticGzip.ExpressStaticGzipOptions["serveStatic"],
) {
  return expressStaticGzip(dir, {
    enableBrotli: true,
    // Encoding names of Accept-Encoding ("gzip"), not file extensions.
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: options,
  });
}

export interface Portal {
  app: express.Express;
  database: Database;
  mailer: Mailer;
  close(): Promise<void>;
}

/**
 * Assembles the portal (DESIGN §2): static files, health probes, /api, the
 * embedded OpenID provider when OIDC_ISSUER is unset, then Remix. Opens the
 * database, applies migrations and loads reference (and demo) data first.
 * `remix: false` serves everything but the pages (API tests); tests may
 * also pass their own clock and mailer. Starts the jobs runner (pg-boss,
 * api/jobs/) unless config.jobs is false; `close()` stops it first.
 */
export async function createPortal(
  config: Config,
  logger: Logger,
  options: {
    remix?: boolean;
    database?: Database;
    horloge?: Horloge;
    mailer?: Mailer;
    /**
     * A worker of the cluster (server/cluster.ts, ADR 0028): the primary did
     * the start work once before forking (DATA_DIR, sweep, seed, purge), so a
     * worker started later never sweeps the temporary files of another.
     */
    travailleur?: boolean;
  } = {},
): Promise<Portal> {
  // Umask 077, modes of DATA_DIR fixed, temporary files swept: before anything writes there.
  if (options.travailleur) restreindreUmask();
  else await preparerDataDir(config.dataDir, logger);
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger }));
  const fichiers = createFileStore({ dataDir: config.dataDir, s3: config.s3, logger });
  // Seed, demo dataset, session purge: done by the primary for a worker (server/demarrage.ts).
  if (!options.travailleur) await preparerBase(config, database, fichiers, logger);

  const app = express();
  app.disable("x-powered-by");
  if (config.trustProxy) app.set("trust proxy", 1);

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    try {
      await database.query("select 1");
      res.json({ status: "ok", database: database.kind });
    } catch {
      res.status(503).json({ status: "indisponible" });
    }
  });

  // Only pages and API answers are compressed here (static files are compressed at build
  // time): brotli quality 4, the library's, compresses the 85 KB list page in ≈ 1 ms;
  // quality 5 took 1.5 ms for 6 % fewer bytes (measured).
  app.use(compression({ brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } }));
  const httpLogger = pinoHttp({
    logger,
    // pino-http replaces the logger's serializers with its own unless given these.
    serializers: httpLogSerializers,
    autoLogging: { ignore: (req) => req.url === "/healthz" || req.url === "/readyz" },
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
  });
  app.use(httpLogger);
  // Database out of reach (ADR 0032): every 503 says when to come back.
  app.use(retryAfterSur503);
  app.use(cspNonce);
  app.use(securityHeaders(config));
  // A URL that does not decode or carries a NUL byte: 400 before any router.
  app.use(refuserUrlsInvalides);
  // TRACE and methods no page serves: 405 before any router builds a request.
  app.use(refuserMethodesInconnues);
  app.use(noStoreByDefault);

  const horlogeReelle = options.horloge ?? horlogeSysteme;
  // HORLOGE_RECETTE: the API's rules and the jobs read a clock an admin may move
  // (/api/recette/horloge); the identity provider and the sessions keep the real one.
  const horlogeRecette = config.horlogeRecette ? horlogeDecalable(horlogeReelle) : undefined;
  if (horlogeRecette)
    logger.warn(
      "HORLOGE_RECETTE : portail de recette, la date des règles peut être simulée (/recette/horloge)",
    );
  const horloge = horlogeRecette ?? horlogeReelle;
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      logger,
      deploye: config.deploye,
    });
  const apiRouter = createApiRouter({
    config,
    database,
    logger,
    horloge,
    mailer,
    fichiers,
    horlogeRecette,
  });
  // Before the static files: an API call never waits for a file-system lookup.
  app.use("/api", apiRouter);

  // Fingerprinted build output: cached for a year. Everything else: short cache.
  app.use(
    "/assets",
    staticFiles(join(clientBuild, "assets"), { immutable: true, maxAge: "1y", index: false }),
  );
  // DSFR files: a week; the portal's stylesheet, named after its content
  // (scripts/dsfr-bundle.mjs), for a year like the build output.
  app.use(
    "/dsfr",
    staticFiles(join(root, "public/dsfr"), {
      maxAge: "7d",
      index: false,
      setHeaders: (res, path) => {
        if (HASHED_DSFR_FILE.test(path))
          res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  app.use(staticFiles(clientBuild, { maxAge: "1h", index: false }));

  const guard = sameOriginGuard(config);
  if (config.embeddedIdp) {
    const idp = await createIdentityProvider({
      config,
      database,
      logger,
      sameOriginGuard: guard,
      mailer,
      now: () => horlogeReelle.now(),
    });
    app.use("/realms/mar_users", idp.router);
  }

  if (options.remix !== false) {
    const buildFile = join(root, "build/server/index.js");
    if (!existsSync(buildFile)) {
      throw new Error("Le portail n'est pas construit : lancez `npm run build` d'abord.");
    }
    const build = (await import(buildFile)) as ServerBuild;
    // A session or API call that cannot reach the database: a 503 page, not a 500 (ADR 0032).
    const sessionStorage = sessionsProtegees(createDatabaseSessionStorage(config, database));
    const apiFetch = config.apiInProcess
      ? apiFetchProtege(inProcessApiFetch(apiRouter, httpLogger))
      : undefined;
    const settings = {
      publicUrl: config.publicUrl,
      apiUrl: config.apiUrl,
      oidcIssuer: config.oidcIssuer,
      oidcClientId: config.oidcClientId,
      production: config.production,
      version: portalVersion(),
      // Audience measurement (ADR 0023): null when off.
      matomo: config.matomo,
    };
    app.all(
      "/{*splat}",
      guard,
      // Bodies limited and checked before Remix reads them.
      bornerCorpsPages(config),
      gestionnaireRemix({
        build,
        mode: config.production ? "production" : "development",
        getLoadContext: (req, res) => ({
          cspNonce: res.locals.cspNonce as string,
          sessionStorage,
          settings,
          apiFetch,
          // The API's per-IP limits must see the browser's address.
          clientIp: req.ip,
          // The banner of a simulated date (HORLOGE_RECETTE): read in-process, no API call per page.
          dateSimulee: horlogeRecette
            ? () => horlogeRecette.simulee()?.toISOString() ?? null
            : undefined,
        }),
      }),
    );
  }

  // Client errors of any router (e.g. the sign-in form's body): French 400/413, not Express's page.
  app.use(gererErreursEntree);
  // The database out of reach under another router: 503 French page or JSON (ADR 0032).
  app.use(pageIndisponible);

  const jobs: JobsRunner | undefined = config.jobs
    ? await startJobsRunner({
        config,
        database,
        logger,
        horloge,
        mailer,
        taches: tachesDuPortail({
          sessionsExpirees: purgeExpiredSessions,
          donneesOidcExpirees: purgeExpiredOidcPayloads,
        }),
      })
    : undefined;

  return {
    app,
    database,
    mailer,
    close: async () => {
      await jobs?.stop();
      await mailer.close();
      await database.close();
    },
  };
}
