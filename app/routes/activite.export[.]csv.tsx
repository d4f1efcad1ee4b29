import type { LoaderFunctionArgs } from "@remix-run/node";
import { lireFiltresActivite, versParamsActivite } from "#contract/schemas/activites";
import { CENTRAL_ROLES, MANAGER_ROLES, hasAnyRole } from "#contract/roles";
import { fetchEndpoint } from "~/.server/api-client.server";
import { refusAcces, requireUser } from "~/.server/auth.server";
import { relayerTelechargement } from "~/.server/telechargement.server";
import { exporterActivite } from "~/components/activite/activite.server";

/**
 * `/activite/export.csv?…` (spec §7 `GET /api/activities/export`, §9
 * `suiviActivite.csv`): the activity of the same filters as the page,
 * streamed from the API to the browser as an attachment (never held here).
 * Managers and central roles only; a refused period is left out (the page
 * shows its error and offers no download then).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  if (!hasAnyRole(user.roles, [...MANAGER_ROLES, ...CENTRAL_ROLES])) throw refusAcces();
  const { filtres } = lireFiltresActivite(new URL(request.url).searchParams);
  return relayerTelechargement(
    () =>
      fetchEndpoint(request, context, exporterActivite, {
        encodedQuery: versParamsActivite(filtres),
        signal: request.signal,
        stream: true,
      }),
    "/activite",
  );
}
