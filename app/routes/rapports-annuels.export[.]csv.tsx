import type { LoaderFunctionArgs } from "@remix-run/node";
import { exporterRapportsAnnuels, fetchEndpoint } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";

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
  const reponse = await fetchEndpoint(request, context, exporterRapportsAnnuels, {
    query: { annee },
    signal: request.signal,
    stream: true,
  });
  return new Response(reponse.body, {
    status: 200,
    headers: {
      "Content-Type": reponse.headers.get("Content-Type") ?? "text/csv; charset=utf-8",
      "Content-Disposition":
        reponse.headers.get("Content-Disposition") ??
        `attachment; filename="rapports-annuels${annee ? `-${annee}` : ""}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
