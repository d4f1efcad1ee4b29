/**
 * One running portal per API test file (without the Remix pages): real
 * database (PostgreSQL when DATABASE_URL is set, in-memory PGlite
 * otherwise), embedded identity provider, demo data, a free port.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { appendFileSync } from "node:fs";
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { openDatabase, type Database } from "../../api/db/client.ts";
import { horlogeReglable } from "../../api/domain/horloge.ts";
import { createPortal, type Portal } from "../../server/app.ts";
import { loadConfig, type Config } from "../../server/config.ts";
import { createLogger } from "../../server/logger.ts";
import { VARIABLE_MODELE } from "./modele-base.ts";

export interface TestPortal {
  /** http://localhost:<port>, also the portal's PUBLIC_URL. */
  baseUrl: string;
  /** The Express application (tests walk its routes). */
  app: Portal["app"];
  config: Config;
  database: Database;
  /** The portal's clock: tests move it to reach deadlines. */
  horloge: ReturnType<typeof horlogeReglable>;
  close(): Promise<void>;
}

/**
 * Ports handed out by freePort: below the kernel's ephemeral range
 * (/proc/sys/net/ipv4/ip_local_port_range, 32768-60999 on Linux), which
 * outgoing connections (PostgreSQL pools, fetch) take their source port from.
 * A port from that range, closed by the probe and listened on seconds later,
 * can meanwhile be taken by a connection of another test worker (EADDRINUSE).
 */
const PORTS_LIBRES = { premier: 20_000, dernier: 32_000 } as const;

/** Whether something can listen on `port` right now (probe opened and closed). */
function ecoutable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, () => probe.close(() => resolve(true)));
  });
}

/**
 * A TCP port nobody listens on right now, drawn at random outside the
 * ephemeral range (PORTS_LIBRES). Throws after 50 occupied draws.
 */
export async function freePort(): Promise<number> {
  const etendue = PORTS_LIBRES.dernier - PORTS_LIBRES.premier;
  for (let essai = 0; essai < 50; essai++) {
    const port = PORTS_LIBRES.premier + Math.floor(Math.random() * etendue);
    if (await ecoutable(port)) return port;
  }
  throw new Error(`Aucun port libre entre ${PORTS_LIBRES.premier} et ${PORTS_LIBRES.dernier}`);
}

let modele: Promise<Blob | undefined> | undefined;

/**
 * The PGlite model of the run (tests/helpers/modele-base.ts), read once
 * per test file; undefined on PostgreSQL or when vitest ran without it.
 */
function modelePglite(): Promise<Blob | undefined> {
  const fichier = process.env[VARIABLE_MODELE];
  if (process.env.DATABASE_URL || !fichier) return Promise.resolve(undefined);
  modele ??= readFile(fichier).then((octets) => new Blob([octets]));
  return modele;
}

/**
 * `app`, and, when TEST_JOURNAL_ROUTES names a folder, the record of every
 * request it answers ("METHOD /path status" lines), which `ecrire` appends
 * to `<folder>/<test file>.txt` when the portal closes: the PGlite pass
 * checks with it that every API operation got a successful answer on PGlite
 * (scripts/couverture-pglite.ts, ADR 0040).
 */
async function journaliserLesRoutes(
  app: Portal["app"],
): Promise<{ application: Portal["app"]; ecrire(): void }> {
  const dossier = process.env.TEST_JOURNAL_ROUTES;
  if (!dossier) return { application: app, ecrire: () => undefined };
  // Imported here: the browser tests use this module's freePort outside vitest.
  const { expect } = await import("vitest");
  const fichier = join(dossier, `${basename(expect.getState().testPath ?? "inconnu")}.txt`);
  const servies: string[] = [];
  return {
    application: ((req, res, next) => {
      const ligne = `${req.method} ${(req.url ?? "").split("?")[0]}`;
      res.once("finish", () => servies.push(`${ligne} ${res.statusCode}\n`));
      return app(req, res, next);
    }) as Portal["app"],
    ecrire: () => appendFileSync(fichier, servies.splice(0).join("")),
  };
}

/**
 * Starts the portal (API, embedded OpenID provider, demo accounts) on a free
 * port, without the jobs runner. `env` overrides environment variables. Logs are silent unless
 * TEST_LOG_LEVEL says otherwise. The clock starts at the real time and only
 * moves when a test moves it.
 */
export async function startTestPortal(env: Record<string, string> = {}): Promise<TestPortal> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), "portail-mar-test-"));
  const baseUrl = `http://localhost:${port}`;
  const config = loadConfig({
    NODE_ENV: "test",
    PORT: String(port),
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL ?? "",
    DEMO_DATA: "true",
    LOG_LEVEL: "silent",
    // pg-boss is off unless a test asks for it (JOBS: "true"): job handlers
    // are plain functions that tests call with a moved clock.
    JOBS: "false",
    ...env,
  });
  const logger = createLogger(process.env.TEST_LOG_LEVEL ?? "silent");
  const database = await openDatabase({
    dataDir: ":memory:",
    databaseUrl: process.env.DATABASE_URL,
    // The run's PGlite model holds what DEMO_DATA=true seeds, nothing more.
    modele: config.demoData ? await modelePglite() : undefined,
  });
  const horloge = horlogeReglable();
  const portal = await createPortal(config, logger, { remix: false, database, horloge });
  // No host: listen on every interface, so both "localhost" (::1 or
  // 127.0.0.1) and API_URL's 127.0.0.1 reach it.
  const journal = await journaliserLesRoutes(portal.app);
  const server: Server = await new Promise((resolve) => {
    const listening = createHttpServer(journal.application).listen(port, () => resolve(listening));
  });
  return {
    baseUrl,
    app: portal.app,
    config,
    database,
    horloge,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await portal.close();
      await rm(dataDir, { recursive: true, force: true });
      journal.ecrire();
    },
  };
}
