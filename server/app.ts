import { existsSync } from "node:fs";
import { join } from "node:path";
import { constants as zlibConstants } from "node:zlib";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import expressStaticGzip from "express-static-gzip";
import { pinoHttp } from "pino-http";
import { openDatabase, type Database } from "../api/db/client.ts";
import {
  horlogeDecalable,
  horlogeSysteme,
  type Horloge,
  type HorlogeDecalable,
} from "../api/domain/horloge.ts";
import { createApiRouter } from "../api/http/index.ts";
import { portalVersion } from "../api/http/version.ts";
import { createFileStore } from "../api/files/store.ts";
import type { FileStore } from "../api/files/types.ts";
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

/** Options of {@link createPortal}. */
interface PortalOptions {
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
}

/**
 * The clocks of the portal: `reelle` for the identity provider and the
 * sessions; `recette` the one an admin may move (HORLOGE_RECETTE, else
 * undefined); `regles` the one the API's rules and the jobs read.
 */
interface Horloges {
  reelle: Horloge;
  recette?: HorlogeDecalable;
  regles: Horloge;
}

/** What the stages of createPortal share once the database is ready. */
interface Assemblage {
  app: express.Express;
  config: Config;
  logger: Logger;
  database: Database;
  mailer: Mailer;
  horloges: Horloges;
}

/**
 * DATA_DIR, the database and the file store, ready before anything is
 * served: a worker only restricts its umask, the primary (or a single
 * process) prepares DATA_DIR and the database's data.
 */
async function preparerDonnees(config: Config, logger: Logger, options: PortalOptions) {
  // Umask 077, modes of DATA_DIR fixed, temporary files swept: before anything writes there.
  if (options.travailleur) restreindreUmask();
  else await preparerDataDir(config.dataDir, logger);
  const database =
    options.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger }));
  const fichiers = createFileStore({ dataDir: config.dataDir, s3: config.s3, logger });
  // Seed, demo dataset, session purge: done by the primary for a worker (server/demarrage.ts).
  if (!options.travailleur) await preparerBase(config, database, fichiers, logger);
  return { database, fichiers };
}

/** /healthz (the process answers) and /readyz (the database too, else 503). */
function sondes(app: express.Express, database: Database) {
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
}

/** Compression and the request log, in front of everything else; returns the request log. */
function compressionEtJournal(app: express.Express, logger: Logger) {
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
  return httpLogger;
}

/**
 * The headers of every answer (Retry-After of a 503, CSP nonce, security
 * headers, no-store by default) and the requests refused before any router.
 */
function enTetesEtRefus(app: express.Express, config: Config) {
  // Database out of reach (ADR 0032): every 503 says when to come back.
  app.use(retryAfterSur503);
  app.use(cspNonce);
  app.use(securityHeaders(config));
  // A URL that does not decode or carries a NUL byte: 400 before any router.
  app.use(refuserUrlsInvalides);
  // TRACE and methods no page serves: 405 before any router builds a request.
  app.use(refuserMethodesInconnues);
  app.use(noStoreByDefault);
}

/** The clocks (see {@link Horloges}) over `reelle`, the system's unless a test passes its own. */
function choisirHorloges(config: Config, logger: Logger, reelle: Horloge): Horloges {
  // HORLOGE_RECETTE: the API's rules and the jobs read a clock an admin may move
  // (/api/recette/horloge); the identity provider and the sessions keep the real one.
  const recette = config.horlogeRecette ? horlogeDecalable(reelle) : undefined;
  if (recette)
    logger.warn(
      "HORLOGE_RECETTE : portail de recette, la date des règles peut être simulée (/recette/horloge)",
    );
  return { reelle, recette, regles: recette ?? reelle };
}

/** Mounts the API at /api; returns its router (also called in-process by the pages). */
function monterApi(assemblage: Assemblage, fichiers: FileStore): express.Router {
  const { app, config, database, logger, mailer, horloges } = assemblage;
  const apiRouter = createApiRouter({
    config,
    database,
    logger,
    horloge: horloges.regles,
    mailer,
    fichiers,
    horlogeRecette: horloges.recette,
  });
  // Before the static files: an API call never waits for a file-system lookup.
  app.use("/api", apiRouter);
  return apiRouter;
}

/** The build output, the DSFR files and the public files, each with its cache lifetime. */
function monterFichiersStatiques(app: express.Express) {
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
}

/** The embedded OpenID provider at /realms/mar_users, on the real clock. */
async function monterFournisseurIdentite(assemblage: Assemblage, guard: express.RequestHandler) {
  const { app, config, database, logger, mailer, horloges } = assemblage;
  const idp = await createIdentityProvider({
    config,
    database,
    logger,
    sameOriginGuard: guard,
    mailer,
    now: () => horloges.reelle.now(),
  });
  app.use("/realms/mar_users", idp.router);
}

/**
 * The pages: Remix's server build behind the same-origin `guard` and the
 * body limits, with sessions in the database and the API called in-process
 * (config.apiInProcess, logged by `httpLogger`). Throws when not built.
 */
async function monterRemix(
  assemblage: Assemblage,
  guard: express.RequestHandler,
  api: { router: express.Router; httpLogger: express.RequestHandler },
) {
  const { app, config, database, horloges } = assemblage;
  const buildFile = join(root, "build/server/index.js");
  if (!existsSync(buildFile)) {
    throw new Error("Le portail n'est pas construit : lancez `npm run build` d'abord.");
  }
  const build = (await import(buildFile)) as ServerBuild;
  // A session or API call that cannot reach the database: a 503 page, not a 500 (ADR 0032).
  const sessionStorage = sessionsProtegees(createDatabaseSessionStorage(config, database));
  const apiFetch = config.apiInProcess
    ? apiFetchProtege(inProcessApiFetch(api.router, api.httpLogger))
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
  const horlogeRecette = horloges.recette;
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

/** The error handlers, after every router. */
function monterGestionErreurs(app: express.Express) {
  // Client errors of any router (e.g. the sign-in form's body): French 400/413, not Express's page.
  app.use(gererErreursEntree);
  // The database out of reach under another router: 503 French page or JSON (ADR 0032).
  app.use(pageIndisponible);
}

/** The jobs runner (pg-boss, api/jobs/) on the rules' clock, unless config.jobs is false. */
async function demarrerTravaux(assemblage: Assemblage): Promise<JobsRunner | undefined> {
  const { config, database, logger, mailer, horloges } = assemblage;
  if (!config.jobs) return undefined;
  return startJobsRunner({
    config,
    database,
    logger,
    horloge: horloges.regles,
    mailer,
    taches: tachesDuPortail({
      sessionsExpirees: purgeExpiredSessions,
      donneesOidcExpirees: purgeExpiredOidcPayloads,
    }),
  });
}

/**
 * Assembles the portal (DESIGN §2): static files, health probes, /api, the
 * embedded OpenID provider when OIDC_ISSUER is unset, then Remix. Opens the
 * database, applies migrations and loads reference (and demo) data first.
 * `remix: false` serves everything but the pages (API tests); tests may
 * also pass their own clock and mailer. Starts the jobs runner (pg-boss,
 * api/jobs/) unless config.jobs is false; `close()` stops it first.
 * Middleware order matters: each stage below mounts after the previous one.
 */
export async function createPortal(
  config: Config,
  logger: Logger,
  options: PortalOptions = {},
): Promise<Portal> {
  const { database, fichiers } = await preparerDonnees(config, logger, options);

  const app = express();
  app.disable("x-powered-by");
  if (config.trustProxy) app.set("trust proxy", 1);
  sondes(app, database);
  const httpLogger = compressionEtJournal(app, logger);
  enTetesEtRefus(app, config);

  const horloges = choisirHorloges(config, logger, options.horloge ?? horlogeSysteme);
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      dataDir: config.dataDir,
      logger,
      deploye: config.deploye,
    });
  const assemblage: Assemblage = { app, config, logger, database, mailer, horloges };
  const apiRouter = monterApi(assemblage, fichiers);
  monterFichiersStatiques(app);

  const guard = sameOriginGuard(config);
  if (config.embeddedIdp) await monterFournisseurIdentite(assemblage, guard);
  if (options.remix !== false)
    await monterRemix(assemblage, guard, { router: apiRouter, httpLogger });
  monterGestionErreurs(app);

  const jobs = await demarrerTravaux(assemblage);
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
