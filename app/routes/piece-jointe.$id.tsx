import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { MESSAGE_FICHIER_INFECTE } from "#contract/antivirus";
import { fetchEndpoint, telechargerPieceJointe } from "~/.server/api-client.server";
import { ApiError } from "~/.server/api.server";
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
 * with its 404 status instead of a bare text answer. A file the antivirus
 * has not found clean (API 409) redirects to `/piece-jointe/{id}/analyse`,
 * which says why (ADR 0030).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireUser(request, context);
  const id = params.id ?? "";
  try {
    return await relayerTelechargement(
      () =>
        fetchEndpoint(request, context, telechargerPieceJointe, { params: { id }, stream: true }),
      `/piece-jointe/${encodeURIComponent(id)}/introuvable`,
    );
  } catch (error) {
    // Not found clean by the antivirus yet, or infected (409, ADR 0030): a page that says so.
    if (!(error instanceof ApiError) || error.status !== 409) throw error;
    const raison = error.message === MESSAGE_FICHIER_INFECTE ? "infecte" : "en-cours";
    throw redirect(`/piece-jointe/${encodeURIComponent(id)}/analyse?raison=${raison}`);
  }
}
