/**
 * Server side of step 3 "Pièces justificatives" of either type of case
 * file (spec §3 rubrics, §5 Attachments, §7 POST and DELETE
 * /api/{type}/{id}/pj; ADR 0044).
 */
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import type { TypeDossier } from "#contract/etats";
import {
  ajouterPiecesJointes,
  callEndpoint,
  supprimerPieceJointe,
} from "~/.server/api-client.server";
import { refusApi } from "~/.server/refus-api.server";
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
import type { DonneesEtapePieces, ResultatEtapePieces } from "~/components/dossier/etape-pieces";
import { DESCRIPTIONS_DOSSIER } from "~/components/dossier/types-dossier";
import { PROCEDURES } from "~/components/dossier/types-dossier.server";
import { t } from "~/i18n";

/** Step 3 of a file: its type's procedure (rubrics, files, limits). */
export async function chargerEtapePieces(
  request: Request,
  context: AppLoadContext,
  type: TypeDossier,
  id: string,
): Promise<DonneesEtapePieces> {
  return { vue: "etape3", etape: 3, id, procedure: await PROCEDURES[type](request, context, id) };
}

/**
 * Forwards the multipart body to POST /api/{type}/{id}/pj as it streams in.
 * Returns the number of files added, or the API's messages (422, 409).
 */
async function televerser(
  request: Request,
  context: AppLoadContext,
  type: TypeDossier,
  id: string,
): Promise<{ ajoutes: number; erreurs: string[] }> {
  try {
    const ajoutes = await callEndpoint(request, context, ajouterPiecesJointes, {
      params: { kind: type, id },
      forward: { body: request.body, contentType: request.headers.get("Content-Type") ?? "" },
    });
    return { ajoutes: ajoutes.length, erreurs: [] };
  } catch (error) {
    const refus = refusApi(error, [409, 422]);
    const body = (refus.body ?? {}) as { errors?: { fichier?: unknown } };
    const fichier = body.errors?.fichier;
    const erreurs = Array.isArray(fichier) ? fichier.map(String) : [];
    return { ajoutes: 0, erreurs: erreurs.length ? erreurs : [refus.message] };
  }
}

/**
 * Posts of step 3: a multipart post is an upload, streamed to POST …/pj
 * (the rubric is in the URL); a refused upload re-renders with the API's
 * messages next to that rubric (422). `supprimer` deletes a file (DELETE
 * …/pj/{fileId}; a refusal, 409, above the rubrics); `enregistrer`
 * confirms with a notification; `suivant` goes on (the type's
 * `urlApresPieces`).
 */
export async function enregistrerEtapePieces(
  request: Request,
  context: AppLoadContext,
  type: TypeDossier,
  id: string,
  rubrique: string,
) {
  const description = DESCRIPTIONS_DOSSIER[type];
  const urlEtape3 = description.formulaire.url(id, 3);
  const succes = (texte: string) => ({
    type: "success" as const,
    titre: t("notification.titre.success"),
    description: texte,
  });
  const contentType = request.headers.get("Content-Type") ?? "";
  if (contentType.startsWith("multipart/form-data")) {
    const { ajoutes, erreurs } = await televerser(request, context, type, id);
    const resultat: ResultatEtapePieces = {
      vue: "etape3",
      cle: crypto.randomUUID(),
      rubrique,
      erreurs,
    };
    if (erreurs.length) return data(resultat, { status: 422 });
    // The upload script reloads the page's data itself: no redirect, no toast to lose.
    if (request.headers.get(ENTETE_TELEVERSEMENT)) return data(resultat);
    return redirectWithToast(
      `${urlEtape3}#pj-${encodeURIComponent(rubrique)}`,
      succes(
        ajoutes > 1
          ? `${ajoutes} fichiers ont bien été ajoutés.`
          : t("notification.success.pieceJointeAjoutee"),
      ),
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
        params: { kind: type, id, fileId },
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
      `${urlEtape3}${ancre ? `#pj-${encodeURIComponent(ancre)}` : ""}`,
      succes(t("notification.success.pieceJointeSupprimee")),
      { request, context },
    );
  }
  if (intent === "suivant") return redirect(description.urlApresPieces(id));
  return redirectWithToast(
    urlEtape3,
    succes(t(`notification.action.success.${type}.ENREGISTRER_BROUILLON`)),
    { request, context },
  );
}
