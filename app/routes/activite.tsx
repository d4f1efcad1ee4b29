import {
  redirect,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import {
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
import { DetailsAgrements } from "~/components/activite/details-agrements";
import { DetailsCharge } from "~/components/activite/details-charge";
import { DetailsDelais } from "~/components/activite/details-delais";
import { DetailsDepots } from "~/components/activite/details-depots";
import { DetailsReputes } from "~/components/activite/details-reputes";
import { EnTeteIndicateurs } from "~/components/activite/en-tete-indicateurs";
import { FiltresActiviteForm } from "~/components/activite/filtres-activite";
import { Indicateurs } from "~/components/activite/indicateurs";
import { SommaireDetails } from "~/components/activite/sommaire-details";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { filtresPliablesStyles } from "~/components/filtres-pliables/filtres-pliables";
import { pageTitle } from "~/utils/title";

const TITRE = "Suivi de l'activité";

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
          <EnTeteIndicateurs
            filtree={filtree}
            calculeLe={activite.indicateurs.calculeLe}
            lienExport={lienExport}
          />
          <Indicateurs indicateurs={activite.indicateurs} />
          <SommaireDetails />
          <DetailsDepots activite={activite} />
          <DetailsDelais activite={activite} />
          <DetailsCharge activite={activite} />
          <DetailsReputes activite={activite} />
          <DetailsAgrements activite={activite} />
        </>
      )}
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = () => [
  { title: pageTitle(TITRE) },
  {
    name: "description",
    content: "Indicateurs de dépôt, d'instruction, de délais et d'agréments, avec leurs détails.",
  },
];
