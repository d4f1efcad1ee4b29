/**
 * Server side of step 2 "Activités de la structure" of
 * `/demande/formulaire` (spec §3 perimeter and ETP, §7 PUT
 * /api/demande/{id}/step/2, EPCI and commune searches).
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { redirect, type AppLoadContext } from "@remix-run/node";
import { schemaEtape2, type DemandeDetail } from "#contract/schemas/demande";
import { callEndpoint, enregistrerEtape2, listerRegions } from "~/.server/api-client.server";
import { redirectWithToast } from "~/.server/toast.server";
import {
  perimetreDuPost,
  recherchePostee,
  reponsePerimetre,
} from "~/components/dossier/perimetre-etape.server";
import type { DonneesEtapeActivites, ResultatEtapeActivites } from "./etape-activites";
import {
  chargerDepartements,
  erreursDeApi,
  procedureEtpDe,
  toastBrouillon,
} from "./formulaire.server";
import type { RecherchePerimetre } from "./perimetre";
import { schemaRecherche } from "./schema-recherche";
import { FORMULAIRE_DEMANDE } from "./formulaire-demande";

/** Step 2 of a request: régions, départements and the ETP procedure's labels and years. */
export async function chargerEtapeActivites(
  request: Request,
  context: AppLoadContext,
  demande: DemandeDetail,
): Promise<DonneesEtapeActivites> {
  const [regions, departements, procedureEtp] = await Promise.all([
    callEndpoint(request, context, listerRegions),
    chargerDepartements(request, context),
    procedureEtpDe(request, context, demande.id),
  ]);
  return { vue: "etape2", etape: 2, id: demande.id, demande, regions, departements, procedureEtp };
}

/**
 * Posts of step 2: `epcis`/`communes` run the search and re-render every
 * posted value (nothing saved); `enregistrer`/`suivant` check with the
 * shared schema, drop the départements of ticked régions (they are
 * covered), save step 2 (PUT …/step/2) and go to step 2 with a
 * notification, or to step 3. A refusal answers 422 with every value kept.
 */
export async function enregistrerEtapeActivites(
  request: Request,
  context: AppLoadContext,
  id: string,
) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  const departements = await chargerDepartements(request, context);
  const poste = perimetreDuPost(formData, departements);
  const reponse = (
    lastResult: SubmissionResult<string[]>,
    recherche: RecherchePerimetre | null,
    status = 422,
  ) =>
    reponsePerimetre<ResultatEtapeActivites>(
      { vue: "etape2", lastResult, ...poste, recherche },
      status,
    );

  const recherche = await recherchePostee(request, context, formData, departements, poste.choix);
  if (recherche)
    return reponse(parseWithZod(formData, { schema: schemaRecherche }).reply(), recherche, 200);

  const submission = parseWithZod(formData, { schema: schemaEtape2 });
  if (submission.status !== "success") return reponse(submission.reply(), null);
  try {
    await callEndpoint(request, context, enregistrerEtape2, {
      params: { id },
      body: { ...submission.value, departements: poste.choix.departements },
    });
  } catch (error) {
    return reponse(submission.reply(erreursDeApi(error)), null);
  }
  if (intent === "suivant") return redirect(FORMULAIRE_DEMANDE.url(id, 3));
  return redirectWithToast(FORMULAIRE_DEMANDE.url(id, 2), toastBrouillon(2), {
    request,
    context,
  });
}
