import { Alert } from "@codegouvfr/react-dsfr/Alert";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ApiError } from "~/.server/api.server";
import {
  callEndpoint,
  confirmerLectureMessages,
  lireDemande,
  lireMessagerie,
} from "~/.server/api-client.server";
import { refusAcces, requireUser } from "~/.server/auth.server";
import { redirectWithToast } from "~/.server/toast.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { BadgeStatutDemande } from "~/components/demande/carte-demande";
import { urlDossier } from "~/components/dossier/actions";
import { FilMessages } from "~/components/messagerie/fil-messages";
import {
  FormulaireMessage,
  useFormulaireMessage,
} from "~/components/messagerie/formulaire-message";
import { INTENT_ACTUALISER } from "~/components/messagerie/messagerie";
import {
  actualiserMessagerie,
  cibleMessagerie,
  coteLecteur,
  envoyerMessageSaisi,
} from "~/components/messagerie/messagerie.server";
import { t } from "~/i18n";
import { pageTitle } from "~/utils/title";

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
  const { type, id } = cibleMessagerie(request, params.demandeType);
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
 * applicant or as instruction staff (central staff only read: 403 page),
 * see {@link envoyerMessageSaisi}. The refresh button
 * (`intent=RECHARGER_MESSAGERIE`) is handed to {@link actualiserMessagerie}.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  if (coteLecteur(await requireUser(request, context)) === "lecture") throw refusAcces();
  const cible = cibleMessagerie(request, params.demandeType);
  const formData = await request.formData();
  if (formData.get("intent") === INTENT_ACTUALISER) {
    return actualiserMessagerie(request, context, cible);
  }
  return envoyerMessageSaisi(request, context, cible, formData);
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
  const formulaire = useFormulaireMessage(
    messages.length,
    navigation.state === "idle" ? result?.lastResult : undefined,
  );
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
                to={urlDossier(type, demande.id)}
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
          <FilMessages messages={messages} staff={staff} />
          {closed || cote === "lecture" ? null : (
            <FormulaireMessage formulaire={formulaire} staff={staff} />
          )}
        </div>
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Messagerie") }];
