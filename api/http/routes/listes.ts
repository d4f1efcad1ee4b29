/** Instruction lists of spec §7 Requests (GET /api/demandes, /api/{demandeType}s) and their CSV exports. */
import { Router } from "express";
import type { ApiDeps } from "../deps.ts";

/** Routes of this resource, each behind `authenticate`. */
export function listesRoutes(deps: ApiDeps): Router {
  void deps;
  return Router();
}
