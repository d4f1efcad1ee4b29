import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  lireFiltresEtablissements,
  versParamsEtablissements,
} from "#contract/schemas/etablissements-liste";
import { exporterEtablissements, fetchEndpoint } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";

/**
 * `/etablissements/liste/export.csv?…` (spec §7 `GET /api/etablissements/export`,
 * §9 `EtablissementsReferences.csv`): the CSV of the list with the same
 * filters, streamed from the API to the browser as an attachment, never
 * held in memory here. Staff only; the API scopes the rows.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "staff");
  const filtres = lireFiltresEtablissements(new URL(request.url).searchParams);
  const reponse = await fetchEndpoint(request, context, exporterEtablissements, {
    encodedQuery: versParamsEtablissements(filtres, { page: 1 }),
    signal: request.signal,
    stream: true,
  });
  return new Response(reponse.body, {
    status: 200,
    headers: {
      "Content-Type": reponse.headers.get("Content-Type") ?? "text/csv; charset=utf-8",
      "Content-Disposition":
        reponse.headers.get("Content-Disposition") ??
        'attachment; filename="EtablissementsReferences.csv"',
      "Cache-Control": "no-store",
    },
  });
}
