/**
 * Streaming a file the API produces (archives of a file) through the BFF
 * with its download headers, as `/piece-jointe/{id}` does for attachments.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import {
  fetchEndpoint,
  type telechargerDossier,
  type telechargerPiecesJointes,
} from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import { relayerTelechargement } from "~/.server/telechargement.server";
import { urlDossier } from "./actions";
import { cibleDossier } from "./dossier.server";

/**
 * The loader of `/dossier/{kind}/{id}/{nom}.zip`: staff only (spec §6 gate
 * `staff`); GETs the `archive` of the file (spec §7 `/api/{kind}/{id}/dossier`
 * or `/download-all-pj`) with the user's token and answers with its body
 * streamed and its download headers (name, type, length, nosniff; never a
 * shared cache). A file the API does not know or show (404) redirects to
 * `…/{nom}/introuvable`, an address no route matches, so that the user gets
 * the portal's "Page non trouvée" page rather than a bare text answer (a
 * resource route cannot render the page itself). Other refusals throw.
 */
export function loaderArchiveDossier(
  archive: typeof telechargerDossier | typeof telechargerPiecesJointes,
  nom: "archive" | "pieces-jointes",
) {
  return async ({ request, context, params }: LoaderFunctionArgs): Promise<Response> => {
    await requireRole(request, context, "staff");
    const { kind, id } = cibleDossier(params);
    return relayerTelechargement(
      () => fetchEndpoint(request, context, archive, { params: { kind, id }, stream: true }),
      `${urlDossier(kind, id)}/${nom}/introuvable`,
    );
  };
}
