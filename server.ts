/**
 * Entry point: `npm run serve` (after `npm run build`). Reads the configuration,
 * assembles the portal (server/app.ts) and listens on PORT.
 */
import { loadConfig } from "./server/config.ts";
import { createLogger } from "./server/logger.ts";
import { createPortal } from "./server/app.ts";
import { restreindreUmask } from "./server/data-dir.ts";

// Before loadConfig creates DATA_DIR: nothing the portal writes is readable by
// other accounts (issue 20 item 4); createPortal then fixes what exists.
restreindreUmask();
const config = loadConfig();
const logger = createLogger(config.logLevel);

const portal = await createPortal(config, logger);
const server = portal.app.listen(config.port, config.host, () => {
  logger.info(
    {
      url: config.publicUrl,
      database: portal.database.kind,
      identityProvider: config.embeddedIdp ? "embarqué" : config.oidcIssuer,
    },
    `Portail démarré sur ${config.publicUrl}`,
  );
});

const shutdown = (signal: string) => {
  logger.info({ signal }, "Arrêt du portail");
  server.close(() => {
    portal.close().finally(() => process.exit(0));
  });
  setTimeout(() => process.exit(1), 10_000).unref();
};
process.on("SIGINT", () => shutdown("SIGINT"));
process.on("SIGTERM", () => shutdown("SIGTERM"));
