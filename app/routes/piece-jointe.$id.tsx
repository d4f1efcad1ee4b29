import type { LoaderFunctionArgs } from "@remix-run/node";
import { fetchEndpoint, telechargerPieceJointe } from "~/.server/api-client.server";
import { requireUser } from "~/.server/auth.server";
import { relayerTelechargement } from "~/.server/telechargement.server";

/**
 * `/piece-jointe/{id}` (spec §7 Files): the bytes of an attachment from
 * `GET /api/piece-jointe/{id}`, streamed through the BFF with the API's
 * download headers (name, type, length, nosniff, no shared cache). Any
 * signed-in user; the API decides who may see the file.
 *
 * This is a resource route on purpose: a Remix route with a UI component
 * turns a loader's Response into page data, which would break the download.
 * An unknown or foreign id (API 404) therefore redirects to an address no
 * route matches, so that the user gets the portal's "Page non trouvée" page
 * with its 404 status instead of a bare text answer.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const id = params.id ?? "";
  return relayerTelechargement(
    () => fetchEndpoint(request, context, telechargerPieceJointe, { params: { id }, stream: true }),
    `/piece-jointe/${encodeURIComponent(id)}/introuvable`,
  );
}
