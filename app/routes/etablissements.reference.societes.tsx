import type { LoaderFunctionArgs } from "@remix-run/node";
import { callEndpoint, listerNomsSocietes } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";

/**
 * `/etablissements/reference/societes?name=…` (spec §7 `GET /api/company/names`,
 * §5 Autocomplete): the company names the download form's datalist proposes
 * as one types, with JavaScript (without it, "Rechercher" lists them in the
 * page). Central roles only; at most 20 names, JSON.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "central");
  const name = new URL(request.url).searchParams.get("name") ?? "";
  const noms = await callEndpoint(request, context, listerNomsSocietes, { query: { name } });
  return Response.json(noms, { headers: { "Cache-Control": "no-store" } });
}
