/**
 * Server side of step 2 "Effectifs sur le nouveau périmètre" of the
 * extension form (contract: ENREGISTRER_BROUILLON
 * `etape=2`, `nb_etp_perimetre`, `nb_etp_accomp_perimetre`).
 */
import { parseWithZod } from "@conform-to/zod";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { schemaEtapeExtension2 } from "#contract/schemas/changement-notable";
import type { DemandeDetail } from "#contract/schemas/demande";
import { callEndpoint, executerAction } from "~/.server/api-client.server";
import { redirectWithToast } from "~/.server/toast.server";
import { erreursDeApi } from "~/components/demande/formulaire/formulaire.server";
import {
  valeursEffectifs,
  type DonneesEtapeEffectifs,
  type ResultatEtapeEffectifs,
} from "./etape-effectifs";
import { toastBrouillonExtension } from "./etape-perimetre.server";
import { FORMULAIRE_EXTENSION, extensionDe } from "./extension";

/** Step 2 of an extension: the saved figures. */
export function chargerEtapeEffectifs(demande: DemandeDetail): DonneesEtapeEffectifs {
  return {
    vue: "etape2",
    etape: 2,
    id: demande.id,
    valeurs: valeursEffectifs(extensionDe(demande).effectifs),
  };
}

/**
 * Posts of step 2: checked with the shared schema, then saved as typed
 * (the API reads "7,5" itself) with ENREGISTRER_BROUILLON `etape=2`;
 * `suivant` goes to step 3, `enregistrer` stays with a notification. A
 * refusal (schema or API 422) answers 422 with the typed values kept.
 */
export async function enregistrerEtapeEffectifs(
  request: Request,
  context: AppLoadContext,
  id: string,
) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: schemaEtapeExtension2 });
  const refus = (lastResult: ResultatEtapeEffectifs["lastResult"]) =>
    data({ vue: "etape2", cle: crypto.randomUUID(), lastResult } satisfies ResultatEtapeEffectifs, {
      status: 422,
    });
  if (submission.status !== "success") return refus(submission.reply());
  try {
    await callEndpoint(request, context, executerAction, {
      params: { kind: "changement-notable", id },
      encodedBody: new URLSearchParams({
        action: "ENREGISTRER_BROUILLON",
        etape: "2",
        nb_etp_perimetre: String(formData.get("nb_etp_perimetre") ?? ""),
        nb_etp_accomp_perimetre: String(formData.get("nb_etp_accomp_perimetre") ?? ""),
      }),
    });
  } catch (error) {
    return refus(submission.reply(erreursDeApi(error)));
  }
  if (formData.get("intent") === "suivant") return redirect(FORMULAIRE_EXTENSION.url(id, 3));
  return redirectWithToast(FORMULAIRE_EXTENSION.url(id, 2), toastBrouillonExtension(), {
    request,
    context,
  });
}
