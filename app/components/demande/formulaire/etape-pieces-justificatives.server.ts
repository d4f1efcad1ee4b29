/**
 * Server side of step 3 "Pièces justificatives" of `/demande/formulaire`
 * (spec §3 rubrics, §5 Attachments, §7 POST and DELETE
 * /api/demande/{id}/pj).
 */
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import type { DemandeDetail } from "#contract/schemas/demande";
import { callEndpoint, supprimerPieceJointe } from "~/.server/api-client.server";
import { redirectWithToast } from "~/.server/toast.server";
import { t } from "~/i18n";
import type {
  DonneesEtapePiecesJustificatives,
  ResultatEtapePiecesJustificatives,
} from "./etape-pieces-justificatives";
import { UUID, erreursDeApi, pageNonTrouvee, procedureDe, televerser } from "./formulaire.server";
import { ENTETE_TELEVERSEMENT, INTENT_SUPPRIMER } from "./rubrique-pieces-jointes";
import { urlEtape } from "./stepper";

/** Step 3 of a request: its procedure (rubrics, files, limits). */
export async function chargerEtapePiecesJustificatives(
  request: Request,
  context: AppLoadContext,
  demande: DemandeDetail,
): Promise<DonneesEtapePiecesJustificatives> {
  return {
    vue: "etape3",
    etape: 3,
    id: demande.id,
    demande,
    procedure: await procedureDe(request, context, demande.id),
  };
}

/**
 * Posts of step 3: a multipart post is an upload, streamed to POST …/pj
 * (the rubric is in the URL); a refused upload re-renders with the API's
 * messages next to that rubric (422). `supprimer` deletes a file (DELETE
 * …/pj/{fileId}; a refusal, 409, above the rubrics); `enregistrer`
 * confirms; `suivant` goes to the summary.
 */
export async function enregistrerEtapePiecesJustificatives(
  request: Request,
  context: AppLoadContext,
  id: string,
  rubrique: string,
) {
  const contentType = request.headers.get("Content-Type") ?? "";
  if (contentType.startsWith("multipart/form-data")) {
    const { ajoutes, erreurs } = await televerser(request, context, id);
    const resultat: ResultatEtapePiecesJustificatives = {
      vue: "etape3",
      cle: crypto.randomUUID(),
      rubrique,
      erreurs,
    };
    if (erreurs.length) return data(resultat, { status: 422 });
    // The upload script reloads the page's data itself: no redirect, no toast to lose.
    if (request.headers.get(ENTETE_TELEVERSEMENT)) return data(resultat);
    return redirectWithToast(
      `${urlEtape(id, 3)}#pj-${encodeURIComponent(rubrique)}`,
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
        params: { kind: "demande", id, fileId },
      });
    } catch (error) {
      const { formErrors, fieldErrors } = erreursDeApi(error);
      const resultat: ResultatEtapePiecesJustificatives = {
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
      `${urlEtape(id, 3)}${ancre ? `#pj-${encodeURIComponent(ancre)}` : ""}`,
      {
        type: "success",
        titre: t("notification.titre.success"),
        description: t("notification.success.pieceJointeSupprimee"),
      },
      { request, context },
    );
  }
  if (intent === "suivant") return redirect(urlEtape(id, 4));
  return redirectWithToast(
    urlEtape(id, 3),
    {
      type: "success",
      titre: t("notification.titre.success"),
      description: "Le brouillon de la demande a bien été enregistré.",
    },
    { request, context },
  );
}
