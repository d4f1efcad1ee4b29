/**
 * Server side of step 1 "Périmètre d'intervention à ajouter" of the
 * extension form (spec §5 Perimeter; contract:
 * ENREGISTRER_BROUILLON `etape=1` on POST /api/changement-notable/{id}/action,
 * creation by CREER_EXTENSION_PERIMETRE on POST /api/agrement/{id}/action).
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { redirect, type AppLoadContext } from "@remix-run/node";
import { MESSAGES_EXTENSION, schemaEtapeExtension1 } from "#contract/schemas/changement-notable";
import type { DemandeDetail } from "#contract/schemas/demande";
import type { Departement } from "#contract/schemas/geographie";
import {
  callEndpoint,
  executerAction,
  executerActionAgrement,
  listerRegions,
} from "~/.server/api-client.server";
import { refusApi } from "~/.server/refus-api.server";
import { redirectWithToast } from "~/.server/toast.server";
import {
  chargerDepartements,
  erreursDeApi,
} from "~/components/demande/formulaire/formulaire.server";
import type { ChoixPerimetre, RecherchePerimetre } from "~/components/demande/formulaire/perimetre";
import { schemaRecherche } from "~/components/demande/formulaire/schema-recherche";
import {
  perimetreDuPost,
  recherchePostee,
  reponsePerimetre,
} from "~/components/dossier/perimetre-etape.server";
import { t } from "~/i18n";
import type { DonneesEtapePerimetre, ResultatEtapePerimetre } from "./etape-perimetre";
import { FORMULAIRE_EXTENSION, extensionDe } from "./extension";
import {
  ACTION_CREER_EXTENSION,
  agrementDuDemandeur,
  exigerDrapeauExtension,
  perimetreCouvert,
} from "./extension.server";

/** Names of the saved EPCI and communes (the detail's `libelles`, else the codes). */
function nomsEnregistres(
  demande: DemandeDetail | null,
  codes: { epcis: string[]; communes: string[] },
): DonneesEtapePerimetre["noms"] {
  const nom = (liste: { code: string; nom: string }[] | undefined, code: string) =>
    liste?.find((item) => item.code === code)?.nom ?? code;
  return {
    epcis: codes.epcis.map((code) => ({ code, nom: nom(demande?.libelles?.epcis, code) })),
    communes: codes.communes.map((code) => ({ code, nom: nom(demande?.libelles?.communes, code) })),
  };
}

/**
 * Step 1 of an extension (or of a new one, `demande` null): régions,
 * départements, the approval's covered territories and the saved perimeter.
 */
export async function chargerEtapePerimetre(
  request: Request,
  context: AppLoadContext,
  demande: DemandeDetail | null,
): Promise<DonneesEtapePerimetre> {
  const [regions, departements, agrement] = await Promise.all([
    callEndpoint(request, context, listerRegions),
    chargerDepartements(request, context),
    agrementDuDemandeur(request, context),
  ]);
  const perimetre = demande ? extensionDe(demande).perimetre : undefined;
  const choix: ChoixPerimetre = {
    regions: [...(perimetre?.regions ?? [])],
    departements: [...(perimetre?.departements ?? [])],
    epcis: [...(perimetre?.epcis ?? [])],
    communes: [...(perimetre?.communes ?? [])],
  };
  return {
    vue: "etape1",
    etape: 1,
    id: demande?.id ?? null,
    regions,
    departements,
    couverts: perimetreCouvert(agrement),
    choix,
    precisions: perimetre?.precisions ?? "",
    noms: nomsEnregistres(demande, choix),
  };
}

/**
 * The errors of the fields of `choix` that name a zone the approval already
 * covers (`couverts`): a région of its perimeter, or a département of its
 * perimeter or of one of its régions. Empty when there is none.
 */
function zonesDejaCouvertes(
  choix: ChoixPerimetre,
  couverts: { regions: string[]; departements: string[] },
  departements: readonly Departement[],
): Record<string, string[]> {
  const regionsCouvertes = new Set(couverts.regions);
  const fieldErrors: Record<string, string[]> = {};
  if (choix.regions.some((code) => regionsCouvertes.has(code)))
    fieldErrors.regions = [MESSAGES_EXTENSION.regionDejaCouverte];
  if (
    choix.departements.some(
      (code) =>
        couverts.departements.includes(code) ||
        regionsCouvertes.has(departements.find((d) => d.code === code)?.codeRegion ?? ""),
    )
  )
    fieldErrors.departements = [MESSAGES_EXTENSION.departementDejaCouvert];
  return fieldErrors;
}

/** The toast of "Enregistrer" (spec §8 ENREGISTRER_BROUILLON of a notable change). */
export function toastBrouillonExtension() {
  return {
    type: "success" as const,
    titre: t("notification.titre.success"),
    description: t("notification.action.success.changement-notable.ENREGISTRER_BROUILLON"),
  };
}

/**
 * `POST /api/agrement/{agrementId}/action` CREER_EXTENSION_PERIMETRE:
 * the new extension's id (201 `{ id }`), or the API's reason (403).
 */
async function creerExtension(
  request: Request,
  context: AppLoadContext,
  agrementId: string,
): Promise<{ id: string } | { raison: string }> {
  try {
    const cree = (await callEndpoint(request, context, executerActionAgrement, {
      params: { id: agrementId },
      encodedBody: new URLSearchParams({ action: ACTION_CREER_EXTENSION }),
    })) as unknown as { id: string };
    return { id: cree.id };
  } catch (error) {
    const refus = refusApi(error, [403, 409, 422]);
    return { raison: refus.message || "La demande d'extension n'a pas pu être créée." };
  }
}

/**
 * Posts of step 1. `epcis`/`communes` run the search and re-render every
 * posted value (nothing saved). `enregistrer`/`suivant` check the shared
 * schema ("Le périmètre d'intervention est requis") and that no région or
 * département posted is already in the approval's perimeter (a forged
 * form: 422 on the field, nothing created nor saved); then, without `id`,
 * create the extension (flag on, CREER_EXTENSION_PERIMETRE), save the step
 * (ENREGISTRER_BROUILLON `etape=1`) and go to step 1 with a notification,
 * or to step 2. A refusal answers 422 with every value kept.
 */
export async function enregistrerEtapePerimetre(
  request: Request,
  context: AppLoadContext,
  id: string | null,
) {
  if (!id) await exigerDrapeauExtension(request, context);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const [departements, agrement] = await Promise.all([
    chargerDepartements(request, context),
    agrementDuDemandeur(request, context),
  ]);
  const poste = perimetreDuPost(formData, departements);
  const { choix } = poste;
  const reponse = (
    lastResult: SubmissionResult<string[]>,
    recherche: RecherchePerimetre | null,
    status = 422,
    idCree: string | null = null,
  ) =>
    reponsePerimetre<ResultatEtapePerimetre>(
      { vue: "etape1", id: idCree ?? id, lastResult, ...poste, recherche },
      status,
    );

  const recherche = await recherchePostee(request, context, formData, departements, choix);
  if (recherche)
    return reponse(parseWithZod(formData, { schema: schemaRecherche }).reply(), recherche, 200);

  const submission = parseWithZod(formData, { schema: schemaEtapeExtension1 });
  if (submission.status !== "success") return reponse(submission.reply(), null);

  // The API refuses them too; checked here first so that a forged form creates nothing.
  const fieldErrors = zonesDejaCouvertes(choix, perimetreCouvert(agrement), departements);
  if (Object.keys(fieldErrors).length) return reponse(submission.reply({ fieldErrors }), null);

  let cible = id;
  if (!cible) {
    if (!agrement)
      return reponse(submission.reply({ formErrors: ["Aucun agrément en cours."] }), null, 403);
    const creation = await creerExtension(request, context, agrement.id);
    if ("raison" in creation)
      return reponse(submission.reply({ formErrors: [creation.raison] }), null, 403);
    cible = creation.id;
  }
  const corps = new URLSearchParams({ action: "ENREGISTRER_BROUILLON", etape: "1" });
  for (const nom of ["regions", "epcis", "communes"] as const)
    for (const code of choix[nom]) corps.append(`${nom}[]`, code);
  for (const code of choix.departements) corps.append("departements[]", code);
  if (submission.value.precisions) corps.set("precisions", submission.value.precisions);
  try {
    await callEndpoint(request, context, executerAction, {
      params: { kind: "changement-notable", id: cible },
      encodedBody: corps,
    });
  } catch (error) {
    return reponse(submission.reply(erreursDeApi(error)), null, 422, cible);
  }
  if (intent === "suivant") return redirect(FORMULAIRE_EXTENSION.url(cible, 2));
  return redirectWithToast(FORMULAIRE_EXTENSION.url(cible, 1), toastBrouillonExtension(), {
    request,
    context,
  });
}
