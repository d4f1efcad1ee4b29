/**
 * The applicant's completeness page and its upload endpoint (spec §2
 * `/demande/demande/completude/{id}`, `/changement-notable/completude/{id}`;
 * §4 DONNER_COMPLEMENT), written once for both types of case file
 * (ADR 0044); the route modules give the type.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { TypeDossier } from "#contract/etats";
import { aujourdhuiParis } from "#contract/validation";
import { callEndpoint, lireDemande } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import { commitSession, getSession } from "~/.server/session.server";
import { redirectWithToast } from "~/.server/toast.server";
import { BREADCRUMB_PARENTS_KEY } from "~/components/breadcrumb-segments";
import { actionDisponible } from "~/components/demande/carte-demande";
import {
  demandeDePiecesEnCours,
  echeanceDepassee,
  limitesComplement,
} from "~/components/demande/complement/complement";
import {
  toastComplement,
  transmettreComplement,
  urlConfirmationComplement,
} from "~/components/demande/complement/complement.server";
import type { ReponseEnvoiComplement } from "~/components/demande/complement/formulaire-complement";
import { idDe, resumeDossier } from "~/components/demande/formulaire/formulaire.server";
import { DESCRIPTIONS_DOSSIER } from "~/components/dossier/types-dossier";
import { PROCEDURES } from "~/components/dossier/types-dossier.server";

/**
 * Loader, applicants only: the file (`GET /api/{type}/{id}`, 404 when
 * unknown or another company's), whether DONNER_COMPLEMENT is available
 * now, what the instructor asked (the pending completeness or complement
 * request: reason, date, deadline, passed or not) and, when an answer is
 * awaited, the upload limits of the type's procedure. Returns the type
 * with it, for the page.
 */
export async function chargerCompletude(
  { request, context, params }: LoaderFunctionArgs,
  type: TypeDossier,
) {
  await requireRole(request, context, "demandeur");
  const id = idDe(params);
  const demande = await callEndpoint(request, context, lireDemande, {
    params: { kind: type, id },
  });
  const disponible = actionDisponible(demande, "DONNER_COMPLEMENT");
  const info = demandeDePiecesEnCours(demande.infosComplementaires);
  const dateEcheance = info?.dateEcheance ?? demande.dateEcheance;
  return {
    type,
    demande: resumeDossier(demande),
    disponible,
    raison: info?.raison ?? null,
    dateDemande: info?.date ?? null,
    dateEcheance,
    delaiDepasse:
      Boolean(info?.delaiDepasse) ||
      demande.etatNormalise === "complement_demande_completude_delai_depasse" ||
      echeanceDepassee(dateEcheance, aujourdhuiParis()),
    limites: disponible ? limitesComplement(await PROCEDURES[type](request, context, id)) : null,
    [BREADCRUMB_PARENTS_KEY]: DESCRIPTIONS_DOSSIER[type].espace.parents,
  };
}

/** Both actions' work: an applicant's answer for the file of the URL, sent to the API. */
async function transmettre(
  { request, context, params }: Pick<ActionFunctionArgs, "request" | "context" | "params">,
  type: TypeDossier,
) {
  await requireRole(request, context, "demandeur");
  const id = idDe(params);
  return { id, resultat: await transmettreComplement(request, context, id, type) };
}

/**
 * The page's action: sends the answer posted by the plain form (see
 * `transmettreComplement`). A refusal gives the page again with the French
 * messages next to the fields and the comment kept (422), or with the
 * current state and the message (409 changed meanwhile, 403 no longer
 * awaited); success → the confirmation page with
 * `actionType=DONNER_COMPLEMENT` and a notification. With JavaScript the
 * form posts to the upload endpoint instead ({@link envoyerCompletudeEnJson}).
 */
export async function envoyerCompletude(
  { request, context, params }: ActionFunctionArgs,
  type: TypeDossier,
) {
  const { id, resultat } = await transmettre({ request, context, params }, type);
  if (!resultat.ok) return data({ lastResult: resultat.lastResult }, { status: resultat.status });
  return redirectWithToast(urlConfirmationComplement(id, type), toastComplement(type), {
    request,
    context,
  });
}

/** The upload endpoint shows nothing: its loader sends the browser to the completeness page. */
export function versLaPageDeCompletude({ params }: LoaderFunctionArgs, type: TypeDossier) {
  return redirect(DESCRIPTIONS_DOSSIER[type].urlCompletude(params.id ?? ""));
}

/**
 * `POST …/completude/{id}/envoi`: where the completeness form's script
 * sends the answer with XMLHttpRequest, to show upload progress (DESIGN
 * §6). Same work as the page's action, answered as JSON
 * ({@link ReponseEnvoiComplement}): the confirmation page to go to, with
 * the notification flashed for it — a resource route renders no layout, so
 * nothing consumes the notification before that page — or the refusal's
 * messages by field, with the refusal's status.
 */
export async function envoyerCompletudeEnJson(
  { request, context, params }: ActionFunctionArgs,
  type: TypeDossier,
) {
  const { id, resultat } = await transmettre({ request, context, params }, type);
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
  session.flash("toast", { id: crypto.randomUUID(), ...toastComplement(type) });
  const reponse: ReponseEnvoiComplement = {
    redirection: urlConfirmationComplement(id, type),
    erreursFichier: null,
    erreur: null,
  };
  return Response.json(reponse, {
    headers: { "Set-Cookie": await commitSession(session, context) },
  });
}
