import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Alert } from "@codegouvfr/react-dsfr/Alert";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { schemaAnnulation } from "#contract/schemas/demande";
import { callEndpoint, executerAction, lireDemande } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import { refusApi, refusDuFormulaire } from "~/.server/refus-api.server";
import { redirectWithToast } from "~/.server/toast.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import {
  BadgeStatutDemande,
  actionDisponible,
  titreDemande,
} from "~/components/demande/carte-demande";
import {
  CheckboxInputField,
  FormErrorSummary,
  RequiredFieldsNotice,
  TextareaField,
} from "~/components/forms";
import { actionSuccessMessage, t } from "~/i18n";
import { pageTitle } from "~/utils/title";

const TITRE = "Annuler la demande d'agrément";

/**
 * The words of the page: a draft is deleted, a deposited request cancelled,
 * though both go through ANNULER_DEMANDE.
 */
const LIBELLES = {
  brouillon: {
    titre: "Supprimer le brouillon",
    alerte: "La suppression est définitive",
    description:
      "Une fois supprimé, votre brouillon ne pourra plus être modifié ni déposé. Vous pourrez commencer une nouvelle demande d'agrément.",
    motif: "Motif de la suppression",
    aide: "Expliquez pourquoi vous supprimez votre brouillon.",
    confirmation: "Je confirme vouloir supprimer définitivement mon brouillon",
    bouton: "Supprimer le brouillon",
  },
  deposee: {
    titre: TITRE,
    alerte: "L'annulation est définitive",
    description:
      "Une fois annulée, votre demande ne sera plus instruite et ne pourra pas être reprise. Vous pourrez ensuite déposer une nouvelle demande d'agrément.",
    motif: "Motif de l'annulation",
    aide: "Expliquez pourquoi vous annulez votre demande.",
    confirmation: "Je confirme vouloir annuler définitivement ma demande",
    bouton: "Annuler la demande",
  },
} as const;

/** The words for a request whose simplified status is `statut`. */
const libellesPour = (statut: string) =>
  statut === "brouillon" ? LIBELLES.brouillon : LIBELLES.deposee;

/**
 * `/demande/demande/annulation/{id}` (spec §2 Modals "Cancel application"
 * as a route, DESIGN §6): the request (`GET /api/demande/{id}`, 404 when
 * unknown or foreign), its version for the optimistic lock, and whether
 * ANNULER_DEMANDE is available to this user now.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, "demandeur");
  const demande = await callEndpoint(request, context, lireDemande, {
    params: { kind: "demande", id: params.id! },
  });
  return {
    demande: {
      id: demande.id,
      numeroDossier: demande.numeroDossier,
      statutSimplifie: demande.statutSimplifie,
      version: demande.version,
    },
    annulable: actionDisponible(demande, "ANNULER_DEMANDE"),
  };
}

/**
 * Cancels the request (spec §3 Cancel form, §5 Cancel, §4 "Cancellation is
 * definitive"): checks `schemaAnnulation` (reason required, confirmation
 * ticked; errors shown next to the fields, values kept), then posts
 * `action=ANNULER_DEMANDE` with the version seen, the reason and the
 * confirmation to `POST /api/demande/{id}/action` as form data. Success →
 * home with the notification `notification.action.success.demande.ANNULER_DEMANDE`;
 * 422 → the API's field errors; 409 (someone changed the request) → this
 * page reloaded with the API's message; 403 (no longer cancellable) → home
 * with an error notification.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireRole(request, context, "demandeur");
  const id = params.id!;
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: schemaAnnulation });
  if (submission.status !== "success") {
    return data({ lastResult: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
  }
  const version = formData.get("version");
  try {
    await callEndpoint(request, context, executerAction, {
      params: { kind: "demande", id },
      body: {
        action: "ANNULER_DEMANDE",
        version: typeof version === "string" && version ? version : undefined,
        commentaire: submission.value.commentaire,
        confirmation: "on",
      },
      format: "form",
    });
  } catch (error) {
    const refus = refusApi(error, [403, 409, 422]);
    if (refus.status === 409) {
      return redirectWithToast(
        new URL(request.url).pathname,
        {
          type: "error",
          titre: t("notification.error.titre.409"),
          description: refus.message || t("notification.error.conflit"),
        },
        { request, context },
      );
    }
    if (refus.status === 403) {
      return redirectWithToast(
        "/",
        {
          type: "error",
          titre: t("notification.error.titre.403"),
          description: "Cette demande ne peut plus être annulée.",
        },
        { request, context },
      );
    }
    return refusDuFormulaire(refus, submission, { message: t("erreur.autre.sousTitre") });
  }
  return redirectWithToast(
    "/",
    {
      type: "success",
      titre: t("notification.titre.success"),
      description: actionSuccessMessage("demande", "ANNULER_DEMANDE"),
    },
    { request, context },
  );
}

export const handle: BreadcrumbHandle = { breadcrumb: "Annulation de la demande" };

/**
 * The cancel confirmation (spec §3 Cancel form): why it is definitive, the
 * required reason ("Motif de l'annulation") and confirmation box, "Annuler
 * la demande" to submit and "Retour" back home. A request that can no
 * longer be cancelled gets an explanation instead of the form.
 */
export default function AnnulationDemande() {
  const { demande, annulable } = useLoaderData<typeof loader>();
  const libelles = libellesPour(demande.statutSimplifie);
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "annulation-demande",
    lastResult: navigation.state === "idle" ? result?.lastResult : undefined,
    constraint: getZodConstraint(schemaAnnulation),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemaAnnulation }),
  });
  return (
    <div className="fr-container fr-pb-6w">
      <div className="fr-grid-row">
        <div className="fr-col-12 fr-col-md-10 fr-col-lg-8">
          <h1>{libelles.titre}</h1>
          <p className="fr-text--lead fr-mb-1w">{titreDemande(demande)}</p>
          <BadgeStatutDemande statut={demande.statutSimplifie} className="fr-mb-4w" />
          {annulable ? (
            <>
              <Alert
                className="fr-mb-4w"
                severity="warning"
                as="h2"
                title={libelles.alerte}
                description={libelles.description}
              />
              <Form method="post" {...getFormProps(form)}>
                <FormErrorSummary form={form} />
                <RequiredFieldsNotice />
                <input type="hidden" name="version" value={demande.version} />
                <TextareaField
                  field={fields.commentaire}
                  label={libelles.motif}
                  hint={libelles.aide}
                  rows={5}
                />
                <CheckboxInputField field={fields.confirmation} label={libelles.confirmation} />
                <ul className="fr-btns-group fr-btns-group--inline-md fr-mt-4w">
                  <li>
                    <button type="submit" className="fr-btn">
                      {libelles.bouton}
                    </button>
                  </li>
                  <li>
                    <Link className="fr-btn fr-btn--secondary" to="/">
                      Retour
                    </Link>
                  </li>
                </ul>
              </Form>
            </>
          ) : (
            <>
              <Alert
                className="fr-mb-4w"
                severity="info"
                as="h2"
                title="Cette demande ne peut pas être annulée"
                description="Seule une demande qui n'a pas encore fait l'objet d'une décision peut être annulée."
              />
              <Link className="fr-btn fr-btn--secondary" to="/">
                Retour
              </Link>
            </>
          )}
        </div>
      </div>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? libellesPour(data.demande.statutSimplifie).titre : TITRE) },
];
