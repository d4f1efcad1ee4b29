/**
 * Server side of an establishment's page (`/referencement/:siret`, spec §2
 * "detail by SIRET", §7 Establishments): the establishment of the URL, and
 * the posts of its perimeter form (a search, or the update).
 */
import { parseWithZod } from "@conform-to/zod";
import { data, type AppLoadContext } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import {
  schemaPerimetreEtablissement,
  type EtablissementDetail,
} from "#contract/schemas/etablissement";
import { callEndpoint } from "~/.server/api-client.server";
import { redirectWithToast } from "~/.server/toast.server";
import { erreursDeApi, pageNonTrouvee } from "~/components/demande/formulaire/formulaire.server";
import { schemaRecherche } from "~/components/demande/formulaire/schema-recherche";
import { t } from "~/i18n";
import { lireEtablissementAgrement, modifierPerimetreEtablissement } from "./api.server";
import type { ResultatPerimetre } from "./modification-perimetre";
import {
  INTENT_RECHERCHE_EPCIS,
  type RecherchePerimetreEtablissement,
} from "./perimetre-etablissement";
import {
  exigerAgrementReferencement,
  perimetrePoste,
  rechercherCommunesDansAgrement,
  rechercherEpcisDansAgrement,
} from "./referencement.server";

/**
 * Takes the URL's SIRET; returns the applicant's approval (guard of
 * {@link exigerAgrementReferencement}) and the establishment of that SIRET
 * under it (`GET /api/agrement/{id}/etablissement/{siret}`), or throws the
 * 404 page for a malformed or unknown SIRET, or another company's.
 */
export async function chargerEtablissement(
  request: Request,
  context: AppLoadContext,
  siret: string | undefined,
) {
  const agrement = await exigerAgrementReferencement(request, context);
  if (!siret || !/^\d{14}$/.test(siret)) throw pageNonTrouvee();
  const etablissement = await callEndpoint(request, context, lireEtablissementAgrement, {
    params: { id: agrement.id, etablissementId: siret },
  });
  return { agrement, etablissement };
}

/** The answer of a post that did not update: a new `cle` (the form is remounted), the form as posted. */
function reponsePerimetre(
  formData: FormData,
  lastResult: SubmissionResult<string[]>,
  recherche: RecherchePerimetreEtablissement | null,
  status: number,
) {
  const choix = perimetrePoste(formData);
  return data(
    { cle: crypto.randomUUID(), lastResult, choix, recherche } satisfies ResultatPerimetre,
    { status },
  );
}

/**
 * The EPCI or commune search of a "Rechercher" post (intent
 * {@link INTENT_RECHERCHE_EPCIS} or the communes'), among those of the
 * approval `agrementId`, for the referencing form and the perimeter update.
 */
export async function recherchePerimetre(
  request: Request,
  context: AppLoadContext,
  agrementId: string,
  formData: FormData,
): Promise<RecherchePerimetreEtablissement> {
  const epcis = formData.get("intent") === INTENT_RECHERCHE_EPCIS;
  const rechercher = epcis ? rechercherEpcisDansAgrement : rechercherCommunesDansAgrement;
  const terme = String(formData.get(epcis ? "rechercheEpci" : "rechercheCommune") ?? "");
  return {
    type: epcis ? "epcis" : "communes",
    resultat: await rechercher(request, context, agrementId, terme),
  };
}

/**
 * Intents `rechercheEpcis` / `rechercheCommunes`: the EPCI or communes of
 * the approval `agrementId` matching the posted search, nothing saved
 * (200, every box kept).
 */
export async function rechercherDansPerimetre(
  request: Request,
  context: AppLoadContext,
  agrementId: string,
  formData: FormData,
) {
  const recherche = await recherchePerimetre(request, context, agrementId, formData);
  const lastResult = parseWithZod(formData, { schema: schemaRecherche }).reply();
  return reponsePerimetre(formData, lastResult, recherche, 200);
}

/**
 * The update: the shared schema, then POST
 * /api/etablissement/{id}/update-perimetre, and the establishment's page
 * with "Le périmètre a bien été mis à jour." (spec §8). A refusal (empty
 * perimeter, outside the approval: 422 on the fields; suspended approval,
 * dereferenced establishment: the form's error) answers 422, every box kept.
 */
export async function modifierPerimetreSaisi(
  request: Request,
  context: AppLoadContext,
  etablissement: Pick<EtablissementDetail, "id" | "siret">,
  formData: FormData,
) {
  const submission = parseWithZod(formData, { schema: schemaPerimetreEtablissement });
  if (submission.status !== "success") {
    return reponsePerimetre(formData, submission.reply(), null, 422);
  }
  try {
    await callEndpoint(request, context, modifierPerimetreEtablissement, {
      params: { id: etablissement.id },
      body: submission.value,
    });
  } catch (error) {
    return reponsePerimetre(formData, submission.reply(erreursDeApi(error)), null, 422);
  }
  return redirectWithToast(
    `/referencement/${etablissement.siret}`,
    {
      type: "success",
      titre: t("notification.titre.success"),
      description: t("notification.success.perimetreModifie"),
    },
    { request, context },
  );
}
