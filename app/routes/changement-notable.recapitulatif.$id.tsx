import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { Manquant } from "#contract/schemas/demande";
import { callEndpoint, executerAction } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import { refusApi } from "~/.server/refus-api.server";
import { redirectWithToast } from "~/.server/toast.server";
import { BREADCRUMB_PARENTS_KEY, type BreadcrumbHandle } from "~/components/breadcrumb-segments";
import {
  URL_MES_CHANGEMENTS,
  titreChangement,
  urlConfirmationChangement,
} from "~/components/changement-notable/extension";
import {
  lireChangement,
  manquantsDe,
  perimetreNomme,
  procedureChangement,
} from "~/components/changement-notable/extension.server";
import {
  ManquantsExtension,
  RecapitulatifExtension,
} from "~/components/changement-notable/recapitulatif-extension";
import { BadgeStatutDemande, actionDisponible } from "~/components/demande/carte-demande";
import {
  ETATS_MODIFIABLES,
  idDe,
  pageNonTrouvee,
  resumeDossier,
} from "~/components/demande/formulaire/formulaire.server";
import { ErrorSummary } from "~/components/forms";
import { t } from "~/i18n";
import { pageTitle } from "~/utils/title";

const TITRE = "Récapitulatif de la demande de changement notable";

/** Intent of the deposit button. */
const INTENT_DEPOSER = "deposer";

/**
 * `/changement-notable/recapitulatif/{id}` (spec §2), applicants only: the
 * notable change (`GET /api/changement-notable/{id}`, 404 when unknown or
 * foreign), its procedure (files, what is missing) and the names of its
 * territories. A draft (or one returned for edition) also shows what
 * prevents the deposit, with links to the steps, and the "Déposer" button.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, "demandeur");
  const id = idDe(params);
  const demande = await lireChangement(request, context, id);
  const [procedure, perimetre] = await Promise.all([
    procedureChangement(request, context, id),
    perimetreNomme(request, context, demande),
  ]);
  const modifiable = ETATS_MODIFIABLES.includes(demande.etat);
  return {
    demande: resumeDossier(demande),
    modifiable,
    perimetre,
    effectifs: demande.contenu?.extension.effectifs ?? null,
    procedure,
    manquants: modifiable ? procedure.manquants : [],
    [BREADCRUMB_PARENTS_KEY]: [
      { label: "Mes demandes de changement notable", href: URL_MES_CHANGEMENTS },
    ],
  };
}

export const handle: BreadcrumbHandle = { breadcrumb: "Récapitulatif de la demande" };

/**
 * "Déposer" (spec §5 Deposit, contract of ADR 0020): VALIDER_DEPOSER (the
 * API checks that everything is there; a 422 lists what is missing with
 * the step), then DEPOSER — or, for a change returned for edition,
 * DEPOSER_EN_EDITION — and the confirmation page with a notification. A
 * refusal comes back as the recap with what is missing (422) or the
 * message (403, 409). A change already deposited goes to its confirmation.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireRole(request, context, "demandeur");
  const id = idDe(params);
  const formData = await request.formData();
  if (formData.get("intent") !== INTENT_DEPOSER) throw pageNonTrouvee();
  const demande = await lireChangement(request, context, id);
  if (!ETATS_MODIFIABLES.includes(demande.etat))
    return redirectWithToast(
      urlConfirmationChangement(id, "DEPOSER"),
      {
        type: "info",
        titre: t("notification.titre.info"),
        description: "Cette demande a déjà été déposée.",
      },
      { request, context },
    );
  const refus = (manquants: Manquant[], erreur: string | null, status: number) =>
    data({ manquants, erreur }, { status });
  const enEdition =
    demande.etat === "en_edition" && actionDisponible(demande, "DEPOSER_EN_EDITION");
  const etapes = enEdition ? ["DEPOSER_EN_EDITION"] : ["VALIDER_DEPOSER", "DEPOSER"];
  for (const etape of etapes) {
    try {
      await callEndpoint(request, context, executerAction, {
        params: { kind: "changement-notable", id },
        encodedBody: new URLSearchParams({ action: etape }),
      });
    } catch (error) {
      const rejet = refusApi(error, [403, 409, 422]);
      let manquants = manquantsDe(rejet);
      if (!manquants.length && rejet.status === 422)
        manquants = (await procedureChangement(request, context, id)).manquants;
      return refus(
        manquants,
        manquants.length ? null : rejet.message || t("notification.error.conflit"),
        rejet.status,
      );
    }
  }
  const depot = enEdition ? "DEPOSER_EN_EDITION" : "DEPOSER";
  return redirectWithToast(
    urlConfirmationChangement(id, depot),
    {
      type: "success",
      titre: t("notification.titre.success"),
      description: t(`notification.action.success.changement-notable.${depot}`),
    },
    { request, context },
  );
}

/**
 * The recap of a notable change for its applicant: title with the file
 * number, status badge, what prevents the deposit (draft), the content by
 * step, and "Déposer" for a draft.
 */
export default function RecapitulatifChangement() {
  const { demande, modifiable, perimetre, effectifs, procedure, manquants } =
    useLoaderData<typeof loader>();
  const resultat = useActionData<typeof action>();
  const navigation = useNavigation();
  const aFaire = resultat?.manquants.length ? resultat.manquants : manquants;
  return (
    <div className="fr-container fr-pb-6w">
      <h1>{TITRE}</h1>
      <p className="fr-text--lead fr-mb-1w">{titreChangement(demande)}</p>
      <BadgeStatutDemande statut={demande.statutSimplifie} className="fr-mb-4w" />
      {resultat?.erreur ? (
        <ErrorSummary
          id="recap-erreur"
          title="La demande n'a pas pu être déposée"
          entries={[{ fieldId: null, message: resultat.erreur }]}
        />
      ) : null}
      {modifiable ? <ManquantsExtension id={demande.id} manquants={aFaire} /> : null}
      <RecapitulatifExtension
        id={demande.id}
        perimetre={perimetre}
        effectifs={effectifs}
        procedure={procedure}
        modifiable={modifiable}
      />
      <ul className="fr-btns-group fr-btns-group--inline-md fr-btns-group--icon-left fr-mt-4w">
        <li>
          <Link className="fr-btn fr-btn--secondary" to={URL_MES_CHANGEMENTS}>
            Retour à mes demandes
          </Link>
        </li>
        {modifiable ? (
          <li>
            <Form method="post">
              <button
                type="submit"
                name="intent"
                value={INTENT_DEPOSER}
                className="fr-btn fr-icon-send-plane-line fr-btn--icon-left"
                disabled={navigation.state === "submitting"}
              >
                Déposer ma demande
              </button>
            </Form>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle(TITRE) }];
