import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import {
  chargerAgrementDuDemandeur,
  chargerProcedureRaa,
  chargerRapport,
  lireAnnee,
  rapportModifiable,
} from "~/components/rapport-annuel/rapport-annuel.server";
import { SyntheseRapport } from "~/components/rapport-annuel/synthese";
import { urlEtapeRapport, urlSynthesePdf } from "~/components/rapport-annuel/urls";
import { dateFr } from "~/utils/dates";
import { pageTitle } from "~/utils/title";

/**
 * `/rapport-annuel-activite/{annee}/synthese` (spec §2), applicants holding
 * an approval: the report of that year read-only, with the PDF download
 * and, while it may still change, a link back to its first step.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const agrement = await chargerAgrementDuDemandeur(request, context);
  const annee = lireAnnee(params.annee);
  const [rapport, procedure] = await Promise.all([
    chargerRapport(request, context, agrement.id, annee),
    chargerProcedureRaa(request, context),
  ]);
  return { rapport, procedure, modifiable: rapportModifiable(rapport) };
}

export const handle: BreadcrumbHandle = { breadcrumb: "Synthèse du rapport annuel" };

/**
 * The synthesis: every answer and document of the report; for a year
 * without report owed, says so; "Télécharger la synthèse (PDF)" once the
 * report exists.
 */
export default function SyntheseRapportAnnuel() {
  const { rapport, procedure, modifiable } = useLoaderData<typeof loader>();
  return (
    <div className="fr-container fr-py-6w">
      <h1>Synthèse du rapport annuel d'activité {rapport.annee}</h1>
      {rapport.etat === "nonApplicable" ? (
        <p>
          Aucun rapport annuel d'activité n'est attendu de votre structure pour l'année{" "}
          {rapport.annee}.
        </p>
      ) : (
        <>
          {rapport.id ? (
            <p>
              <a
                className="fr-link fr-link--download"
                href={urlSynthesePdf(rapport.annee)}
                download
              >
                Télécharger la synthèse (PDF)
              </a>
            </p>
          ) : null}
          {modifiable ? (
            <p>
              {rapport.etat === "depose"
                ? `Vous pouvez modifier ce rapport jusqu'au ${dateFr(rapport.dateLimiteModification)} inclus.`
                : `Ce rapport est à déposer au plus tard le ${dateFr(rapport.dateLimiteDepot)} inclus.`}{" "}
              <Link to={urlEtapeRapport(rapport.annee, 1)}>Modifier le rapport</Link>
            </p>
          ) : null}
          <SyntheseRapport rapport={rapport} procedure={procedure} />
        </>
      )}
    </div>
  );
}

/** "Synthèse du rapport annuel d'activité 2025 | …". */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: pageTitle(
      data
        ? `Synthèse du rapport annuel d'activité ${data.rapport.annee}`
        : "Synthèse du rapport annuel d'activité",
    ),
  },
];
