/**
 * Server side of one action's page (`/dossier/{kind}/{id}/action/{ACTION}`,
 * spec §4): which action the URL names, and who may receive the file.
 */
import type { AppLoadContext } from "@remix-run/node";
import type { ActionDemande } from "#contract/etats";
import type { DemandeDetail } from "#contract/schemas/demande";
import { callEndpoint, listerIntervenants } from "~/.server/api-client.server";
import type { SessionUser } from "~/.server/context";
import { lireAction } from "./actions";
import { pageNonTrouvee } from "./dossier.server";
import type { InstructeurAssignable } from "./formulaire-action";

/** Takes the route's params; returns the action of the URL, or throws the 404 page. */
export function actionDeLUrl(params: Record<string, string | undefined>): ActionDemande {
  const action = lireAction(params.action);
  if (!action) throw pageNonTrouvee();
  return action;
}

/**
 * Who may receive the file (AFFECTER / REAFFECTER_INSTRUCTEUR): the
 * instructeurs of the file's service (`GET /api/intervenants`); an
 * instructeur who is not also superviseur may only take the file himself
 * (DESIGN §3 guard `autoAffectation`), so he is offered only himself.
 */
export async function instructeursAssignables(
  request: Request,
  context: AppLoadContext,
  user: SessionUser,
  demande: DemandeDetail,
): Promise<InstructeurAssignable[]> {
  const intervenants = await callEndpoint(request, context, listerIntervenants, {
    query: {
      servicesInstructeur: demande.serviceInstructeur
        ? [String(demande.serviceInstructeur.id)]
        : [],
    },
  });
  const seulementSoi = !user.roles.includes("superviseur");
  return intervenants
    .filter((intervenant) => intervenant.roles.includes("instructeur"))
    .filter(
      (intervenant) =>
        !seulementSoi || intervenant.email.toLowerCase() === user.email.toLowerCase(),
    )
    .map((intervenant) => ({
      id: intervenant.id,
      libelle: `${intervenant.firstName} ${intervenant.lastName}`,
    }));
}
