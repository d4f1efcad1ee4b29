/**
 * Streaming a file the API produces (archives of a file) through the BFF
 * with its download headers, as `/piece-jointe/{id}` does for attachments.
 */
import { redirect, type AppLoadContext } from "@remix-run/node";
import type { TypeDossier } from "#contract/etats";
import {
  fetchEndpoint,
  type telechargerDossier,
  type telechargerPiecesJointes,
} from "~/.server/api-client.server";

/** Headers of the API's answer the browser needs to save the file safely. */
const ENTETES_TRANSMISES = [
  "Content-Type",
  "Content-Length",
  "Content-Disposition",
  "Cache-Control",
  "X-Content-Type-Options",
  "Last-Modified",
  "ETag",
];

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
  let response: Response;
  try {
    response = await fetchEndpoint(request, context, archive, { params, stream: true });
  } catch (error) {
    if (error instanceof Response && error.status === 404) throw redirect(introuvable);
    throw error;
  }
  const headers = new Headers();
  for (const nom of ENTETES_TRANSMISES) {
    const valeur = response.headers.get(nom);
    if (valeur) headers.set(nom, valeur);
  }
  // fetch has already decoded a compressed answer: its length no longer holds.
  if (response.headers.has("Content-Encoding")) headers.delete("Content-Length");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
  return new Response(response.body, { status: 200, headers });
}
