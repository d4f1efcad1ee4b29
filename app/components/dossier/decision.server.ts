/**
 * The applicant's decision route (`/demande/demande/decision/{id}`,
 * `/changement-notable/decision/{id}`; spec §4 "View result"), written once
 * for both types of case file (ADR 0044).
 */
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { TypeDossier } from "#contract/etats";
import { ApiError } from "~/.server/api.server";
import { callEndpoint, executerAction, lireDemande } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import { redirectWithToast } from "~/.server/toast.server";
import { actionDisponible } from "~/components/demande/carte-demande";
import { fichierDecision } from "~/components/demande/decision-demande";
import { idDe } from "~/components/demande/formulaire/formulaire.server";
import { DESCRIPTIONS_DOSSIER } from "~/components/dossier/types-dossier";
import { t } from "~/i18n";

/** Nothing to show: the decision is consulted by posting the card's form; back to where the card is. */
export async function versLEspaceDuDemandeur(
  { request, context }: LoaderFunctionArgs,
  type: TypeDossier,
) {
  await requireRole(request, context, "demandeur");
  return redirect(DESCRIPTIONS_DOSSIER[type].espace.href);
}

/**
 * Marks the decision as seen (VISUALISER_RESULTAT, spec §4 "View result":
 * a request's agrement_en_attente / agrement_modifie_en_attente → agree, a
 * notable change's disponible → terminee) when it is available to this
 * applicant, with the version just read, then sends the browser to the
 * decision file (`/piece-jointe/{id}`: the certificate, or the letter) —
 * the path that works without JavaScript. A file changed meanwhile (409)
 * is read again and the action retried once; an action no longer available
 * (already seen) is simply skipped. No decision file → back to where the
 * applicant follows the file, with an error notification. 404 for an
 * unknown or foreign file.
 */
export async function consulterDecision(
  { request, context, params }: ActionFunctionArgs,
  type: TypeDossier,
) {
  await requireRole(request, context, "demandeur");
  const id = idDe(params);
  const lire = () => callEndpoint(request, context, lireDemande, { params: { kind: type, id } });
  let demande = await lire();
  for (let essai = 0; essai < 2 && actionDisponible(demande, "VISUALISER_RESULTAT"); essai++) {
    try {
      demande = await callEndpoint(request, context, executerAction, {
        params: { kind: type, id },
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
      DESCRIPTIONS_DOSSIER[type].espace.href,
      {
        type: "error",
        titre: t("notification.titre.error"),
        description: "La décision n'est pas encore disponible au téléchargement.",
      },
      { request, context },
    );
  return redirect(`/piece-jointe/${fichier.id}`);
}
