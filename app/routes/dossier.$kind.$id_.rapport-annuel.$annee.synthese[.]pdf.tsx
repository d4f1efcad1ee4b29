import type { LoaderFunctionArgs } from "@remix-run/node";
import { telechargerSyntheseRapportAnnuel } from "~/.server/api-client.server";
import { transmettreRapportAnnuel } from "~/components/dossier/rapports-annuels-staff.server";

/**
 * `/dossier/demande/{id}/rapport-annuel/{annee}/synthese.pdf`
 * (`GET /api/agrement/{id}/rapport-annuel/{annee}/synthese`): the
 * synthesis PDF « synthese-rapport-annuel-<annee>.pdf » of the annual
 * activity report of the approval granted on request `id`, streamed. Staff
 * only; a request or approval the user may not see leads to "Page non
 * trouvée". A resource route: the browser downloads the answer.
 */
export function loader({ request, context, params }: LoaderFunctionArgs) {
  return transmettreRapportAnnuel(request, context, params, telechargerSyntheseRapportAnnuel);
}
