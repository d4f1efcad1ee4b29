import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { fetchEndpoint, telechargerPieceJointe } from "~/.server/api-client.server";
import { requireUser } from "~/.server/auth.server";

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
  let response: Response;
  try {
    response = await fetchEndpoint(request, context, telechargerPieceJointe, {
      params: { id },
      stream: true,
    });
  } catch (error) {
    if (error instanceof Response && error.status === 404)
      throw redirect(`/piece-jointe/${encodeURIComponent(id)}/introuvable`);
    throw error;
  }
  const headers = new Headers();
  for (const name of ENTETES_TRANSMISES) {
    const value = response.headers.get(name);
    if (value) headers.set(name, value);
  }
  // fetch has already decoded a compressed answer: its length no longer holds.
  if (response.headers.has("Content-Encoding")) headers.delete("Content-Length");
  if (!headers.has("Cache-Control")) headers.set("Cache-Control", "private, no-store");
  return new Response(response.body, { status: 200, headers });
}
