/** Routes of issue 3, written by the helper that owns this file. */
import { Router } from "express";
import type { ApiDeps } from "../deps.ts";

export function piecesJointesRoutes(_deps: ApiDeps): Router {
  return Router();
}
