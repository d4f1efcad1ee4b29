/**
 * Files the API produces (attachments, archives, PDFs), streamed through the
 * BFF to the browser with their download headers: one place for what a
 * download keeps of the API's answer and for the "not found" page.
 */
import { redirect } from "@remix-run/node";

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
 * Answers with the body of `obtenir()` (a streamed API answer) and its
 * download headers (name, type, length, nosniff, validators; never a
 * shared cache: `private, no-store` when the API set none). A 404 thrown by
 * `obtenir` (file unknown or not the user's) redirects to `introuvable`,
 * e.g. an address no route matches, so that the user gets the portal's
 * "Page non trouvée" page rather than a bare text answer (a resource route
 * cannot render the page itself). Other refusals are thrown as they are.
 */
export async function relayerTelechargement(
  obtenir: () => Promise<Response>,
  introuvable: string,
): Promise<Response> {
  let response: Response;
  try {
    response = await obtenir();
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
