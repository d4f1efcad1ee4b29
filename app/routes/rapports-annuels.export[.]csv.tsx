import type { LoaderFunctionArgs } from "@remix-run/node";
import { exporterRapportsAnnuels } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import { relayerExport } from "~/components/listes/export.server";

/**
 * `/rapports-annuels/export.csv?annee=AAAA` (spec §7
 * `GET /api/rapport-annuels/export`): the CSV « rapports-annuels-<annee>.csv »
 * of the annual activity reports of a year, one row per approval owing it
 * (nonDepose rows too), streamed from the API to the browser as an
 * attachment, never held in memory here. Reached by the GET form of the
 * staff's home. Staff only; the API scopes the rows (DESIGN §4). Without
 * `annee`, the API's default (the year whose report is due now); a year
 * that is not four digits is a 404, as no form sends one.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "staff");
  const annee = new URL(request.url).searchParams.get("annee") || undefined;
  if (annee !== undefined && !/^\d{4}$/.test(annee))
    throw new Response("Page non trouvée", { status: 404 });
  return relayerExport(
    request,
    context,
    exporterRapportsAnnuels,
    { query: { annee } },
    `rapports-annuels${annee ? `-${annee}` : ""}.csv`,
  );
}
