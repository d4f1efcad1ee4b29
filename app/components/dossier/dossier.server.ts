/**
 * Server side of the staff file pages (`/dossier/{kind}/{id}` and its
 * action pages): loading a file, posting to the API as form data or
 * multipart, and turning the API's refusals into notifications (spec §7
 * Requests, §8 error catalogue).
 */
import type { AppLoadContext } from "@remix-run/node";
import type { TypeDossier } from "#contract/etats";
import type { DemandeDetail } from "#contract/schemas/demande";
import type { ApiError } from "~/.server/api.server";
import { callEndpoint, lireDemande } from "~/.server/api-client.server";
import type { Toast } from "~/.server/context";
import { refusApi, refusClient, refusDuFormulaire } from "~/.server/refus-api.server";
import { redirectWithToast } from "~/.server/toast.server";
import { t } from "~/i18n";
import { lireTypeDossier } from "./actions";

/** The 404 the root error boundary shows as "Page non trouvée". */
export function pageNonTrouvee(): Response {
  return new Response("Page non trouvée", { status: 404 });
}

/** The file kind and id of the URL, or a 404 (thrown) for an unknown kind or a missing id. */
export function cibleDossier(params: Record<string, string | undefined>): {
  kind: TypeDossier;
  id: string;
} {
  const kind = lireTypeDossier(params.kind);
  if (!kind || !params.id) throw pageNonTrouvee();
  return { kind, id: params.id };
}

/** GET /api/{kind}/{id} → DemandeDetail; a file this user may not see throws the 404 page. */
export function chargerDossier(
  request: Request,
  context: AppLoadContext,
  kind: TypeDossier,
  id: string,
): Promise<DemandeDetail> {
  return callEndpoint(request, context, lireDemande, { params: { kind, id } });
}

/**
 * A non-empty file of a posted form, or null: without JavaScript an empty
 * file input still posts a part with no name and no bytes.
 */
export function fichierPoste(formData: FormData, nom: string): File | null {
  const valeur = formData.get(nom);
  return valeur !== null && typeof valeur !== "string" && valeur.size > 0 && valeur.name
    ? valeur
    : null;
}

/**
 * The body of a POST to the API as a browser would send it: form data
 * (urlencoded) when there is no file, multipart otherwise. `undefined`
 * and empty values are skipped; a list goes as repeated `key[]` (spec §7).
 */
export function corpsFormulaire(
  champs: Record<string, unknown>,
  fichiers: Record<string, File | null> = {},
): URLSearchParams | FormData {
  const vide = (valeur: unknown) => valeur === undefined || valeur === null || valeur === "";
  const valeurs = Object.entries(champs).flatMap(([nom, valeur]): [string, string][] =>
    Array.isArray(valeur)
      ? valeur.filter((element) => !vide(element)).map((element) => [`${nom}[]`, String(element)])
      : vide(valeur)
        ? []
        : [[nom, String(valeur)]],
  );
  const joints = Object.entries(fichiers).filter((entree): entree is [string, File] =>
    Boolean(entree[1]),
  );
  if (joints.length === 0) return new URLSearchParams(valeurs);
  const corps = new FormData();
  for (const [nom, valeur] of valeurs) corps.append(nom, valeur);
  for (const [nom, fichier] of joints) corps.append(nom, fichier, fichier.name);
  return corps;
}

/**
 * The error notification of a refused call (403, 409 and other 4xx): the
 * catalogue's title for the status and the API's French message (spec §8),
 * or the generic conflict sentence for a 409 without one.
 */
export function toastErreur(error: ApiError): Omit<Toast, "id"> {
  const titres: Record<number, string> = {
    403: t("notification.error.titre.403"),
    409: t("notification.error.titre.409"),
    422: t("notification.error.titre.422"),
  };
  return {
    type: "error",
    titre: titres[error.status] ?? t("notification.error.titre.defaut"),
    description:
      error.message || (error.status === 409 ? t("notification.error.conflit") : undefined),
  };
}

/**
 * Runs `envoyer`, the API call of a staff form (spec §7: its body as form
 * data or multipart, see `corpsFormulaire`). Resolves to null once the API accepted it (the
 * caller then redirects with its success notification); a 422 resolves to
 * the form's answer, `submission.reply()` with the API's field errors (or
 * its message as a form error) and status 422, so that everything typed is
 * kept; any other refusal below 500 throws the redirect to `retour` with an
 * error notification carrying the API's French message (403, 409 stale
 * version). Errors of 500 and above propagate to the error boundary.
 */
export async function envoyerFormulaire<Reply>(
  request: Request,
  context: AppLoadContext,
  envoyer: () => Promise<unknown>,
  options: {
    reply: (erreurs: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) => Reply;
    retour: string;
  },
) {
  try {
    await envoyer();
    return null;
  } catch (error) {
    const refus = refusApi(error, refusClient);
    if (refus.status !== 422)
      throw await redirectWithToast(options.retour, toastErreur(refus), { request, context });
    return refusDuFormulaire(refus, options, { message: t("erreur.autre.sousTitre") });
  }
}
