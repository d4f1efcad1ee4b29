import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { ApiError } from "~/.server/api.server";
import { callEndpoint, executerAction, lireDemande } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import { redirectWithToast } from "~/.server/toast.server";
import { actionDisponible } from "~/components/demande/carte-demande";
import { fichierDecision } from "~/components/demande/decision-demande";
import { UUID, pageNonTrouvee } from "~/components/demande/formulaire/formulaire.server";
import { t } from "~/i18n";

/** Nothing to show here: the decision is consulted by posting the card's form. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "demandeur");
  return redirect("/mes-demandes-changement-notable");
}

/**
 * The approval request's decision route for a notable change (issue 14):
 * marks the decision as seen (VISUALISER_RESULTAT, contract of issue 14:
 * disponible → terminee) when it is
 * available to this applicant, with the version just read, then sends the
 * browser to the decision file (`/piece-jointe/{id}`: the certificate, or
 * the letter) — the path that works without JavaScript. A request changed
 * meanwhile (409) is read again and the action retried once; an action no
 * longer available (already seen) is simply skipped. No decision file →
 * home with an error notification. 404 for an unknown or foreign request.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireRole(request, context, "demandeur");
  const id = params.id ?? "";
  if (!UUID.test(id)) throw pageNonTrouvee();
  const lire = () =>
    callEndpoint(request, context, lireDemande, { params: { kind: "changement-notable", id } });
  let demande = await lire();
  for (let essai = 0; essai < 2 && actionDisponible(demande, "VISUALISER_RESULTAT"); essai++) {
    try {
      demande = await callEndpoint(request, context, executerAction, {
        params: { kind: "changement-notable", id },
        body: { action: "VISUALISER_RESULTAT", version: `${demande.version}` },
        format: "form",
      });
    } catch (error) {
      if (!(error instanceof ApiError) || ![403, 409].includes(error.status)) throw error;
      demande = await lire();
    }
  }
  const fichier = fichierDecision(demande);
  if (!fichier)
    return redirectWithToast(
      "/mes-demandes-changement-notable",
      {
        type: "error",
        titre: t("notification.titre.error"),
        description: "La décision n'est pas encore disponible au téléchargement.",
      },
      { request, context },
    );
  return redirect(`/piece-jointe/${fichier.id}`);
}
