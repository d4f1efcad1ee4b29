/**
 * Server side of step 2 "Activités de la structure" of
 * `/demande/formulaire` (spec §3 perimeter and ETP, §7 PUT
 * /api/demande/{id}/step/2, EPCI and commune searches).
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { schemaEtape2, type DemandeDetail } from "#contract/schemas/demande";
import { callEndpoint, enregistrerEtape2, listerRegions } from "~/.server/api-client.server";
import { redirectWithToast } from "~/.server/toast.server";
import type { DonneesEtapeActivites, ResultatEtapeActivites } from "./etape-activites";
import {
  chargerDepartements,
  departementsCouverts,
  erreursDeApi,
  procedureEtpDe,
  rechercherCommunes,
  rechercherEpcis,
  toastBrouillon,
} from "./formulaire.server";
import { decoderOption, type ResultatGeographie } from "./geographie";
import {
  INTENT_RECHERCHE_COMMUNES,
  INTENT_RECHERCHE_EPCIS,
  type ChoixPerimetre,
  type RecherchePerimetre,
} from "./perimetre";
import { schemaRecherche } from "./schema-recherche";
import { urlEtape } from "./stepper";

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

/** Values of a repeated form field, empty ones dropped. */
function liste(formData: FormData, name: string): string[] {
  return formData
    .getAll(name)
    .map(String)
    .filter((value) => value !== "");
}

/** Names posted with the options displayed (hidden `code|nom` fields). */
function nomsPostes(formData: FormData, name: string): ResultatGeographie[] {
  const noms = new Map<string, string>();
  for (const value of formData.getAll(name)) {
    const option = decoderOption(value);
    if (option) noms.set(option.code, option.nom);
  }
  return [...noms].map(([code, nom]) => ({ code, nom }));
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
  const choix: ChoixPerimetre = {
    regions: liste(formData, "regions"),
    departements: liste(formData, "departements"),
    epcis: liste(formData, "epcis"),
    communes: liste(formData, "communes"),
  };
  // Without JavaScript a département stays ticked under its ticked région.
  const regionsCochees = new Set(choix.regions);
  choix.departements = choix.departements.filter(
    (code) => !regionsCochees.has(departements.find((d) => d.code === code)?.codeRegion ?? ""),
  );
  const noms = {
    epcis: nomsPostes(formData, "libellesEpcis"),
    communes: nomsPostes(formData, "libellesCommunes"),
  };
  const reponse = (
    lastResult: SubmissionResult<string[]>,
    recherche: RecherchePerimetre | null,
    status = 422,
  ) =>
    data(
      {
        vue: "etape2",
        cle: crypto.randomUUID(),
        lastResult,
        choix,
        noms,
        recherche,
      } satisfies ResultatEtapeActivites,
      { status },
    );

  if (intent === INTENT_RECHERCHE_EPCIS || intent === INTENT_RECHERCHE_COMMUNES) {
    const submission = parseWithZod(formData, { schema: schemaRecherche });
    const resultat =
      intent === INTENT_RECHERCHE_EPCIS
        ? await rechercherEpcis(request, context, String(formData.get("rechercheEpci") ?? ""))
        : await rechercherCommunes(
            request,
            context,
            String(formData.get("rechercheCommune") ?? ""),
            departementsCouverts(departements, choix.regions, choix.departements),
          );
    return reponse(submission.reply(), { type: intent, resultat }, 200);
  }

  const submission = parseWithZod(formData, { schema: schemaEtape2 });
  if (submission.status !== "success") return reponse(submission.reply(), null);
  try {
    await callEndpoint(request, context, enregistrerEtape2, {
      params: { id },
      body: { ...submission.value, departements: choix.departements },
    });
  } catch (error) {
    return reponse(submission.reply(erreursDeApi(error)), null);
  }
  if (intent === "suivant") return redirect(urlEtape(id, 3));
  return redirectWithToast(urlEtape(id, 2), toastBrouillon(2), { request, context });
}
