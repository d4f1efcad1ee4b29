/**
 * Server side of step 3 "Pièces justificatives" of the extension form
 * (issue 14 item 1; POST and DELETE /api/changement-notable/{id}/pj, the
 * rubrics of the extension's procedure), as step 3 of the approval request.
 */
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import type { DemandeDetail } from "#contract/schemas/demande";
import { ApiError } from "~/.server/api.server";
import {
  ajouterPiecesJointes,
  callEndpoint,
  supprimerPieceJointe,
} from "~/.server/api-client.server";
import { redirectWithToast } from "~/.server/toast.server";
import {
  UUID,
  erreursDeApi,
  pageNonTrouvee,
} from "~/components/demande/formulaire/formulaire.server";
import {
  ENTETE_TELEVERSEMENT,
  INTENT_SUPPRIMER,
} from "~/components/demande/formulaire/rubrique-pieces-jointes";
import { t } from "~/i18n";
import type { DonneesEtapePieces, ResultatEtapePieces } from "./etape-pieces";
import { urlEtapeExtension, urlRecapitulatifChangement } from "./extension";
import { toastBrouillonExtension } from "./etape-perimetre.server";
import { procedureChangement } from "./extension.server";

/** Step 3 of an extension: its procedure (rubrics, files, limits). */
export async function chargerEtapePieces(
  request: Request,
  context: AppLoadContext,
  demande: DemandeDetail,
): Promise<DonneesEtapePieces> {
  return {
    vue: "etape3",
    etape: 3,
    id: demande.id,
    procedure: await procedureChangement(request, context, demande.id),
  };
}

/**
 * Forwards the multipart body to POST /api/changement-notable/{id}/pj as it
 * streams in. Returns the number of files added, or the API's messages.
 */
async function televerser(
  request: Request,
  context: AppLoadContext,
  id: string,
): Promise<{ ajoutes: number; erreurs: string[] }> {
  try {
    const ajoutes = await callEndpoint(request, context, ajouterPiecesJointes, {
      params: { kind: "changement-notable", id },
      forward: { body: request.body, contentType: request.headers.get("Content-Type") ?? "" },
    });
    return { ajoutes: ajoutes.length, erreurs: [] };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 422 || error.status === 409)) {
      const body = (error.body ?? {}) as { errors?: { fichier?: unknown } };
      const fichier = body.errors?.fichier;
      const erreurs = Array.isArray(fichier) ? fichier.map(String) : [];
      return { ajoutes: 0, erreurs: erreurs.length ? erreurs : [error.message] };
    }
    throw error;
  }
}

/**
 * Posts of step 3: a multipart post is an upload (the rubric in the URL),
 * a refusal re-renders with the messages next to that rubric (422);
 * `supprimer` deletes a file (a refusal above the rubrics, 409);
 * `enregistrer` confirms with a notification; `suivant` goes to the recap.
 */
export async function enregistrerEtapePieces(
  request: Request,
  context: AppLoadContext,
  id: string,
  rubrique: string,
) {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (contentType.startsWith("multipart/form-data")) {
    const { ajoutes, erreurs } = await televerser(request, context, id);
    const resultat: ResultatEtapePieces = {
      vue: "etape3",
      cle: crypto.randomUUID(),
      rubrique,
      erreurs,
    };
    if (erreurs.length) return data(resultat, { status: 422 });
    if (request.headers.get(ENTETE_TELEVERSEMENT)) return data(resultat);
    return redirectWithToast(
      `${urlEtapeExtension(id, 3)}#pj-${encodeURIComponent(rubrique)}`,
      {
        type: "success",
        titre: t("notification.titre.success"),
        description:
          ajoutes > 1
            ? `${ajoutes} fichiers ont bien été ajoutés.`
            : t("notification.success.pieceJointeAjoutee"),
      },
      { request, context },
    );
  }
  const formData = await request.formData();
  const intent = formData.get("intent");
  if (intent === INTENT_SUPPRIMER) {
    const fileId = String(formData.get("fileId") ?? "");
    if (!UUID.test(fileId)) throw pageNonTrouvee();
    try {
      await callEndpoint(request, context, supprimerPieceJointe, {
        params: { kind: "changement-notable", id, fileId },
      });
    } catch (error) {
      const { formErrors, fieldErrors } = erreursDeApi(error);
      const resultat: ResultatEtapePieces = {
        vue: "etape3",
        cle: crypto.randomUUID(),
        rubrique: "",
        erreurs: [],
        erreur: [...formErrors, ...Object.values(fieldErrors).flat()],
      };
      return data(resultat, { status: 409 });
    }
    const ancre = String(formData.get("rubrique") ?? "");
    return redirectWithToast(
      `${urlEtapeExtension(id, 3)}${ancre ? `#pj-${encodeURIComponent(ancre)}` : ""}`,
      {
        type: "success",
        titre: t("notification.titre.success"),
        description: t("notification.success.pieceJointeSupprimee"),
      },
      { request, context },
    );
  }
  if (intent === "suivant") return redirect(urlRecapitulatifChangement(id));
  return redirectWithToast(urlEtapeExtension(id, 3), toastBrouillonExtension(), {
    request,
    context,
  });
}
