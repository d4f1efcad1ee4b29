import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { afficherTaille, afficherTypeFichier } from "#contract/pieces-jointes";
import { ApiError } from "~/.server/api.server";
import {
  callEndpoint,
  lireDemande,
  lireProcedure,
  lireProcedureEtp,
} from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { BadgeStatutDemande, titreDemande } from "~/components/demande/carte-demande";
import { Recapitulatif } from "~/components/demande/recapitulatif";
import { pageTitle } from "~/utils/title";

/** Rubric of the procedure holding the recap PDF the portal generates at deposit. */
const RUBRIQUE_RECAPITULATIF = "pj_recap_demande";

/**
 * `/demande/demande/recapitulatif/{id}` (spec §2): the request
 * (`GET /api/demande/{id}`, 404 when unknown or foreign), its attachment
 * procedure (`GET /api/demande/{id}/procedure`) and, for the staffing labels
 * and years, `GET /api/demande/{id}/procedure-etp` (optional: generic labels
 * when the API refuses it).
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, "demandeur");
  const id = params.id!;
  const [demande, procedure, procedureEtp] = await Promise.all([
    callEndpoint(request, context, lireDemande, { params: { kind: "demande", id } }),
    callEndpoint(request, context, lireProcedure, { params: { id } }),
    callEndpoint(request, context, lireProcedureEtp, { params: { id } }).catch((error: unknown) => {
      if (error instanceof ApiError || (error instanceof Response && error.status === 404))
        return undefined;
      throw error;
    }),
  ]);
  const pdf =
    procedure.rubriques.find((rubrique) => rubrique.code === RUBRIQUE_RECAPITULATIF)
      ?.piecesJointes[0] ?? null;
  return { demande, procedure, procedureEtp, pdf };
}

export const handle: BreadcrumbHandle = { breadcrumb: "Récapitulatif de la demande" };

/**
 * The recap of a request for its applicant: title with the file number,
 * status badge, the recap PDF made at deposit (when there is one) and the
 * shared `Recapitulatif` of the form's content and files.
 */
export default function RecapitulatifDemande() {
  const { demande, procedure, procedureEtp, pdf } = useLoaderData<typeof loader>();
  return (
    <div className="fr-container fr-pb-6w">
      <h1>Récapitulatif de la demande</h1>
      <p className="fr-text--lead fr-mb-1w">{titreDemande(demande)}</p>
      <BadgeStatutDemande statut={demande.statutSimplifie} className="fr-mb-4w" />
      {pdf ? (
        <div className="fr-download fr-mb-4w">
          <p>
            <a href={`/piece-jointe/${pdf.id}`} download={pdf.nom} className="fr-download__link">
              Télécharger le récapitulatif de la demande
              <span className="fr-download__detail">
                {afficherTypeFichier(pdf.mimeType)} – {afficherTaille(pdf.size)}
              </span>
            </a>
          </p>
        </div>
      ) : null}
      <Recapitulatif demande={demande} procedure={procedure} procedureEtp={procedureEtp} />
      <Link className="fr-btn fr-btn--secondary fr-mt-4w" to="/">
        Retour à l'accueil
      </Link>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Récapitulatif de la demande") }];
