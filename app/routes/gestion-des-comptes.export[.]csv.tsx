import type { LoaderFunctionArgs } from "@remix-run/node";

import { COMPTES_TRI } from "#contract/schemas/comptes";
import { exporterComptes, fetchEndpoint } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import { relayerTelechargement } from "~/.server/telechargement.server";

/**
 * `/gestion-des-comptes/export.csv?query=…&tri=…&sens=…` (spec §7
 * `GET /api/user/accounts/export`): gestionComptes.csv with the
 * list's search and sort, streamed from the API to the browser as an
 * attachment. admin_fonctionnel only.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "adminFonctionnel");
  const url = new URL(request.url);
  const query = url.searchParams.get("query")?.trim() || undefined;
  const tri = COMPTES_TRI.find((field) => field === url.searchParams.get("tri")) ?? "dateCreation";
  const sens = url.searchParams.get("sens") === "asc" ? "asc" : "desc";
  return relayerTelechargement(
    () =>
      fetchEndpoint(request, context, exporterComptes, {
        query: { query, [`order[${tri}]`]: sens },
        signal: request.signal,
        stream: true,
      }),
    "/gestion-des-comptes",
  );
}
