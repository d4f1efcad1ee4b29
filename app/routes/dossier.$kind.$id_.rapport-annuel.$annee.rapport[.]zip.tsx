import type { LoaderFunctionArgs } from "@remix-run/node";
import { telechargerRapportAnnuel } from "~/.server/api-client.server";
import { transmettreRapportAnnuel } from "~/components/dossier/rapports-annuels-staff.server";

/**
 * `/dossier/demande/{id}/rapport-annuel/{annee}/rapport.zip` (spec §7
 * `GET /api/agrement/{id}/telechargement-raa/{annee}`): the
 * annual activity report of the approval granted on request `id` as the
 * API's archive « rapport-annuel-<annee>-<numeroAgrement>.zip » (synthesis
 * PDF and documents), streamed. Staff only; a request or approval the user
 * may not see leads to "Page non trouvée". A resource route: no page, the
 * browser downloads the answer.
 */
export function loader({ request, context, params }: LoaderFunctionArgs) {
  return transmettreRapportAnnuel(request, context, params, telechargerRapportAnnuel);
}
