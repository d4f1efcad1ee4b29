/** Internal notes of instruction staff (spec §7 Messages and notes). */
import { Router } from "express";
import type { ApiDeps } from "../deps.ts";

/** Routes of this resource, each behind `authenticate`. */
export function notesRoutes(deps: ApiDeps): Router {
  void deps;
  return Router();
}
