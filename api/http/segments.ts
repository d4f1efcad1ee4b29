/** Route-parameter guards shared by the routers of api/http/routes. */
import type { RequestHandler } from "express";
import { TYPES_DOSSIER } from "../../contract/etats.ts";

/**
 * Lets a `/:param/...` route match only request kinds (`demande`,
 * `changement-notable`): any other first segment goes on to the routers
 * mounted later (`/piece-jointe/{id}`, `/agrement/{id}`), then to the API's 404.
 */
export function seulementDemandes(parametre: string): RequestHandler {
  return (req, _res, next) => {
    const segment = req.params[parametre] as string;
    next((TYPES_DOSSIER as readonly string[]).includes(segment) ? undefined : "route");
  };
}
