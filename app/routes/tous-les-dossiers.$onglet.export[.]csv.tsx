import type { LoaderFunctionArgs } from "@remix-run/node";
import { lireFiltresDemandes, versParamsDemandes } from "#contract/schemas/listes";
import {
  exporterChangementsNotables,
  exporterDemandes,
  fetchEndpoint,
} from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import { ongletDuSegment } from "~/components/dossiers/liste-params";

/**
 * `/tous-les-dossiers/{onglet}/export.csv?…` (spec §7
 * `GET /api/demandes/export`, `/api/changement-notable/export`): the CSV
 * of the list with the same filters (`mesDossiers=true` from "Mes
 * dossiers"), streamed from the API to the browser as an attachment,
 * never held in memory here. Staff only; the API scopes the rows
 * (DESIGN §4). An unknown tab is a 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, "staff");
  const onglet = ongletDuSegment(params.onglet);
  if (!onglet) throw new Response("Page non trouvée", { status: 404 });
  const filtres = lireFiltresDemandes(new URL(request.url).searchParams);
  const reponse = await fetchEndpoint(
    request,
    context,
    onglet.kind === "demande" ? exporterDemandes : exporterChangementsNotables,
    {
      encodedQuery: versParamsDemandes(filtres, { page: 1 }),
      signal: request.signal,
      stream: true,
    },
  );
  const nomParDefaut = onglet.kind === "demande" ? "demandes.csv" : "changements-notables.csv";
  return new Response(reponse.body, {
    status: 200,
    headers: {
      "Content-Type": reponse.headers.get("Content-Type") ?? "text/csv; charset=utf-8",
      "Content-Disposition":
        reponse.headers.get("Content-Disposition") ?? `attachment; filename="${nomParDefaut}"`,
      "Cache-Control": "no-store",
    },
  });
}
