import {
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import {
  EtapeActivite,
  EtapeChangements,
  EtapeEffectifs,
  EtapesRapport,
  titreEtapeRapport,
} from "~/components/rapport-annuel/etapes";
import {
  chargerAgrementDuDemandeur,
  chargerProcedureRaa,
  chargerRapport,
  enregistrerEtapeRapport,
  lireAnnee,
  lireEtapeRapport,
  rapportModifiable,
} from "~/components/rapport-annuel/rapport-annuel.server";
import { urlSynthese } from "~/components/rapport-annuel/urls";
import { dateFr } from "~/utils/dates";
import { pageTitle } from "~/utils/title";

/**
 * `/rapport-annuel-activite/{annee}/etape/{1..3}` (spec §2 annual report
 * in 3 steps; DESIGN §6 one URL per step), applicants holding an approval:
 * the report of that year (GET /api/agrement/{id}/rapport-annuel/{annee})
 * and, for step 3, the attachment groups (GET /api/agrement/procedure-raa).
 * A report that can no longer change (deposited after the limit date,
 * deadline passed, not applicable) is shown read-only on its synthesis.
 * A year or step that is not one → 404.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const agrement = await chargerAgrementDuDemandeur(request, context);
  const annee = lireAnnee(params.annee);
  const etape = lireEtapeRapport(params.etape);
  const [rapport, procedure] = await Promise.all([
    chargerRapport(request, context, agrement.id, annee),
    chargerProcedureRaa(request, context),
  ]);
  if (!rapportModifiable(rapport)) throw redirect(urlSynthese(annee));
  return { rapport, procedure, etape };
}

export const handle: BreadcrumbHandle = { breadcrumb: "Rapport annuel d'activité" };

/**
 * Posts of a step (`intent` enregistrer, suivant, soumettre): see
 * `enregistrerEtapeRapport`. The report is read again so that the save
 * knows whether to create it, its version and its documents.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const agrement = await chargerAgrementDuDemandeur(request, context);
  const annee = lireAnnee(params.annee);
  const etape = lireEtapeRapport(params.etape);
  const rapport = await chargerRapport(request, context, agrement.id, annee);
  if (!rapportModifiable(rapport)) throw redirect(urlSynthese(annee));
  return enregistrerEtapeRapport(request, context, agrement.id, rapport, etape);
}

/**
 * The step's page: title with the year and the deposit deadline, DSFR
 * stepper, then the step's form fed by the saved report or, after a
 * refused post, by what was posted.
 */
export default function EtapeRapportAnnuel() {
  const { rapport, procedure, etape } = useLoaderData<typeof loader>();
  const resultat = useActionData<typeof action>();
  const refus = resultat && resultat.etape === etape ? resultat : null;
  const props = { rapport, lastResult: refus?.lastResult ?? null };
  // A new key per refused post: the form remounts from the posted values.
  const cle = refus?.cle ?? "chargement";
  return (
    <div className="fr-container fr-py-6w">
      <h1>Rapport annuel d'activité {rapport.annee}</h1>
      <p>
        {rapport.etat === "depose"
          ? `Rapport déposé : vous pouvez encore le modifier jusqu'au ${dateFr(rapport.dateLimiteModification)} inclus.`
          : `Rapport sur votre activité de ${rapport.annee}, à déposer au plus tard le ${dateFr(rapport.dateLimiteDepot)} inclus.`}
      </p>
      <EtapesRapport etape={etape} />
      {etape === 1 ? <EtapeEffectifs key={cle} {...props} /> : null}
      {etape === 2 ? <EtapeActivite key={cle} {...props} /> : null}
      {etape === 3 ? <EtapeChangements key={cle} {...props} procedure={procedure} /> : null}
    </div>
  );
}

/** "Étape 1 sur 3 – Effectifs – Rapport annuel d'activité 2025 | …" (RGAA 8.6). */
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  {
    title: pageTitle(
      data ? titreEtapeRapport(data.rapport.annee, data.etape) : "Rapport annuel d'activité",
    ),
  },
];
