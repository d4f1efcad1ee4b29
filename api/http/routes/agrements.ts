/** Approvals (spec §7 Approvals): GET /api/agrement/mon-agrement, /api/agrement/{id}. */
import { Router } from "express";
import type { ApiDeps } from "../deps.ts";

/** Routes of this resource, each behind `authenticate`. */
export function agrementsRoutes(deps: ApiDeps): Router {
  void deps;
  return Router();
}
