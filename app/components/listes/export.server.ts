/**
 * The CSV and ZIP exports of the staff pages (spec §7 exports, §9 file
 * names): a file the API streams, passed on to the browser as an
 * attachment.
 */
import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/node";
import { fetchEndpoint, type EndpointOptions } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";

/** A declaration the client can call (contract/api). */
type Endpoint = Parameters<typeof fetchEndpoint>[2];

/**
 * GETs `endpoint` with `options` for the user (aborted with `request`) and
 * answers with its body streamed, never held in memory here, as an
 * attachment: the API's type and name, else `type` and `nom`; never
 * cached. Refusals throw as `fetchEndpoint` throws them.
 */
export async function relayerExport<const D extends Endpoint>(
  request: Request,
  context: AppLoadContext,
  endpoint: D,
  options: EndpointOptions<D>,
  nom: string,
  type = "text/csv; charset=utf-8",
): Promise<Response> {
  // fetchEndpoint's options are a tuple computed from D, which TypeScript cannot follow here.
  const appeler = fetchEndpoint as (
    ...args: [Request, AppLoadContext, D, EndpointOptions<D> & { stream: boolean }]
  ) => Promise<Response>;
  const reponse = await appeler(request, context, endpoint, {
    ...options,
    signal: request.signal,
    stream: true,
  });
  return new Response(reponse.body, {
    status: 200,
    headers: {
      "Content-Type": reponse.headers.get("Content-Type") ?? type,
      "Content-Disposition":
        reponse.headers.get("Content-Disposition") ?? `attachment; filename="${nom}"`,
      "Cache-Control": "no-store",
    },
  });
}

/**
 * The loader of a staff list's CSV export (`nom` when the API names it
 * not): staff only; the list's filters of the URL, as `versParams` writes
 * them from page 1, are the export's query. The API scopes the rows.
 */
export function loaderExportListe<const D extends Endpoint>(
  endpoint: D,
  versParams: (params: URLSearchParams) => URLSearchParams,
  nom: string,
) {
  return async ({ request, context }: LoaderFunctionArgs) => {
    await requireRole(request, context, "staff");
    const encodedQuery = versParams(new URL(request.url).searchParams);
    return relayerExport(request, context, endpoint, { encodedQuery } as EndpointOptions<D>, nom);
  };
}
