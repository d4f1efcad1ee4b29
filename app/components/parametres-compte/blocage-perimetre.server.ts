import type { AppLoadContext } from "@remix-run/node";
import { perimetreSupervisionABloquer } from "#contract/schemas/compte-parametres";
import type { Departement, Region } from "#contract/schemas/geographie";
import type { PerimetreSupervision } from "#contract/schemas/utilisateur";
import {
  callEndpoint,
  lireUtilisateurCourant,
  listerDepartements,
  listerRegions,
} from "~/.server/api-client.server";
import type { SessionUser } from "~/.server/context";
import { AUCUNE_BORNE } from "~/components/parametres-compte/perimetre-supervision";

/** What the layout needs to render the blocking perimeter section. */
export interface BlocagePerimetre {
  regions: Region[];
  departements: Departement[];
  /** What the superviseur may choose from (ADR 0041). */
  borne: PerimetreSupervision;
}

/**
 * Whether the signed-in `user` is a superviseur whose perimeter is defined
 * but holds no région and no département (spec §2 Modals, §6): then the
 * régions and départements of the blocking section, else null. One call to
 * GET /api/user/account per page for a superviseur only (the reference
 * lists are cached by the BFF); an API failure never blocks the page (the
 * page's own loaders report it).
 */
export async function blocagePerimetre(
  request: Request,
  context: AppLoadContext,
  user: SessionUser | null,
): Promise<BlocagePerimetre | null> {
  if (!user?.roles.includes("superviseur")) return null;
  try {
    const compte = await callEndpoint(request, context, lireUtilisateurCourant);
    if (!perimetreSupervisionABloquer(compte)) return null;
    const [regions, departements] = await Promise.all([
      callEndpoint(request, context, listerRegions),
      callEndpoint(request, context, listerDepartements),
    ]);
    return { regions, departements, borne: compte.borneSupervision ?? AUCUNE_BORNE };
  } catch {
    return null;
  }
}
