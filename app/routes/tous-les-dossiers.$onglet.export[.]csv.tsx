import type { LoaderFunctionArgs } from "@remix-run/node";
import { lireFiltresDemandes, versParamsDemandes } from "#contract/schemas/listes";
import { exporterChangementsNotables, exporterDemandes } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import { ongletDuSegment } from "~/components/dossiers/liste-params";
import { relayerExport } from "~/components/listes/export.server";

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
  const encodedQuery = versParamsDemandes(lireFiltresDemandes(new URL(request.url).searchParams), {
    page: 1,
  });
  return onglet.kind === "demande"
    ? relayerExport(request, context, exporterDemandes, { encodedQuery }, "demandes.csv")
    : relayerExport(
        request,
        context,
        exporterChangementsNotables,
        { encodedQuery },
        "changements-notables.csv",
      );
}
