import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import {
  DOCUMENTS_DEPOT_DEMANDE,
  afficherTaille,
  afficherTypeFichier,
} from "#contract/pieces-jointes";
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
  return { demande, procedure, procedureEtp };
}

export const handle: BreadcrumbHandle = { breadcrumb: "Récapitulatif de la demande" };

/**
 * The recap of a request for its applicant: title with the file number,
 * status badge, the recap and synthesis PDFs made at deposit (once made)
 * and the shared `Recapitulatif` of the form's content and files.
 */
export default function RecapitulatifDemande() {
  const { demande, procedure, procedureEtp } = useLoaderData<typeof loader>();
  return (
    <div className="fr-container fr-pb-6w">
      <h1>Récapitulatif de la demande</h1>
      <p className="fr-text--lead fr-mb-1w">{titreDemande(demande)}</p>
      <BadgeStatutDemande statut={demande.statutSimplifie} className="fr-mb-4w" />
      {procedure.documentsDepot.map((pdf) => (
        <div key={pdf.id} className="fr-download fr-mb-4w">
          <p>
            <a href={`/piece-jointe/${pdf.id}`} download={pdf.nom} className="fr-download__link">
              {DOCUMENTS_DEPOT_DEMANDE.find((document) => document.code === pdf.codeTypePJ)
                ?.telecharger ?? pdf.libelle}
              <span className="fr-download__detail">
                {afficherTypeFichier(pdf.mimeType)} – {afficherTaille(pdf.size)}
              </span>
            </a>
          </p>
        </div>
      ))}
      <Recapitulatif demande={demande} procedure={procedure} procedureEtp={procedureEtp} />
      <Link className="fr-btn fr-btn--secondary fr-mt-4w" to="/">
        Retour à l'accueil
      </Link>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Récapitulatif de la demande") }];
