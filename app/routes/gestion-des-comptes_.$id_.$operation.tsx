import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Alert } from "@codegouvfr/react-dsfr/Alert";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { SCHEMAS_ACTION_COMPTE, type ActionGestionCompte } from "#contract/schemas/comptes";
import { callEndpoint, executerActionCompte, lireCompte } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import { refusApi, refusDuFormulaire } from "~/.server/refus-api.server";
import { redirectWithToast } from "~/.server/toast.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { ContentPage } from "~/components/content-page";
import {
  CHEMINS_ACTION_COMPTE,
  LIBELLES_ACTION_COMPTE,
} from "~/components/gestion-des-comptes/fiche-compte";
import { FormulaireActionCompte } from "~/components/gestion-des-comptes/formulaire-action-compte";
import { actionSuccessMessage, t } from "~/i18n";
import { pageTitle } from "~/utils/title";

/** The account action of a path segment (`representant`, `qualite`, …); 404 otherwise. */
function actionDe(operation: string | undefined): ActionGestionCompte {
  const trouvee = (Object.keys(CHEMINS_ACTION_COMPTE) as ActionGestionCompte[]).find(
    (action) => CHEMINS_ACTION_COMPTE[action] === operation,
  );
  if (!trouvee) throw new Response("Page non trouvée", { status: 404 });
  return trouvee;
}

/**
 * `/gestion-des-comptes/{id}/{representant|qualite|coordonnees|suppression}`
 * (admin_fonctionnel only; spec §4 Account actions, §5 Accounts): the
 * account (`GET /api/user/account/{id}`, 404 when unknown) and whether the
 * server lists this action for it now.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, "adminFonctionnel");
  const action = actionDe(params.operation);
  const compte = await callEndpoint(request, context, lireCompte, { params: { id: params.id! } });
  return {
    action,
    compte,
    disponible: compte.actionsDisponibles.some((disponible) => disponible.action === action),
    breadcrumb: LIBELLES_ACTION_COMPTE[action],
    breadcrumbParents: [
      { label: "Gestion des comptes", href: "/gestion-des-comptes" },
      {
        label: compte.raisonSociale ?? `${compte.firstName} ${compte.lastName}`,
        href: `/gestion-des-comptes/${compte.id}`,
      },
    ],
  };
}

/** The success notification of `action` (spec §8: account deleted, name, phone, quality updated). */
function messageSucces(
  action: ActionGestionCompte,
  modifie: { nom: boolean; telephone: boolean } | undefined,
): string {
  if (action === "MODIFIER_REFERENT_COMPTE" && modifie) {
    const messages = [
      modifie.nom ? t("notification.success.nomModifie") : null,
      modifie.telephone ? t("notification.success.telephoneModifie") : null,
    ].filter((message): message is string => message !== null);
    if (messages.length) return messages.join(" ");
  }
  return actionSuccessMessage("compte", action);
}

/**
 * Posts the action (Post/Redirect/Get): checks the form with the action's
 * schema of contract/schemas/comptes.ts (errors next to the fields, values
 * kept), then `POST /api/user/account/{id}/action` as form data. Success →
 * the account page (the list after a deletion) with its notification; 422
 * → the API's field errors; 403 (no longer available) → the account page
 * with an error notification.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireRole(request, context, "adminFonctionnel");
  const action = actionDe(params.operation);
  const id = params.id!;
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: SCHEMAS_ACTION_COMPTE[action] });
  if (submission.status !== "success")
    return data({ lastResult: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
  const champs = Object.fromEntries(
    Object.entries(submission.value).map(([nom, valeur]) => [
      nom,
      typeof valeur === "boolean" ? (valeur ? "on" : "") : String(valeur),
    ]),
  );
  let resultat;
  try {
    resultat = await callEndpoint(request, context, executerActionCompte, {
      params: { id },
      body: { action, ...champs },
      format: "form",
    });
  } catch (error) {
    const refus = refusApi(error, [403, 422]);
    if (refus.status === 403)
      return redirectWithToast(
        `/gestion-des-comptes/${id}`,
        {
          type: "error",
          titre: t("notification.error.titre.403"),
          description: refus.message || "Cette action n'est plus possible sur ce compte.",
        },
        { request, context },
      );
    return refusDuFormulaire(refus, submission, { message: t("erreur.autre.sousTitre") });
  }
  return redirectWithToast(
    action === "SUPPRIMER_COMPTE" ? "/gestion-des-comptes" : `/gestion-des-comptes/${id}`,
    {
      type: "success",
      titre: t("notification.titre.success"),
      description: messageSucces(action, resultat.modifie),
    },
    { request, context },
  );
}

export const handle: BreadcrumbHandle = { breadcrumb: "Action sur le compte" };

/**
 * The form of one account action (no JavaScript needed): its fields, the
 * confirmation box the spec requires (§5: "account data update needs a
 * confirmation checkbox", "account deletion needs a reason and
 * confirmation"), the submit button and "Retour" to the account.
 */
export default function ActionCompte() {
  const { action, compte, disponible } = useLoaderData<typeof loader>();
  const retour = `/gestion-des-comptes/${compte.id}`;
  return (
    <ContentPage
      title={LIBELLES_ACTION_COMPTE[action]}
      lead={
        <>
          {compte.raisonSociale ?? "Compte sans structure"}
          {compte.siren ? ` – SIREN ${compte.siren}` : null}
        </>
      }
    >
      {disponible ? (
        <FormulaireActionCompte key={action} action={action} compte={compte} retour={retour} />
      ) : (
        <>
          <Alert
            className="fr-mb-4w"
            severity="info"
            as="h2"
            title="Cette action n'est pas possible sur ce compte"
            description="Un compte dont la structure détient un agrément ou une demande déposée ne peut pas être supprimé ; les coordonnées de la structure ne se modifient que sur une demande en brouillon."
          />
          <Link className="fr-btn fr-btn--secondary" to={retour}>
            Retour
          </Link>
        </>
      )}
    </ContentPage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? LIBELLES_ACTION_COMPTE[data.action] : "Action sur le compte") },
];
