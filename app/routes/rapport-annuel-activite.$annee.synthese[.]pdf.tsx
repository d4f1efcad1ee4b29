import type { LoaderFunctionArgs } from "@remix-run/node";
import { fetchEndpoint, telechargerSyntheseRapportAnnuel } from "~/.server/api-client.server";
import { relayerTelechargement } from "~/.server/telechargement.server";
import {
  chargerAgrementDuDemandeur,
  lireAnnee,
} from "~/components/rapport-annuel/rapport-annuel.server";
import { urlSynthese } from "~/components/rapport-annuel/urls";

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
  return relayerTelechargement(
    () =>
      fetchEndpoint(request, context, telechargerSyntheseRapportAnnuel, {
        params: { id: agrement.id, annee: String(annee) },
        stream: true,
      }),
    urlSynthese(annee),
  );
}
