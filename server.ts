/**
 * Entry point: `npm run serve` (after `npm run build`). Reads the configuration,
 * assembles the portal (server/app.ts) and listens on PORT. With PostgreSQL,
 * runs one process per core (WEB_CONCURRENCY, server/cluster.ts, ADR 0028):
 * this process then does the start work once, forks the workers and
 * supervises them; each worker runs this file again and serves.
 */
import cluster from "node:cluster";
import v8 from "node:v8";
import { loadConfig, type Config } from "./server/config.ts";
import { bornerLesConnexions } from "./server/delais-connexion.ts";
import { repondreAuxRequetesIllisibles } from "./server/entrees-invalides.ts";
import { createLogger, type Logger } from "./server/logger.ts";
import { createPortal } from "./server/app.ts";
import { demarrerGrappe, nombreDeProcessus, rangDuProcessus } from "./server/cluster.ts";
import { travauxDeDemarrage } from "./server/demarrage.ts";
import { restreindreUmask } from "./server/data-dir.ts";

/** Growth of V8's old generation after a full collection, in % of what survived (ADR 0034). */
const CROISSANCE_DU_TAS_POURCENT = 30;

// Resident memory (issue 17 item 4, ADR 0034): after each full collection V8
// lets the old generation grow up to 4 times what survived before the next
// one; this process then kept 150 to 250 MiB of garbage. 1.3 times bounds it
// for a little more collecting. Read by V8 at every collection, so setting it
// here applies however the process was started (npm run serve, tsx, a
// cluster worker); an operator's own --heap-growing-percent wins.
if (
  ![...process.execArgv, process.env.NODE_OPTIONS ?? ""].some((option) =>
    option.includes("--heap-growing-percent"),
  )
)
  v8.setFlagsFromString(`--heap-growing-percent=${CROISSANCE_DU_TAS_POURCENT}`);

// Before loadConfig creates DATA_DIR: nothing the portal writes is readable by
// other accounts (issue 20 item 4); createPortal then fixes what exists.
restreindreUmask();
let config: Config;
try {
  // In the primary, also writes DATA_DIR/secrets.json once, before any worker reads it.
  config = loadConfig();
} catch (error) {
  // A misconfiguration is the operator's: its French message alone, no stack trace.
  process.stderr.write(`${(error as Error).message}\n`);
  process.exit(1);
}
const logger = createLogger(config.logLevel);

/** Serves the portal in this process; `travailleur` when forked by the cluster. */
async function servir(config: Config, logger: Logger, travailleur: boolean) {
  const rang = rangDuProcessus();
  // pg-boss would send each cron slot once anyway (ADR 0028): one runner is enough.
  const portal = await createPortal(
    travailleur ? { ...config, jobs: config.jobs && rang === 1 } : config,
    logger,
    { travailleur },
  );
  const server = portal.app.listen(config.port, config.host, () => {
    logger.info(
      {
        url: config.publicUrl,
        database: portal.database.kind,
        identityProvider: config.embeddedIdp ? "embarqué" : config.oidcIssuer,
        ...(travailleur ? { rang } : {}),
      },
      `Portail démarré sur ${config.publicUrl}`,
    );
  });
  // Slow headers and trickling bodies cannot hold the sockets (server/delais-connexion.ts).
  bornerLesConnexions(server, logger);
  // A method Node's parser does not know (TRACK): 405, not a bare 400.
  repondreAuxRequetesIllisibles(server);

  let arret = false;
  const shutdown = (signal: string) => {
    if (arret) return;
    arret = true;
    logger.info({ signal }, "Arrêt du portail");
    server.close(() => {
      portal.close().finally(() => process.exit(0));
    });
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
}

const { nombre, raison } = nombreDeProcessus(config);
if (raison) logger.warn(raison);
if (cluster.isWorker) {
  await servir(config, logger, true);
} else if (nombre === 1) {
  await servir(config, logger, false);
} else {
  await travauxDeDemarrage(config, logger);
  const grappe = demarrerGrappe({
    nombre,
    logger,
    surEchec: (message) => {
      logger.fatal(message);
      void grappe.arreter(5_000).finally(() => process.exit(1));
    },
  });
  let arret = false;
  const shutdown = (signal: string) => {
    if (arret) return;
    arret = true;
    logger.info({ signal, processus: nombre }, "Arrêt du portail");
    void grappe.arreter().then(() => process.exit(0));
  };
  process.on("SIGINT", () => shutdown("SIGINT"));
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  await grappe.pret;
  logger.info(
    { url: config.publicUrl, database: "postgresql", processus: nombre },
    `Portail démarré sur ${config.publicUrl} (${nombre} processus)`,
  );
}
