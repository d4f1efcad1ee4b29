/**
 * What the rules of the domain are given: settings,
 * database, log, clock, mailer and file store, built once by server.ts and
 * passed in. The HTTP layer's `ApiDeps` (api/http/deps.ts) adds its own
 * middleware to these.
 */
import type { Logger } from "pino";
import type { ApiConfig } from "../config.ts";
import type { Database } from "../db/client.ts";
import type { FileStore } from "../files/types.ts";
import type { Mailer } from "../mail/types.ts";
import type { Horloge } from "./horloge.ts";

/** The services every rule of the domain may use. */
export interface DependancesDomaine {
  config: ApiConfig;
  database: Database;
  logger: Logger;
  horloge: Horloge;
  mailer: Mailer;
  fichiers: FileStore;
}
