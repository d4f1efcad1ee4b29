import type { AppLoadContext } from "@remix-run/node";
import { MANAGER_ROLES, STAFF_ROLES, hasAnyRole, type Role } from "#contract/roles";
import { callEndpoint, compterDemandes, compterMesDossiers } from "~/.server/api-client.server";
import { anneesExportPour } from "~/components/home/export-rapports-annuels.server";
import { staffTilesFor } from "~/components/home/staff-tiles";

/**
 * The staff home's data (spec §2 "Home for staff") for a user holding
 * `roles`: the tiles, their counts and the years of the annual reports'
 * export.
 */
export async function chargerAccueilAgent(
  request: Request,
  context: AppLoadContext,
  roles: readonly Role[],
) {
  return {
    kind: "agent" as const,
    tiles: staffTilesFor(roles),
    // Counts shown on the tiles (GET /api/demande/nb-demandes, /api/demande/count; ADR 0026).
    comptesTuiles: await comptesDesTuiles(request, context, roles),
    // The yearly export of the annual activity reports, staff only.
    anneesExportRapports: anneesExportPour(roles, context),
  };
}

/** What {@link chargerAccueilAgent} loads. */
export type AccueilAgent = Awaited<ReturnType<typeof chargerAccueilAgent>>;

/**
 * The count each staff tile shows, by tile id (ADR 0026):
 * "Mes dossiers" from `GET /api/demande/nb-demandes` (managers), "Tous les
 * dossiers" from `GET /api/demande/count` (staff), both scoped by the API
 * as the lists are. A count that fails leaves its tile without one.
 */
async function comptesDesTuiles(
  request: Request,
  context: AppLoadContext,
  roles: readonly Role[],
): Promise<Record<string, string>> {
  const [mes, tous] = await Promise.all([
    hasAnyRole(roles, MANAGER_ROLES)
      ? callEndpoint(request, context, compterMesDossiers).catch(() => null)
      : null,
    hasAnyRole(roles, STAFF_ROLES)
      ? callEndpoint(request, context, compterDemandes).catch(() => null)
      : null,
  ]);
  const dossiers = (n: number) => `${n.toLocaleString("fr-FR")} dossier${n > 1 ? "s" : ""}`;
  const comptes: Record<string, string> = {};
  if (mes) comptes["mes-dossiers"] = dossiers(mes.nbDemandes);
  if (tous)
    comptes["tous-les-dossiers"] =
      `${dossiers(tous.total)} : ${tous.demande.toLocaleString("fr-FR")} demande${tous.demande > 1 ? "s" : ""} d'agrément, ` +
      `${tous["changement-notable"].toLocaleString("fr-FR")} changement${tous["changement-notable"] > 1 ? "s" : ""} notable${tous["changement-notable"] > 1 ? "s" : ""}`;
  return comptes;
}
