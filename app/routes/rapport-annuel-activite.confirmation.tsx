import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { chargerAgrementDuDemandeur } from "~/components/rapport-annuel/rapport-annuel.server";
import { URL_RAPPORT_ANNUEL, urlSynthese } from "~/components/rapport-annuel/urls";
import { pageTitle } from "~/utils/title";

const TITRE = "Rapport annuel d'activité déposé";

/**
 * `/rapport-annuel-activite/confirmation?annee=AAAA` (spec §2, §4
 * "Depositing an annual report leads to /rapport-annuel-activite/confirmation"),
 * applicants holding an approval; the notification of the deposit comes
 * with it. The year, when given, leads to that report's synthesis.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await chargerAgrementDuDemandeur(request, context);
  const annee = new URL(request.url).searchParams.get("annee");
  return { annee: annee && /^\d{4}$/.test(annee) ? Number(annee) : null };
}

export const handle: BreadcrumbHandle = { breadcrumb: TITRE };

/** The confirmation: what happens next, and the links to the synthesis and home. */
export default function ConfirmationRapportAnnuel() {
  const { annee } = useLoaderData<typeof loader>();
  return (
    <div className="fr-container fr-py-6w">
      <h1>{TITRE}</h1>
      <p>
        Votre rapport annuel d'activité{annee ? ` ${annee}` : ""} a bien été transmis à l'Anah. Vous
        pouvez le consulter à tout moment depuis le menu « Rapport annuel d'activité ».
      </p>
      <ul className="fr-btns-group fr-btns-group--inline-md">
        <li>
          <Link className="fr-btn" to={annee ? urlSynthese(annee) : URL_RAPPORT_ANNUEL}>
            Voir la synthèse du rapport
          </Link>
        </li>
        <li>
          <Link className="fr-btn fr-btn--secondary" to="/">
            Retour à l'accueil
          </Link>
        </li>
      </ul>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle(TITRE) }];
