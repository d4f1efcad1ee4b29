import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Alert } from "@codegouvfr/react-dsfr/Alert";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { TYPES_DOSSIER, type TypeDossier } from "#contract/etats";
import { INSTRUCTION_ROLES, STAFF_ROLES, hasAnyRole } from "#contract/roles";
import { schemaMessage, type Message } from "#contract/schemas/demande";
import { ApiError } from "~/.server/api.server";
import {
  callEndpoint,
  confirmerLectureMessages,
  envoyerMessage,
  executerAction,
  lireDemande,
  lireMessagerie,
} from "~/.server/api-client.server";
import { refusAcces, requireUser } from "~/.server/auth.server";
import type { SessionUser } from "~/.server/context";
import { refusApi } from "~/.server/refus-api.server";
import { redirectWithToast } from "~/.server/toast.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { BadgeStatutDemande } from "~/components/demande/carte-demande";
import { Field, FormErrorSummary, RequiredFieldsNotice } from "~/components/forms";
import { t } from "~/i18n";
import { dateHeureFr } from "~/utils/dates";
import { pageTitle } from "~/utils/title";

/** The file type of the URL and the request id of the query, or a 404. */
function cible(
  request: Request,
  demandeType: string | undefined,
): { type: TypeDossier; id: string } {
  const type = TYPES_DOSSIER.find((candidat) => candidat === demandeType);
  const id = new URL(request.url).searchParams.get("id");
  if (!type || !id) throw new Response("Page non trouvée", { status: 404 });
  return { type, id };
}

/**
 * The side the user reads the thread from (DESIGN §4): the applicant; the
 * instruction staff, who answer; central staff, who only read. Anyone else
 * gets the 403 page (spec §6).
 */
function coteLecteur(user: SessionUser): "demandeur" | "instruction" | "lecture" {
  if (user.roles.includes("demandeur")) return "demandeur";
  if (hasAnyRole(user.roles, INSTRUCTION_ROLES)) return "instruction";
  if (hasAnyRole(user.roles, STAFF_ROLES)) return "lecture";
  throw refusAcces();
}

/** Value of the refresh button's `intent` (the rest of the page's posts are messages). */
const INTENT_ACTUALISER = "RECHARGER_MESSAGERIE";

/** This page's address for a request: where Post/Redirect/Get comes back. */
function adresse(type: TypeDossier, id: string): string {
  return `/messagerie/${type}?id=${encodeURIComponent(id)}`;
}

/**
 * `/messagerie/{demandeType}?id=…` (spec §2, §3 Messaging): the request
 * (`GET /api/{type}/{id}`; 404 when unknown or foreign) and its thread
 * (`GET /api/{type}/{id}/messages`), for its applicant and for the staff
 * who see the file (the API decides which files). A draft has no
 * messaging: the applicant goes back home with an information
 * notification. Opening the page confirms the reading
 * (`POST …/message/confirmation-lecture`), which clears the "Nouveau
 * message" badge of the home card or of the staff file (spec §4 Session).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const cote = coteLecteur(await requireUser(request, context));
  const { type, id } = cible(request, params.demandeType);
  const demande = await callEndpoint(request, context, lireDemande, { params: { kind: type, id } });
  if (cote === "demandeur" && demande.statutSimplifie === "brouillon") {
    throw await redirectWithToast(
      "/",
      {
        type: "info",
        titre: t("notification.titre.info"),
        description: "La messagerie n'est pas disponible pour une demande en brouillon.",
      },
      { request, context },
    );
  }
  const messagerie = await callEndpoint(request, context, lireMessagerie, { params: { type, id } });
  try {
    await callEndpoint(request, context, confirmerLectureMessages, { params: { type, id } });
  } catch (error) {
    // Reading still works when the receipt is refused; the badge simply stays.
    if (!(error instanceof ApiError)) throw error;
  }
  return {
    type,
    cote,
    demande: {
      id: demande.id,
      numeroDossier: demande.numeroDossier,
      statutSimplifie: demande.statutSimplifie,
    },
    closed: messagerie.closed,
    messages: [...messagerie.messages].sort(
      (a, b) => Date.parse(a.date) - Date.parse(b.date) || a.id - b.id,
    ),
  };
}

/**
 * Sends a message (spec §7 `POST /api/{type}/{id}/message`) as the
 * applicant or as instruction staff (central staff only read: 403 page):
 * `schemaMessage` (required, ≤ 5000 characters; errors under the field,
 * text kept), then
 * Post/Redirect/Get to this page with a success notification. 422 → the
 * API's field errors; 409 (thread closed meanwhile) → this page with the
 * API's message as an error notification. The refresh button
 * (`intent=RECHARGER_MESSAGERIE`) is handed to {@link actualiser}.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (coteLecteur(await requireUser(request, context)) === "lecture") throw refusAcces();
  const { type, id } = cible(request, params.demandeType);
  const formData = await request.formData();
  if (formData.get("intent") === INTENT_ACTUALISER) return actualiser(request, context, type, id);
  const submission = parseWithZod(formData, { schema: schemaMessage });
  if (submission.status !== "success") {
    return data({ lastResult: submission.reply() as SubmissionResult<string[]> }, { status: 400 });
  }
  try {
    await callEndpoint(request, context, envoyerMessage, {
      params: { type, id },
      body: { message: submission.value.message },
    });
  } catch (error) {
    const refus = refusApi(error, [409, 422]);
    if (refus.status === 409) {
      return redirectWithToast(
        adresse(type, id),
        { type: "error", titre: t("notification.titre.error"), description: refus.message },
        { request, context },
      );
    }
    // The only field: the API's message goes under it whatever `errors` names.
    const detail = refus.message || t("erreur.autre.sousTitre");
    return data(
      {
        lastResult: submission.reply({
          fieldErrors: { message: [detail] },
        }) as SubmissionResult<string[]>,
      },
      { status: 422 },
    );
  }
  return redirectWithToast(
    adresse(type, id),
    {
      type: "success",
      titre: t("notification.titre.success"),
      description: t("notification.success.messageEnvoye"),
    },
    { request, context },
  );
}

/**
 * "Actualiser les messages" (spec §4 action RECHARGER_MESSAGERIE, §8
 * "messages refreshed"; ADR 0018): `POST /api/{type}/{id}/action`, which
 * writes nothing, then Post/Redirect/Get to this page, whose loader reads
 * the thread again, under the success notification. A refusal (403: not
 * offered to this user or in this state; 409) comes back as an error
 * notification with the API's message.
 */
async function actualiser(
  request: Request,
  context: ActionFunctionArgs["context"],
  type: TypeDossier,
  id: string,
): Promise<Response> {
  try {
    await callEndpoint(request, context, executerAction, {
      params: { kind: type, id },
      body: { action: "RECHARGER_MESSAGERIE" },
      format: "form",
    });
  } catch (error) {
    if (!(error instanceof ApiError) || ![403, 409].includes(error.status)) throw error;
    return redirectWithToast(
      adresse(type, id),
      { type: "error", titre: t("notification.titre.error"), description: error.message },
      { request, context },
    );
  }
  return redirectWithToast(
    adresse(type, id),
    {
      type: "success",
      titre: t("notification.titre.success"),
      description: t(`notification.action.success.${type}.RECHARGER_MESSAGERIE`),
    },
    { request, context },
  );
}

export const handle: BreadcrumbHandle = { breadcrumb: "Messagerie" };

/**
 * The thread between the applicant and the instruction service (spec §3
 * Messaging): messages oldest first, each with its side ("Vous",
 * "Service instructeur", or the applicant for staff) and time; a form to
 * refresh the thread ("Actualiser les messages") and write while it is
 * open (neither for central staff, who only read);
 * read-only with an information alert once it is closed. Staff get a link
 * back to the file.
 */
export default function MessagerieDemande() {
  const { type, cote, demande, closed, messages } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    // A new id once the sent message is in the thread: the form starts empty again.
    id: `message-${messages.length}`,
    lastResult: navigation.state === "idle" ? result?.lastResult : undefined,
    constraint: getZodConstraint(schemaMessage),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemaMessage }),
  });
  const objet = type === "demande" ? "Demande d'agrément" : "Demande de changement notable";
  const staff = cote !== "demandeur";
  const correspondant = staff ? "le demandeur" : "le service instructeur";
  return (
    <div className="fr-container fr-pb-6w">
      <div className="fr-grid-row">
        <div className="fr-col-12 fr-col-lg-10">
          <h1>Messagerie</h1>
          <p className="fr-text--lead fr-mb-1w">
            {demande.numeroDossier ? `${objet} n° ${demande.numeroDossier}` : objet}
          </p>
          {staff ? (
            <p className="fr-mb-4w">
              <Link
                className="fr-link fr-icon-arrow-left-line fr-link--icon-left"
                to={`/dossier/${type}/${encodeURIComponent(demande.id)}`}
              >
                Retour au dossier
              </Link>
            </p>
          ) : (
            <BadgeStatutDemande statut={demande.statutSimplifie} className="fr-mb-4w" />
          )}
          {closed ? (
            <Alert
              className="fr-mb-4w"
              severity="info"
              small
              description="La messagerie de ce dossier est fermée."
            />
          ) : null}
          <h2 className="fr-h4">Messages échangés avec {correspondant}</h2>
          {cote === "lecture" ? null : (
            // Central staff only read (ADR 0018): they reload the page instead.
            <Form method="post" className="fr-mb-3w">
              <button
                type="submit"
                name="intent"
                value={INTENT_ACTUALISER}
                className="fr-btn fr-btn--secondary fr-btn--sm fr-icon-refresh-line fr-btn--icon-left"
              >
                Actualiser les messages
              </button>
            </Form>
          )}
          {messages.length === 0 ? (
            <p>Aucun message pour le moment.</p>
          ) : (
            <ol className="fr-raw-list fr-grid-row">
              {messages.map((message) => (
                <MessageFil key={message.id} message={message} staff={staff} />
              ))}
            </ol>
          )}
          {closed || cote === "lecture" ? null : (
            <Form key={form.id} method="post" {...getFormProps(form)} className="fr-mt-4w">
              <h2 className="fr-h4">Écrire {staff ? "au demandeur" : "au service instructeur"}</h2>
              <FormErrorSummary form={form} />
              <RequiredFieldsNotice />
              <Field id={fields.message.id} label="Votre message" errors={fields.message.errors}>
                <textarea {...getTextareaProps(fields.message)} rows={6} />
              </Field>
              <button type="submit" className="fr-btn fr-icon-send-plane-line fr-btn--icon-left">
                Envoyer
              </button>
            </Form>
          )}
        </div>
      </div>
    </div>
  );
}

/** "Vous" for the reader's side; for staff, who wrote on the other side or on the team. */
function auteurDe(message: Message, staff: boolean): string {
  if (message.moi && !staff) return "Vous";
  const nom = message.auteur ? `${message.auteur.prenom} ${message.auteur.nom}` : null;
  if (message.cote === "demandeur") return nom ? `${nom} (demandeur)` : "Demandeur";
  if (!staff) return "Service instructeur";
  return nom ? `${nom} (service instructeur)` : "Service instructeur";
}

function MessageFil({ message, staff }: { message: Message; staff: boolean }) {
  const auteur = auteurDe(message, staff);
  return (
    <li className={`fr-col-12 fr-col-md-10 fr-mb-2w${message.moi ? " fr-col-offset-md-2" : ""}`}>
      <article
        className={`fr-card fr-card--sm fr-card--no-arrow${message.moi ? "" : " fr-card--grey"}`}
      >
        <div className="fr-card__body">
          <div className="fr-card__content">
            <h3 className="fr-card__title">{auteur}</h3>
            <p className="fr-card__desc portail-pre-line">{message.contenu}</p>
            <div className="fr-card__start">
              <p className="fr-card__detail">
                <time dateTime={message.date}>{dateHeureFr(message.date)}</time>
              </p>
            </div>
          </div>
        </div>
      </article>
    </li>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Messagerie") }];
