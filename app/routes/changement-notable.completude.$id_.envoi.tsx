import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireRole } from "~/.server/auth.server";
import { commitSession, getSession } from "~/.server/session.server";
import {
  toastComplement,
  transmettreComplement,
  urlConfirmationComplement,
} from "~/components/demande/complement/complement.server";
import type { ReponseEnvoiComplement } from "~/components/demande/complement/formulaire-complement";
import { urlCompletudeChangement } from "~/components/changement-notable/extension";
import { UUID, pageNonTrouvee } from "~/components/demande/formulaire/formulaire.server";

/** Nothing to show: the completeness page is one level up. */
export async function loader({ params }: LoaderFunctionArgs) {
  return redirect(urlCompletudeChangement(params.id ?? ""));
}

/**
 * `POST /changement-notable/completude/{id}/envoi` (the twin of the
 * approval request's …/completude/{id}/envoi, kind changement-notable): where the completeness
 * form's script sends the answer with XMLHttpRequest, to show upload
 * progress (DESIGN §6). Same work as the page's action
 * (`transmettreComplement`), answered as JSON ({@link ReponseEnvoiComplement}):
 * the confirmation page to go to, with the notification flashed for it —
 * a resource route renders no layout, so nothing consumes the notification
 * before that page — or the refusal's messages by field.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireRole(request, context, "demandeur");
  const id = params.id ?? "";
  if (!UUID.test(id)) throw pageNonTrouvee();
  const resultat = await transmettreComplement(request, context, id, "changement-notable");
  if (!resultat.ok) {
    const erreurs = resultat.lastResult.error ?? {};
    const reponse: ReponseEnvoiComplement = {
      redirection: null,
      erreursFichier: erreurs.fichier?.length ? erreurs.fichier : null,
      erreur:
        [...(erreurs[""] ?? []), ...(erreurs.commentaire ?? [])].join(" ") ||
        (erreurs.fichier ? null : "Les fichiers n'ont pas pu être envoyés. Réessayez."),
    };
    return Response.json(reponse, { status: resultat.status });
  }
  const session = await getSession(request, context);
  session.flash("toast", { id: crypto.randomUUID(), ...toastComplement("changement-notable") });
  const reponse: ReponseEnvoiComplement = {
    redirection: urlConfirmationComplement(id, "changement-notable"),
    erreursFichier: null,
    erreur: null,
  };
  return Response.json(reponse, {
    headers: { "Set-Cookie": await commitSession(session, context) },
  });
}
