/**
 * The staff's downloads of an approval's annual activity report (ADR
 * 0017): the ZIP (GET /api/agrement/{id}/telechargement-raa/{annee}) and
 * the synthesis PDF (GET /api/agrement/{id}/rapport-annuel/{annee}/synthese)
 * streamed through the BFF from the file page of the request the approval
 * was granted on.
 */
import type { AppLoadContext } from "@remix-run/node";
import {
  fetchEndpoint,
  type telechargerRapportAnnuel,
  type telechargerSyntheseRapportAnnuel,
} from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import { relayerTelechargement } from "~/.server/telechargement.server";
import { urlDossier } from "~/components/dossier/actions";
import { chargerDossier, cibleDossier, pageNonTrouvee } from "~/components/dossier/dossier.server";

/**
 * Staff only (spec §6 gate `staff`). Reads the approval request of the URL
 * (`/dossier/demande/{id}/rapport-annuel/{annee}/…`) to find its approval,
 * then GETs `fichier` of the report about `annee` with the user's token and
 * answers with its body streamed and its download headers (name, type,
 * nosniff; never a shared cache). A kind other than `demande`, a year that
 * is not four digits, a request without approval: 404. A request or
 * approval the user may not see (the API's 404) redirects to an address no
 * route matches, so that the user gets the portal's "Page non trouvée"
 * page rather than a bare text answer. Other refusals throw.
 */
export async function transmettreRapportAnnuel(
  request: Request,
  context: AppLoadContext,
  params: Record<string, string | undefined>,
  fichier: typeof telechargerRapportAnnuel | typeof telechargerSyntheseRapportAnnuel,
): Promise<Response> {
  await requireRole(request, context, "staff");
  const { kind, id } = cibleDossier(params);
  const annee = params.annee ?? "";
  if (kind !== "demande" || !/^\d{4}$/.test(annee)) throw pageNonTrouvee();
  const introuvable = `${urlDossier(kind, id)}/rapport-annuel/${annee}/introuvable`;
  return relayerTelechargement(async () => {
    const demande = await chargerDossier(request, context, kind, id);
    if (!demande.agrement) throw pageNonTrouvee();
    return fetchEndpoint(request, context, fichier, {
      params: { id: demande.agrement.id, annee },
      signal: request.signal,
      stream: true,
    });
  }, introuvable);
}
