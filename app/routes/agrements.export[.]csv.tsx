import type { LoaderFunctionArgs } from "@remix-run/node";
import { lireFiltresAgrements, versParamsAgrements } from "#contract/schemas/agrements-liste";
import { exporterAgrements, fetchEndpoint } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";

/**
 * `/agrements/export.csv?…` (spec §7 `GET /api/agrements/export`): the CSV
 * of the approvals list with the same filters, streamed
 * from the API to the browser as an attachment, never held in memory
 * here. Staff only; the API scopes the rows (DESIGN §4).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "staff");
  const filtres = lireFiltresAgrements(new URL(request.url).searchParams);
  const reponse = await fetchEndpoint(request, context, exporterAgrements, {
    encodedQuery: versParamsAgrements(filtres, { page: 1 }),
    signal: request.signal,
    stream: true,
  });
  return new Response(reponse.body, {
    status: 200,
    headers: {
      "Content-Type": reponse.headers.get("Content-Type") ?? "text/csv; charset=utf-8",
      "Content-Disposition":
        reponse.headers.get("Content-Disposition") ?? 'attachment; filename="agrements.csv"',
      "Cache-Control": "no-store",
    },
  });
}
