/**
 * Server side of step 4 "Récapitulatif" of `/demande/formulaire` (spec §5
 * Deposit, §4 effects, §7 canBe/depose and POST /api/demande/{id}/action).
 */
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import type { DemandeDetail, Manquant } from "#contract/schemas/demande";
import {
  callEndpoint,
  executerAction,
  lireDemande,
  verifierDepot,
} from "~/.server/api-client.server";
import { refusApi } from "~/.server/refus-api.server";
import { redirectWithToast } from "~/.server/toast.server";
import { t } from "~/i18n";
import {
  ACTIONS_DEPOT,
  INTENT_SOUMETTRE,
  actionDepot,
  type ActionDepot,
  type DonneesEtapeRecapitulatif,
  type ResultatEtapeRecapitulatif,
} from "./etape-recapitulatif";
import { ETATS_MODIFIABLES, procedureDe, procedureEtpDe } from "./formulaire.server";
import { FORMULAIRE_DEMANDE } from "./formulaire-demande";

/** Step 4 of a request: its procedure (files) and ETP labels, for the summary. */
export async function chargerEtapeRecapitulatif(
  request: Request,
  context: AppLoadContext,
  demande: DemandeDetail,
): Promise<DonneesEtapeRecapitulatif> {
  const [procedure, procedureEtp] = await Promise.all([
    procedureDe(request, context, demande.id),
    procedureEtpDe(request, context, demande.id),
  ]);
  return { vue: "etape4", etape: 4, id: demande.id, demande, procedure, procedureEtp };
}

/**
 * What still prevents the deposit: `canBe/depose` for a draft; for a
 * request returned for edition (which `canBe/depose` does not cover), the
 * procedure's missing items.
 */
async function manquantsDuDepot(
  request: Request,
  context: AppLoadContext,
  id: string,
  depot: ActionDepot,
): Promise<{ depose: boolean; manquants: Manquant[] }> {
  if (depot === "DEPOSER") return callEndpoint(request, context, verifierDepot, { params: { id } });
  const { manquants } = await procedureDe(request, context, id);
  return { depose: manquants.length === 0, manquants };
}

/**
 * Step 4 "Soumettre" (spec §5 Deposit, §4 effects): a draft is deposited
 * with DEPOSER, a request returned for edition with DEPOSER_EN_EDITION
 * (DESIGN §3), chosen from the request's state. What is missing comes
 * first; when something is, the page comes back listing it (the procedure
 * is loaded again with the page). Else POST …/action with the version
 * seen, then the confirmation page with the action as `actionType`. A
 * second click, or a 409 from a deposit that already went through, also
 * lands on the confirmation (of the deposit the page showed: `depot`).
 * API errors other than 403, 409 and 422 are rethrown (the error page).
 */
export async function deposerDemande(request: Request, context: AppLoadContext, id: string) {
  const formData = await request.formData();
  const depotAffiche = ACTIONS_DEPOT.find((action) => action === formData.get("depot"));
  const confirmation = (depot: ActionDepot) =>
    `/demande/demande/confirmation/${id}?actionType=${depot}`;
  const lire = () =>
    callEndpoint(request, context, lireDemande, { params: { kind: "demande", id } });
  const dejaDeposee = (demande: DemandeDetail) =>
    demande.dateDepot !== null && !ETATS_MODIFIABLES.includes(demande.etat);
  const refus = (manquants: Manquant[], erreur: string | null, status: number) =>
    data(
      {
        vue: "etape4",
        cle: crypto.randomUUID(),
        manquants,
        erreur,
      } satisfies ResultatEtapeRecapitulatif,
      { status },
    );
  if (formData.get("intent") !== INTENT_SOUMETTRE) return redirect(FORMULAIRE_DEMANDE.url(id, 4));
  const demande = await lire();
  if (dejaDeposee(demande)) return redirect(confirmation(depotAffiche ?? "DEPOSER"));
  const depot = actionDepot(demande.etat);
  const verification = await manquantsDuDepot(request, context, id, depot);
  if (!verification.depose) {
    // A second click may read the procedure just after the first deposit committed.
    if (dejaDeposee(await lire())) return redirect(confirmation(depot));
    return refus(
      verification.manquants,
      verification.manquants.length
        ? null
        : "La demande ne peut pas être déposée en l'état. Rechargez la page et réessayez.",
      422,
    );
  }
  const version = String(formData.get("version") ?? "");
  try {
    await callEndpoint(request, context, executerAction, {
      params: { kind: "demande", id },
      body: { action: depot, version: /^\d+$/.test(version) ? version : undefined },
      format: "form",
    });
  } catch (error) {
    const rejet = refusApi(error, [403, 409, 422]);
    if (dejaDeposee(await lire())) return redirect(confirmation(depot));
    const manquants =
      rejet.status === 422 ? (await manquantsDuDepot(request, context, id, depot)).manquants : [];
    return refus(
      manquants,
      manquants.length ? null : rejet.message || t("notification.error.conflit"),
      rejet.status,
    );
  }
  return redirectWithToast(
    confirmation(depot),
    {
      type: "success",
      titre: t("notification.titre.success"),
      description: t(`notification.action.success.demande.${depot}`),
    },
    { request, context },
  );
}
