import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BADGES_AGREMENT } from "~/components/agrement/agrement";
import { AttestationsAgrement } from "~/components/agrement/attestations-agrement";
import { chargerAgrementDuDemandeur } from "~/components/agrement/mon-agrement.server";
import { PerimetreAgrement } from "~/components/agrement/perimetre-agrement";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { TUILE_MES_CHANGEMENTS } from "~/components/changement-notable/accueil";
import { dateFr } from "~/utils/dates";
import { pageTitle } from "~/utils/title";

const TITRE = "Mon agrément";

/**
 * `/mon-agrement` (spec §2, guarded, with breadcrumb; §4 "accessible when
 * the approval is en_cours or suspendu"), applicants only: their approval
 * from `GET /api/agrement/mon-agrement`. Without one, or with an approval
 * withdrawn or expired, home with an information notification.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return { agrement: await chargerAgrementDuDemandeur(request, context) };
}

export const handle: BreadcrumbHandle = { breadcrumb: TITRE };

/**
 * The approval (spec §3 Agrement): number and status badge, company, dates
 * of grant, start and end of validity (JJ/MM/AAAA), the granted perimeter
 * by level (régions, départements, EPCI, communes) and the certificates,
 * the current one first, each with its download link.
 */
export default function MonAgrement() {
  const { agrement } = useLoaderData<typeof loader>();
  const badge = BADGES_AGREMENT[agrement.etat];
  const dates: [string, string][] = [
    ["Numéro d'agrément", agrement.numeroAgrement],
    ["Structure", agrement.raisonSociale],
    ["Date d'octroi", dateFr(agrement.dateOctroi)],
    ["Début de validité", dateFr(agrement.dateDebut)],
    ["Fin de validité", dateFr(agrement.dateFin)],
  ];
  return (
    <div className="fr-container fr-pb-6w">
      <h1>{TITRE}</h1>
      <p className="fr-mb-4w">
        <span className={`fr-badge ${badge.classe}`}>{badge.libelle}</span>
      </p>
      {agrement.etat === "suspendu" ? (
        <div className="fr-alert fr-alert--warning fr-mb-4w">
          <h2 className="fr-alert__title">Votre agrément est suspendu</h2>
          <p>
            Une procédure de retrait est en cours. Pendant la suspension, qui dure au plus trois
            mois, vos établissements ne sont plus visibles des ménages et vous ne pouvez pas en
            référencer de nouveaux.
          </p>
        </div>
      ) : null}
      <section className="fr-mb-6w" aria-labelledby="agrement-informations">
        <h2 id="agrement-informations" className="fr-h4">
          Informations
        </h2>
        <dl className="fr-grid-row fr-grid-row--gutters">
          {dates.map(([libelle, valeur]) => (
            <div key={libelle} className="fr-col-12 fr-col-sm-6 fr-col-md-4">
              <dt className="fr-text--sm fr-mb-0">{libelle}</dt>
              <dd className="fr-ml-0 fr-text--bold">{valeur}</dd>
            </div>
          ))}
        </dl>
      </section>
      <PerimetreAgrement perimetre={agrement.perimetre} />
      <p className="fr-mb-6w">
        <Link
          className="fr-link fr-icon-arrow-right-line fr-link--icon-right"
          to={TUILE_MES_CHANGEMENTS.href}
        >
          Étendre mon périmètre d'intervention : mes demandes de changement notable
        </Link>
      </p>
      <AttestationsAgrement attestations={agrement.attestations} />
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle(TITRE) }];
