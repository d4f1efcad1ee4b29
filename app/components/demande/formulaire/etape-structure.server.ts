/**
 * Server side of step 1 "Informations sur la structure" of
 * `/demande/formulaire` (spec §3 signatory and structure, §7 POST
 * /api/demande and PUT /api/demande/{id}/step/1).
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { schemaEtape1, type DemandeDetail } from "#contract/schemas/demande";
import { MESSAGES } from "#contract/validation";
import {
  callEndpoint,
  creerDemande,
  enregistrerEtape1,
  verifierNouvelleDemande,
} from "~/.server/api-client.server";
import { redirectWithToast } from "~/.server/toast.server";
import {
  INTENT_COMMUNES_CODE_POSTAL,
  type DonneesEtapeStructure,
  type ResultatEtapeStructure,
} from "./etape-structure";
import {
  communesDuCodePostal,
  donneesEtape1,
  erreursDeApi,
  toastBrouillon,
} from "./formulaire.server";
import { schemaRecherche } from "./schema-recherche";
import { FORMULAIRE_DEMANDE } from "./formulaire-demande";

/** Why no new request can be started (`can/deposernouvelledemande` said no). */
export interface CreationImpossible {
  vue: "creationImpossible";
  raison: string;
}

/**
 * A new request (no id in the URL): step 1 empty if
 * `can/deposernouvelledemande` allows it, else the reason it does not.
 */
export async function chargerNouvelleDemande(
  request: Request,
  context: AppLoadContext,
): Promise<CreationImpossible | DonneesEtapeStructure> {
  const peutCreer = await callEndpoint(request, context, verifierNouvelleDemande);
  if (!peutCreer.can)
    return {
      vue: "creationImpossible",
      raison: peutCreer.raison ?? "Vous ne pouvez pas créer de nouvelle demande d'agrément.",
    };
  return chargerEtapeStructure(request, context, null);
}

/**
 * Step 1 of a request (or of a new one, `demande` null): the account's
 * company, the legal forms and the communes of the saved postal code.
 */
export async function chargerEtapeStructure(
  request: Request,
  context: AppLoadContext,
  demande: DemandeDetail | null,
): Promise<DonneesEtapeStructure> {
  return {
    vue: "etape1",
    etape: 1,
    id: demande?.id ?? null,
    demande,
    ...(await donneesEtape1(request, context, demande)),
  };
}

/**
 * Posts of step 1: `communes` re-renders the form with the communes of the
 * posted postal code (nothing saved); `enregistrer`/`suivant` check with
 * the shared schema, then create the request (POST /api/demande, `id`
 * null) or save step 1 (PUT …/step/1) and go to step 1 with a
 * notification, or to step 2. A refusal (schema or API) answers 422 with
 * the errors next to the fields and every value kept.
 */
export async function enregistrerEtapeStructure(
  request: Request,
  context: AppLoadContext,
  id: string | null,
) {
  const formData = await request.formData();
  const intent = formData.get("intent");
  const codePostal = String(formData.get("codePostal") ?? "").trim();
  const communes = await communesDuCodePostal(request, context, codePostal);
  const resultat = (lastResult: SubmissionResult<string[]>): ResultatEtapeStructure => ({
    vue: "etape1",
    cle: crypto.randomUUID(),
    lastResult,
    communes,
  });

  if (intent === INTENT_COMMUNES_CODE_POSTAL) {
    const submission = parseWithZod(formData, { schema: schemaRecherche });
    const erreur = !/^\d{5}$/.test(codePostal)
      ? MESSAGES.codePostal
      : communes.length === 0
        ? "Aucune commune ne correspond à ce code postal."
        : null;
    return data(
      resultat(submission.reply(erreur ? { fieldErrors: { codePostal: [erreur] } } : {})),
    );
  }

  const submission = parseWithZod(formData, { schema: schemaEtape1() });
  if (submission.status !== "success") return data(resultat(submission.reply()), { status: 422 });
  let demande: DemandeDetail;
  try {
    demande = id
      ? await callEndpoint(request, context, enregistrerEtape1, {
          params: { id },
          body: submission.value,
        })
      : await callEndpoint(request, context, creerDemande, { body: submission.value });
  } catch (error) {
    return data(resultat(submission.reply(erreursDeApi(error))), { status: 422 });
  }
  if (intent === "suivant") return redirect(FORMULAIRE_DEMANDE.url(demande.id, 2));
  return redirectWithToast(FORMULAIRE_DEMANDE.url(demande.id, 1), toastBrouillon(1), {
    request,
    context,
  });
}
