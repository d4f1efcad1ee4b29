import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { TYPES_DOSSIER, type TypeDossier } from "#contract/etats";
import type { DemandeDetail } from "#contract/schemas/demande";
import { callEndpoint, lireDemande } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { dateFr } from "~/utils/dates";
import { pageTitle } from "~/utils/title";

/** Actions after which the applicant lands here (spec §4 "Effects of actions"). */
const ACTIONS_CONFIRMEES = ["DEPOSER", "DONNER_COMPLEMENT", "DEPOSER_EN_EDITION"] as const;
type ActionConfirmee = (typeof ACTIONS_CONFIRMEES)[number];

/**
 * `/demande/{type}/confirmation/{id}?actionType=…` (spec §2, §4): the
 * request (`GET /api/{type}/{id}`) and the action just done; an unknown or
 * missing `actionType` gives a generic confirmation. A `type` other than
 * demande or changement-notable answers 404; a foreign id too (the API's 404).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, "demandeur");
  const type = TYPES_DOSSIER.find((candidat) => candidat === params.type);
  if (!type || !params.id) throw new Response("Page non trouvée", { status: 404 });
  const demande = await callEndpoint(request, context, lireDemande, {
    params: { kind: type, id: params.id },
  });
  const actionType = new URL(request.url).searchParams.get("actionType");
  const action = ACTIONS_CONFIRMEES.find((candidat) => candidat === actionType) ?? null;
  return { type, action, demande: resume(demande) };
}

/** What the page shows of the request: no need to ship the whole form to the browser. */
function resume(demande: DemandeDetail) {
  return {
    id: demande.id,
    numeroDossier: demande.numeroDossier,
    dateDepot: demande.dateDepot,
    dateModification: demande.dateModification,
    serviceInstructeur: demande.serviceInstructeur?.nom ?? null,
  };
}

export const handle: BreadcrumbHandle = { breadcrumb: "Confirmation" };

function objet(type: TypeDossier): string {
  return type === "demande" ? "Votre demande d'agrément" : "Votre demande de changement notable";
}

const TITRES: Record<ActionConfirmee, (type: TypeDossier) => string> = {
  DEPOSER: (type) => `${objet(type)} a bien été déposée`,
  DONNER_COMPLEMENT: () => "Vos compléments ont bien été transmis",
  DEPOSER_EN_EDITION: (type) => `${objet(type)} modifiée a bien été déposée`,
};

/**
 * What happens next after `action` (null: a plain deposit): the examination
 * resumes after a complement (the clock, suspended meanwhile, runs again,
 * DESIGN §5) or a deposit in edition; a new deposit goes to the Anah local
 * delegation of the head office, named when known.
 */
function prochaineEtape(action: ActionConfirmee | null, serviceInstructeur: string | null): string {
  if (action === "DONNER_COMPLEMENT")
    return "Le service instructeur reprend l'examen de votre dossier avec les pièces transmises ; le délai d'instruction, suspendu pendant la demande de pièces, reprend son cours.";
  if (action === "DEPOSER_EN_EDITION")
    return "Le service instructeur reprend l'examen de votre demande modifiée ; vous ne pouvez plus la modifier.";
  const service = serviceInstructeur ? ` : ${serviceInstructeur}` : "";
  return `Votre dossier est examiné par la délégation locale de l'Anah dont dépend le siège de votre structure${service}.`;
}

/**
 * DSFR success page after deposit, complement or deposit in edition: what
 * was done, the file number and date, what happens next (examination by the
 * Anah local delegation, messaging, e-mail notifications) and links to the
 * home page and the recap.
 */
export default function ConfirmationDemande() {
  const { type, action, demande } = useLoaderData<typeof loader>();
  const titre = action ? TITRES[action](type) : `${objet(type)} a bien été enregistrée`;
  const date = action === "DEPOSER" ? demande.dateDepot : demande.dateModification;
  const recapitulatif =
    type === "demande"
      ? `/demande/demande/recapitulatif/${demande.id}`
      : `/changement-notable/recapitulatif/${demande.id}`;
  return (
    <div className="fr-container fr-py-6w">
      <div className="fr-grid-row fr-grid-row--center">
        <div className="fr-col-12 fr-col-md-10 fr-col-lg-8">
          <div className="fr-alert fr-alert--success fr-mb-4w">
            <h1 className="fr-alert__title">{titre}</h1>
            <p>
              {demande.numeroDossier ? (
                <>
                  Numéro de dossier : <strong>{demande.numeroDossier}</strong>
                  <br />
                </>
              ) : null}
              {date ? <>Le {dateFr(date)}</> : null}
            </p>
          </div>
          <h2 className="fr-h4">Et maintenant ?</h2>
          <ul>
            <li>{prochaineEtape(action, demande.serviceInstructeur)}</li>
            <li>
              Si des éléments manquent, le service instructeur vous les demandera ; vous pouvez
              aussi lui écrire depuis la messagerie de votre demande, sur la page d'accueil.
            </li>
            <li>
              Vous recevrez un courriel à chaque étape de l'instruction, et lorsque la décision sera
              disponible.
            </li>
          </ul>
          <ul className="fr-btns-group fr-btns-group--inline-md fr-mt-4w">
            <li>
              <Link className="fr-btn" to="/">
                Retour à l'accueil
              </Link>
            </li>
            <li>
              <Link className="fr-btn fr-btn--secondary" to={recapitulatif}>
                Voir le récapitulatif de la demande
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Confirmation de la demande") }];
