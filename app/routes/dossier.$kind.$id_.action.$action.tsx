import { type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ACTIONS_AVEC_FICHIERS } from "#contract/schemas/instruction";
import { aujourdhuiParis } from "#contract/validation";
import {
  callEndpoint,
  executerAction,
  listerDepartements,
  listerRegions,
} from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import { redirectWithToast } from "~/.server/toast.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { actionDeLUrl, instructeursAssignables } from "~/components/dossier/action-dossier.server";
import {
  MESSAGE_ACTION_INDISPONIBLE,
  libelleAction,
  schemaFormulaireAction,
  urlDossier,
  valeursInitialesAction,
} from "~/components/dossier/actions";
import type { GeographieAgrement } from "~/components/dossier/champs-perimetre-agrement";
import {
  chargerDossier,
  cibleDossier,
  corpsFormulaire,
  envoyerFormulaire,
  fichierPoste,
} from "~/components/dossier/dossier.server";
import { EnteteDossier, titreDossier } from "~/components/dossier/entete-dossier";
import { ONGLETS_DOSSIERS, parentsFilAriane } from "~/components/dossiers/liste-params";
import { FormulaireAction, descriptionAction } from "~/components/dossier/formulaire-action";
import { actionSuccessMessage, t } from "~/i18n";
import { pageTitle } from "~/utils/title";

/**
 * `/dossier/{kind}/{id}/action/{ACTION}` (spec §4): staff only
 * (spec §6 gate `staff`). The file (`GET /api/{kind}/{id}`, 404 page when
 * unknown or not visible); an action it does not offer this user now goes
 * back to the file with the API's 403 message; the assignee choices for
 * AFFECTER / REAFFECTER_INSTRUCTEUR; the perimeter choices for
 * MODIFIER_AGREMENT (`GET /api/regions`, `/api/departements`, the
 * approval's EPCI and communes); the fields' initial values; today's
 * Europe/Paris date for the date fields.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, context, "staff");
  const { kind, id } = cibleDossier(params);
  const demandee = actionDeLUrl(params);
  const demande = await chargerDossier(request, context, kind, id);
  if (!demande.actionsDisponibles.some((disponible) => disponible.action === demandee)) {
    throw await redirectWithToast(
      urlDossier(kind, id),
      {
        type: "error",
        titre: t("notification.error.titre.403"),
        description: MESSAGE_ACTION_INDISPONIBLE,
      },
      { request, context },
    );
  }
  const instructeurs =
    demandee === "AFFECTER_INSTRUCTEUR" || demandee === "REAFFECTER_INSTRUCTEUR"
      ? await instructeursAssignables(request, context, user, demande)
      : [];
  const geographie: GeographieAgrement | null =
    demandee === "MODIFIER_AGREMENT" && demande.agrement
      ? {
          regions: await callEndpoint(request, context, listerRegions),
          departements: await callEndpoint(request, context, listerDepartements),
          epcis: demande.agrement.perimetre.epcis,
          communes: demande.agrement.perimetre.communes,
        }
      : null;
  return {
    kind,
    action: demandee,
    demande: {
      id: demande.id,
      kind: demande.kind,
      version: demande.version,
      numeroDossier: demande.numeroDossier,
      raisonSociale: demande.raisonSociale,
      siren: demande.siren,
      etat: demande.etat,
      etatNormalise: demande.etatNormalise,
      etapeInstruction: demande.etapeInstruction,
      dateDepot: demande.dateDepot,
      dateLimiteInstruction: demande.dateLimiteInstruction,
      dateEcheance: demande.dateEcheance,
      delaiSuspendu: demande.delaiSuspendu,
      expireBientot: demande.expireBientot,
      reputeRejete: demande.reputeRejete,
      instructeur: demande.instructeur,
      serviceInstructeur: demande.serviceInstructeur,
    },
    instructeurs,
    geographie,
    valeursInitiales: valeursInitialesAction(demandee, demande),
    aujourdhui: aujourdhuiParis(),
    breadcrumb: libelleAction(demandee),
    breadcrumbParents: parentsFilAriane(kind, { id, titre: titreDossier(demande) }),
  };
}

/**
 * Posts the action (spec §7 `POST /api/{kind}/{id}/action`): the form is
 * checked with the action's schema (field errors in place, values kept),
 * then sent with `action` and the `version` seen, as form data, or as
 * multipart when a file goes with an opinion. Success → the file's page
 * with `notification.action.success.{kind}.{action}` (`.{type}` for
 * CREER_PROCEDURE); 422 → this form with the API's field errors; 409 (the
 * file changed meanwhile), 403 and other refusals → the file's page with
 * the API's French message as an error notification.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireRole(request, context, "staff");
  const { kind, id } = cibleDossier(params);
  const demandee = actionDeLUrl(params);
  const formData = await request.formData();
  const submission = parseWithZod(formData, {
    schema: schemaFormulaireAction(demandee, aujourdhuiParis()),
  });
  if (submission.status !== "success") {
    return data({ lastResult: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
  }
  const version = String(formData.get("version") ?? "");
  const valeurs = submission.value as Record<string, unknown>;
  const corps = corpsFormulaire(
    { action: demandee, version: /^\d+$/.test(version) ? version : undefined, ...valeurs },
    {
      fichier: ACTIONS_AVEC_FICHIERS.includes(demandee) ? fichierPoste(formData, "fichier") : null,
    },
  );
  const envoyer = () =>
    callEndpoint(request, context, executerAction, { params: { kind, id }, encodedBody: corps });
  const refus = await envoyerFormulaire(request, context, envoyer, {
    reply: (erreurs) => submission.reply(erreurs) as SubmissionResult<string[]>,
    retour: urlDossier(kind, id),
  });
  if (refus) return refus;
  const type = demandee === "CREER_PROCEDURE" ? String(valeurs.type ?? "") : undefined;
  // Spec §4 Effects of actions: "Return to edition: go to the all-files list".
  const suite =
    demandee === "RETOURNER_EN_EDITION"
      ? `/tous-les-dossiers/${ONGLETS_DOSSIERS.find((onglet) => onglet.kind === kind)!.segment}`
      : urlDossier(kind, id);
  return redirectWithToast(
    suite,
    {
      type: "success",
      titre: t("notification.titre.success"),
      description: actionSuccessMessage(kind, demandee, type),
    },
    { request, context },
  );
}

export const handle: BreadcrumbHandle = { breadcrumb: "Action sur le dossier" };

/**
 * The page of one action: the file's header (number, company, badges,
 * clock, assignee) under the action's title, what the action does, and
 * its form.
 */
export default function ActionDossier() {
  const {
    kind,
    action: demandee,
    demande,
    instructeurs,
    geographie,
    valeursInitiales,
    aujourdhui,
  } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  return (
    <div className="fr-container fr-pb-6w">
      <EnteteDossier demande={demande} titre={libelleAction(demandee)} />
      <div className="fr-grid-row">
        <div className="fr-col-12 fr-col-md-10 fr-col-lg-8">
          <p>{descriptionAction(demandee, kind)}</p>
          <FormulaireAction
            action={demandee}
            kind={kind}
            version={demande.version}
            urlRetour={urlDossier(kind, demande.id)}
            aujourdhui={aujourdhui}
            instructeurs={instructeurs}
            geographie={geographie}
            valeursInitiales={valeursInitiales}
            lastResult={navigation.state === "idle" ? result?.lastResult : undefined}
          />
        </div>
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? libelleAction(data.action) : "Action sur le dossier") },
];
