/**
 * Every filter and sort of the instruction list, one query string each,
 * for the index audit (an index for every filter
 * and sort of the lists): the profile sends each as GET /api/demandes with
 * the token of a central staff member (the national list, the biggest) and
 * EXPLAINs the SQL it causes.
 */
import { TRIS_DEMANDES } from "../contract/schemas/listes.ts";
import type { ProfileTarget } from "./profile.ts";

/** Query strings of the variants, filter values taken from the spec's lists. */
export function listVariantQueries(serviceId: number | null): string[] {
  const sorts = TRIS_DEMANDES.flatMap((field) => [`order[${field}]=asc`, `order[${field}]=desc`]);
  const filters = [
    "etat[]=affectee",
    "etape[]=awaitingDecision",
    "quality[]=qualityOp",
    "departement[]=75",
    "region[]=11",
    "instructeur[]=aucun",
    ...(serviceId === null ? [] : [`servicesInstructeur[]=${serviceId}`]),
    "reputesRejetes=true",
    "expireBientot=true",
    "query=renov",
    "query=832915474",
    "page=50",
  ];
  return [...sorts, ...filters];
}

/** The variants as profile targets against the portal at `baseUrl`. */
export async function listVariantTargets(baseUrl: string, token: string): Promise<ProfileTarget[]> {
  const headers = { Authorization: `Bearer ${token}` };
  const services = (await (
    await fetch(`${baseUrl}/api/intervenants/services-instructeur`, { headers })
  ).json()) as { id: number }[];
  return listVariantQueries(services[0]?.id ?? null).map((query) => ({
    id: `liste-api?${query}`,
    url: `${baseUrl}/api/demandes?${query.replace(/\[\]/g, "%5B%5D").replace(/\[(\w+)\]/, "%5B$1%5D")}`,
    headers,
  }));
}
