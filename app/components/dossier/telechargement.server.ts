/**
 * Streaming a file the API produces (archives of a file) through the BFF
 * with its download headers, as `/piece-jointe/{id}` does for attachments.
 */
import type { AppLoadContext } from "@remix-run/node";
import type { TypeDossier } from "#contract/etats";
import {
  fetchEndpoint,
  type telechargerDossier,
  type telechargerPiecesJointes,
} from "~/.server/api-client.server";
import { relayerTelechargement } from "~/.server/telechargement.server";

/**
 * GET the `archive` of file `params` (spec §7 `/api/{kind}/{id}/dossier` or
 * `/download-all-pj`) with the user's token and answers with its body streamed
 * and its download headers (name, type, length, nosniff; never a shared
 * cache). A file the API does not know or show (404) redirects to
 * `introuvable`, an address no route matches, so that the user gets the
 * portal's "Page non trouvée" page rather than a bare text answer (a
 * resource route cannot render the page itself). Other refusals throw.
 */
export async function transmettreTelechargement(
  request: Request,
  context: AppLoadContext,
  archive: typeof telechargerDossier | typeof telechargerPiecesJointes,
  params: { kind: TypeDossier; id: string },
  introuvable: string,
): Promise<Response> {
  return relayerTelechargement(
    () => fetchEndpoint(request, context, archive, { params, stream: true }),
    introuvable,
  );
}
