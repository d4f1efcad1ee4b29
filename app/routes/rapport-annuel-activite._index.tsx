import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { LIBELLES_ETAT_RAPPORT_ANNUEL } from "#contract/schemas/rapport-annuel";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import {
  anneeDueMaintenant,
  chargerAgrementDuDemandeur,
  chargerRapport,
  destinationRapport,
} from "~/components/rapport-annuel/rapport-annuel.server";
import { CLASSES_ETAT_RAPPORT } from "~/components/rapport-annuel/synthese";
import { urlSynthese } from "~/components/rapport-annuel/urls";
import { dateHeureFr } from "~/utils/dates";
import { pageTitle } from "~/utils/title";

const TITRE = "Rapport annuel d'activité";

/**
 * `/rapport-annuel-activite/` (spec §2 and its menu rule), applicants
 * holding an approval: while the report of the year due now may be
 * created, filled or deposited, its first step not saved yet (one URL per
 * step); else the synthesis of the latest deposited report (highest year).
 * With neither, the page lists the approval's reports by year and says
 * when the next one is due.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const agrement = await chargerAgrementDuDemandeur(request, context);
  const annee = anneeDueMaintenant(agrement);
  let premiere: number | null = null;
  if (agrement.actionsDisponibles.length) {
    const rapport = await chargerRapport(request, context, agrement.id, annee);
    premiere = [1, 2, 3].find((etape) => !rapport.etapesEnregistrees.includes(etape as 1)) ?? 3;
  }
  const destination = destinationRapport(agrement, premiere);
  if (destination) throw redirect(destination);
  return { rapports: agrement.rapportAnnuelActivites, prochaineAnnee: annee + 1 };
}

export const handle: BreadcrumbHandle = { breadcrumb: TITRE };

/** The reports by year with their state, and when the next report is due. */
export default function RapportAnnuelActivite() {
  const { rapports, prochaineAnnee } = useLoaderData<typeof loader>();
  return (
    <div className="fr-container fr-py-6w">
      <h1>{TITRE}</h1>
      <p>
        Aucun rapport annuel d'activité n'est à compléter pour le moment. Le rapport sur votre
        activité de {prochaineAnnee} sera à déposer entre le 1er janvier et le 31 mars{" "}
        {prochaineAnnee + 1} inclus.
      </p>
      {rapports.length ? (
        <div className="fr-table">
          <table>
            <caption>Vos rapports annuels d'activité</caption>
            <thead>
              <tr>
                <th scope="col">Année</th>
                <th scope="col">État</th>
                <th scope="col">Date de dépôt</th>
                <th scope="col">Synthèse</th>
              </tr>
            </thead>
            <tbody>
              {rapports.map((rapport) => (
                <tr key={rapport.annee}>
                  <td>{rapport.annee}</td>
                  <td>
                    <span className={`fr-badge fr-badge--sm ${CLASSES_ETAT_RAPPORT[rapport.etat]}`}>
                      {LIBELLES_ETAT_RAPPORT_ANNUEL[rapport.etat]}
                    </span>
                  </td>
                  <td>{rapport.dateDepot ? dateHeureFr(rapport.dateDepot) : "—"}</td>
                  <td>
                    <Link to={urlSynthese(rapport.annee)}>Synthèse {rapport.annee}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle(TITRE) }];
