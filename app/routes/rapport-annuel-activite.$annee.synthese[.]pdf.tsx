import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { fetchEndpoint, telechargerSyntheseRapportAnnuel } from "~/.server/api-client.server";
import {
  chargerAgrementDuDemandeur,
  lireAnnee,
} from "~/components/rapport-annuel/rapport-annuel.server";
import { urlSynthese } from "~/components/rapport-annuel/urls";

/** Headers of the API's answer the browser needs to save the file safely. */
const ENTETES_TRANSMISES = [
  "Content-Type",
  "Content-Length",
  "Content-Disposition",
  "Cache-Control",
  "X-Content-Type-Options",
];

/**
 * `/rapport-annuel-activite/{annee}/synthese.pdf`: the PDF synthesis of the
 * applicant's report (GET /api/agrement/{id}/rapport-annuel/{annee}/synthese,
 * « synthese-rapport-annuel-<annee>.pdf »), streamed with its download
 * headers. A resource route: the browser downloads the answer; a report
 * the API does not know (404) goes back to the synthesis page.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const agrement = await chargerAgrementDuDemandeur(request, context);
  const annee = lireAnnee(params.annee);
  let response: Response;
  try {
    response = await fetchEndpoint(request, context, telechargerSyntheseRapportAnnuel, {
      params: { id: agrement.id, annee: String(annee) },
      stream: true,
    });
  } catch (error) {
    if (error instanceof Response && error.status === 404) throw redirect(urlSynthese(annee));
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
