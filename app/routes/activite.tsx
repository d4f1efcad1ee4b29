import {
  redirect,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import {
  ETAPES_INSTRUCTION,
  LIBELLES_ETAPES,
  activiteFiltree,
  lireFiltresActivite,
  versParamsActivite,
} from "#contract/schemas/activites";
import { QUALITES } from "#contract/qualites";
import { CENTRAL_ROLES, MANAGER_ROLES, hasAnyRole } from "#contract/roles";
import {
  callEndpoint,
  listerDepartements,
  listerRegions,
  listerServicesInstructeurs,
} from "~/.server/api-client.server";
import { refusAcces, requireUser } from "~/.server/auth.server";
import { chargerActivite } from "~/components/activite/activite.server";
import { MAX_INSTRUCTEURS_GRAPHIQUE, SERIES } from "~/components/activite/series";
import { FiltresActiviteForm } from "~/components/activite/filtres-activite";
import { Indicateurs } from "~/components/activite/indicateurs";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { filtresPliablesStyles } from "~/components/filtres-pliables/filtres-pliables";
import { Graphique } from "~/components/graphiques/graphique";
import { TableauDonnees } from "~/components/graphiques/tableau-donnees";
import { dateHeureFr } from "~/utils/dates";
import { nombreFr } from "~/utils/nombres";
import { pageTitle } from "~/utils/title";

const TITRE = "Suivi de l'activité";

/** "AAAA-MM" → "MM/AAAA". */
const mois = (valeur: string) => `${valeur.slice(5, 7)}/${valeur.slice(0, 4)}`;

/**
 * `/activite` (spec §2, §3 Activities, §9): the
 * activity indicators for managers (their service or perimeter) and
 * central roles (the nation), the filters of spec §9 from the query string,
 * each breakdown in its own section with its chart (SVG drawn on the
 * server) and table, and the CSV download of the same filters. Any other
 * role gets the 403 page. A query not in the canonical form of its filters
 * (a GET form also sends its empty fields) redirects to it; a refused
 * period (malformed, or end before start) shows its message on its field
 * and no figure.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  if (!hasAnyRole(user.roles, [...MANAGER_ROLES, ...CENTRAL_ROLES])) throw refusAcces();
  const url = new URL(request.url);
  const { filtres, erreurs } = lireFiltresActivite(url.searchParams);
  const enErreur = Object.keys(erreurs).length > 0;
  const canonique = versParamsActivite(filtres).toString();
  if (!enErreur && url.searchParams.toString() !== canonique)
    throw redirect(`/activite${canonique ? `?${canonique}` : ""}`);
  const [regions, departements, services, activite] = await Promise.all([
    callEndpoint(request, context, listerRegions),
    callEndpoint(request, context, listerDepartements),
    callEndpoint(request, context, listerServicesInstructeurs),
    enErreur ? null : chargerActivite(request, context, filtres),
  ]);
  return {
    filtres,
    erreurs,
    saisie: {
      dateDebut: url.searchParams.get("dateDebut") ?? "",
      dateFin: url.searchParams.get("dateFin") ?? "",
    },
    filtree: activiteFiltree(filtres),
    activite,
    lienExport: `/activite/export.csv${canonique ? `?${canonique}` : ""}`,
    regions: regions.map((r) => ({ valeur: r.code, libelle: r.nom })),
    departements: departements.map((d) => ({ valeur: d.code, libelle: `${d.code} – ${d.nom}` })),
    services: services.map((s) => ({ valeur: String(s.id), libelle: s.nom })),
    qualites: QUALITES.map((q) => ({ valeur: q.code, libelle: q.libelle })),
  };
}

export const handle: BreadcrumbHandle = { breadcrumb: TITRE };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: filtresPliablesStyles }];

export const meta: MetaFunction<typeof loader> = () => [
  { title: pageTitle(TITRE) },
  {
    name: "description",
    content: "Indicateurs de dépôt, d'instruction, de délais et d'agréments, avec leurs détails.",
  },
];

/**
 * The page: heading, the filters, the indicators, then one section per
 * breakdown (deposits and decisions by month, processing delays, load by
 * instructor, deemed-rejected files, approvals granted by state and
 * département), each with a chart and its data.
 */
export default function Activite() {
  const { filtres, erreurs, saisie, filtree, activite, lienExport, ...choix } =
    useLoaderData<typeof loader>();
  return (
    <div className="fr-container fr-py-6w">
      <h1>{TITRE}</h1>
      <FiltresActiviteForm filtres={filtres} saisie={saisie} erreurs={erreurs} {...choix} />
      {activite === null ? (
        <div className="fr-alert fr-alert--error fr-alert--sm fr-mb-4w" role="alert">
          <p>Corrigez la période pour afficher l'activité.</p>
        </div>
      ) : (
        <>
          <div className="fr-grid-row fr-grid-row--middle fr-grid-row--gutters fr-mb-2w">
            <div className="fr-col">
              <h2 className="fr-h4 fr-mb-0" id="indicateurs">
                Indicateurs
              </h2>
              <p className="fr-text--sm fr-mb-0">
                {filtree
                  ? "Pour les filtres choisis, dans votre périmètre."
                  : "Toute la période, dans votre périmètre."}
                {activite.indicateurs.calculeLe
                  ? ` Chiffres calculés le ${dateHeureFr(activite.indicateurs.calculeLe)}, actualisés chaque minute.`
                  : null}
              </p>
            </div>
            <div className="fr-col-auto">
              <a
                className="fr-link fr-link--icon-left fr-icon-download-line"
                href={lienExport}
                download
              >
                Télécharger le suivi (CSV)
              </a>
            </div>
          </div>
          <Indicateurs indicateurs={activite.indicateurs} />
          <nav className="fr-summary fr-my-4w" aria-labelledby="sommaire-activite">
            <p className="fr-summary__title" id="sommaire-activite">
              Détails
            </p>
            <ol className="fr-summary__list">
              <li>
                <a className="fr-summary__link" href="#details-deposee">
                  Dossiers déposés et décisions
                </a>
              </li>
              <li>
                <a className="fr-summary__link" href="#details-delai-moyen">
                  Délais de traitement
                </a>
              </li>
              <li>
                <a className="fr-summary__link" href="#details-charge-instructeurs">
                  Charge des instructeurs
                </a>
              </li>
              <li>
                <a className="fr-summary__link" href="#details-reputes-rejetes">
                  Dossiers réputés rejetés
                </a>
              </li>
              <li>
                <a className="fr-summary__link" href="#details-agrements-accordes">
                  Agréments accordés
                </a>
              </li>
            </ol>
          </nav>

          <section aria-labelledby="details-deposee" className="fr-mb-6w">
            <h2 className="fr-h4" id="details-deposee">
              Dossiers déposés et décisions
            </h2>
            <div className="fr-grid-row fr-grid-row--gutters">
              <div className="fr-col-12 fr-col-lg-6">
                <Graphique
                  id="graphique-depots"
                  titre="Dépôts et décisions par mois"
                  svg={activite.graphiques.depots}
                  donnees={
                    <TableauDonnees
                      legende="Dépôts et décisions par mois"
                      entetes={["Mois", ...SERIES.mensuel]}
                      lignes={activite.deposee.map((m) => [
                        mois(m.mois),
                        m.deposees,
                        m.validees,
                        m.refusees,
                      ])}
                      vide="Aucun dépôt ni décision sur la période."
                    />
                  }
                />
              </div>
              <div className="fr-col-12 fr-col-lg-6">
                <Graphique
                  id="graphique-etapes"
                  titre="Dossiers déposés par étape d'instruction"
                  svg={activite.graphiques.etapes}
                  donnees={
                    <TableauDonnees
                      legende="Dossiers déposés par étape d'instruction"
                      entetes={["Étape", "Dossiers"]}
                      lignes={ETAPES_INSTRUCTION.map((etape) => [
                        LIBELLES_ETAPES[etape],
                        activite.indicateurs.nbDemandesDeposees.parEtape[etape],
                      ])}
                    />
                  }
                />
              </div>
            </div>
          </section>

          <section aria-labelledby="details-delai-moyen" className="fr-mb-6w">
            <h2 className="fr-h4" id="details-delai-moyen">
              Délais de traitement
            </h2>
            <p>
              Du dépôt à la décision (agrément validé ou refusé), en jours calendaires, suspensions
              déduites.
            </p>
            <div className="fr-grid-row fr-grid-row--gutters">
              <div className="fr-col-12 fr-col-lg-6">
                <Graphique
                  id="graphique-delais"
                  titre="Répartition des délais de traitement"
                  svg={activite.graphiques.delais}
                  donnees={
                    <TableauDonnees
                      legende="Répartition des délais de traitement"
                      entetes={["Délai", "Décisions"]}
                      lignes={activite.delais.distribution.map((t) => [t.libelle, t.nb])}
                    />
                  }
                />
              </div>
              <div className="fr-col-12 fr-col-lg-6">
                <TableauDonnees
                  legende="Délai moyen par mois de décision"
                  entetes={["Mois", "Décisions", "Délai moyen (jours)"]}
                  lignes={activite.delais.parMois.map((m) => [
                    mois(m.mois),
                    m.nbDecisions,
                    nombreFr(m.moyenne),
                  ])}
                  vide="Aucune décision sur la période."
                />
              </div>
            </div>
          </section>

          <section aria-labelledby="details-charge-instructeurs" className="fr-mb-6w">
            <h2 className="fr-h4" id="details-charge-instructeurs">
              Charge des instructeurs
            </h2>
            <p>
              Dossiers déposés sur la période, par service et par instructeur affecté ; le graphique
              montre les {MAX_INSTRUCTEURS_GRAPHIQUE} instructeurs les plus chargés.
            </p>
            <div className="fr-grid-row fr-grid-row--gutters">
              <div className="fr-col-12 fr-col-lg-6">
                <Graphique
                  id="graphique-charge"
                  titre="Dossiers par instructeur"
                  svg={activite.graphiques.charge}
                  donnees={
                    <TableauDonnees
                      legende="Dossiers des instructeurs les plus chargés"
                      entetes={["Instructeur", ...SERIES.charge]}
                      lignes={activite.charge
                        .filter((c) => c.instructeurId !== null)
                        .sort((x, y) => y.nbDossiers - x.nbDossiers)
                        .slice(0, MAX_INSTRUCTEURS_GRAPHIQUE)
                        .map((c) => [c.instructeur, c.nbEnCours, c.nbDossiers - c.nbEnCours])}
                      vide="Aucun dossier affecté sur la période."
                    />
                  }
                />
              </div>
              <div className="fr-col-12 fr-col-lg-6">
                <TableauDonnees
                  legende="Dossiers par service et par instructeur"
                  entetes={["Service", "Instructeur", "Dossiers", "En cours"]}
                  lignes={activite.charge.map((c) => [
                    c.service,
                    c.instructeur,
                    c.nbDossiers,
                    c.nbEnCours,
                  ])}
                  vide="Aucun dossier sur la période."
                />
              </div>
            </div>
          </section>

          <section aria-labelledby="details-reputes-rejetes" className="fr-mb-6w">
            <h2 className="fr-h4" id="details-reputes-rejetes">
              Dossiers réputés rejetés
            </h2>
            <p>
              Délai d'instruction expiré sans décision, ou rejet tacite prononcé, par département du
              siège.
            </p>
            <TableauDonnees
              legende="Dossiers réputés rejetés par département"
              entetes={["Département", "Délai expiré sans décision", "Rejetés tacitement"]}
              lignes={activite.reputes.map((d) => [
                `${d.codeDepartement ?? ""} ${d.departement}`.trim(),
                d.nbReputesRejetes,
                d.nbRejeteesTacitement,
              ])}
              vide="Aucun dossier réputé rejeté."
            />
          </section>

          <section aria-labelledby="details-agrements-accordes" className="fr-mb-6w">
            <h2 className="fr-h4" id="details-agrements-accordes">
              Agréments accordés
            </h2>
            <p>Agréments accordés sur la période, selon leur état aujourd'hui.</p>
            <div className="fr-grid-row fr-grid-row--gutters">
              <div className="fr-col-12 fr-col-lg-6">
                <Graphique
                  id="graphique-agrements"
                  titre="Agréments accordés par état"
                  svg={activite.graphiques.agrements}
                  donnees={
                    <TableauDonnees
                      legende="Agréments accordés par état"
                      entetes={["État", "Agréments"]}
                      lignes={activite.etatsAgrements.map(([etat, nb]) => [etat, nb])}
                    />
                  }
                />
              </div>
              <div className="fr-col-12 fr-col-lg-6">
                <TableauDonnees
                  legende="Agréments accordés par département du siège"
                  entetes={["Département", "Actifs", "dont en procédure", "Suspendus", "Retirés"]}
                  lignes={activite.agrements.map((d) => [
                    `${d.codeDepartement ?? ""} ${d.departement}`.trim(),
                    d.actifs,
                    d.procedureEnCours,
                    d.suspendus,
                    d.retires,
                  ])}
                  vide="Aucun agrément accordé sur la période."
                />
              </div>
            </div>
          </section>
        </>
      )}
    </div>
  );
}
