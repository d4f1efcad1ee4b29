/** Archives of a file: GET /api/{kind}/{id}/download-all-pj (ZIP) and /api/{kind}/{id}/dossier. */
import { Router } from "express";
import type { ApiDeps } from "../deps.ts";

/** Routes of this resource, each behind `authenticate`. */
export function archivesRoutes(deps: ApiDeps): Router {
  void deps;
  return Router();
}
