/** What every router of the API receives (api/http/index.ts builds it once). */
import type { RequestHandler } from "express";
import type { Config } from "../../server/config.ts";
import type { Logger } from "../../server/logger.ts";
import type { Database } from "../db/client.ts";
import type { Horloge } from "../domain/horloge.ts";
import type { FileStore } from "../files/types.ts";
import type { Mailer } from "../mail/types.ts";

export interface ApiDeps {
  config: Config;
  database: Database;
  logger: Logger;
  horloge: Horloge;
  mailer: Mailer;
  fichiers: FileStore;
  /** Bearer-token middleware (api/http/auth.ts). */
  authenticate: RequestHandler;
}
