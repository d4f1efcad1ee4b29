/** What every router of the API receives (api/http/index.ts builds it once). */
import type { RequestHandler } from "express";
import type { DependancesDomaine } from "../domain/dependances.ts";

/** The domain's services plus the HTTP layer's own middleware. */
export interface ApiDeps extends DependancesDomaine {
  /** Bearer-token middleware (api/http/auth.ts). */
  authenticate: RequestHandler;
}
