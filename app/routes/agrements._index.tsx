import {
  redirect,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { lireFiltresAgrements, versParamsAgrements } from "#contract/schemas/agrements-liste";
import {
  callEndpoint,
  listerAgrements,
  listerQualites,
  listerServicesInstructeurs,
} from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import { FiltresAgrementsForm } from "~/components/agrements/filtres-agrements";
import {
  lienAgrements,
  nombreAgrements,
  rechercheAgrementsActive,
} from "~/components/agrements/liste-params";
import { TableauAgrements } from "~/components/agrements/tableau-agrements";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { filtresPliablesStyles } from "~/components/filtres-pliables/filtres-pliables";
import { Pagination } from "~/components/listes/pagination";
import { t } from "~/i18n";
import { pageTitle } from "~/utils/title";

const TITRE = t("navigation.agrements");

/**
 * `/agrements` (spec §2 "Approvals list"): the approvals
 * the user may see (staff; the API scopes them: everything for the central
 * roles, his service for an instructeur, his perimeter for a superviseur),
 * searched, filtered, sorted and paged from the query string
 * (`GET /api/agrements`), with the service and quality choices. A URL not
 * in the canonical form of its filters (a GET form posts empty fields)
 * redirects to it; a page beyond the last redirects to the last. A
 * demandeur gets the 403 page.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "staff");
  const url = new URL(request.url);
  const filtres = lireFiltresAgrements(url.searchParams);
  const canonique = lienAgrements(filtres);
  if (`?${url.searchParams.toString()}` !== canonique)
    throw redirect(`${url.pathname}${canonique === "?" ? "" : canonique}`);
  const [agrements, services, qualites] = await Promise.all([
    callEndpoint(request, context, listerAgrements, {
      encodedQuery: versParamsAgrements(filtres),
    }),
    callEndpoint(request, context, listerServicesInstructeurs),
    callEndpoint(request, context, listerQualites),
  ]);
  if (agrements.result.length === 0 && agrements.nb_pages > 0 && filtres.page > agrements.nb_pages)
    throw redirect(`${url.pathname}${lienAgrements(filtres, { page: agrements.nb_pages })}`);
  const exportParams = versParamsAgrements(filtres, { page: 1 }).toString();
  return {
    filtres,
    agrements,
    services: services.map((service) => ({ valeur: String(service.id), libelle: service.nom })),
    qualites: qualites.map((qualite) => ({ valeur: qualite.code, libelle: qualite.libelle })),
    lienExport: `/agrements/export.csv${exportParams ? `?${exportParams}` : ""}`,
  };
}

export const handle: BreadcrumbHandle = { breadcrumb: TITRE };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: filtresPliablesStyles }];

/**
 * The list page: heading, the folded filter form, the number of approvals
 * with the CSV download of the same filters, the table and the
 * pagination; empty, a sentence that says whether the filters are the cause.
 */
export default function ListeAgrements() {
  const { filtres, agrements, services, qualites, lienExport } = useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const vide = agrements.nb_elements === 0;
  return (
    <div className="fr-container fr-pt-1w fr-pb-6w">
      <h1>{TITRE}</h1>
      <FiltresAgrementsForm
        filtres={filtres}
        services={services}
        qualites={qualites}
        chemin={pathname}
      />
      <section aria-labelledby="resultats-titre">
        <div className="fr-grid-row fr-grid-row--middle fr-grid-row--gutters fr-mb-1w">
          <div className="fr-col">
            <h2 className="fr-h5 fr-mb-0" id="resultats-titre">
              Résultats
            </h2>
            <p className="fr-mb-0" role="status">
              {vide
                ? rechercheAgrementsActive(filtres)
                  ? "Aucun agrément ne correspond à votre recherche."
                  : "Aucun agrément ne vous est accessible pour le moment."
                : nombreAgrements(agrements.nb_elements)}
            </p>
          </div>
          <div className="fr-col-auto">
            {/* A file download, not a page: the browser fetches it itself. */}
            <a
              className="fr-link fr-link--icon-left fr-icon-download-line"
              href={lienExport}
              download
            >
              Télécharger (CSV)
            </a>
          </div>
        </div>
        {vide ? null : (
          <TableauAgrements filtres={filtres} agrements={agrements.result} qualites={qualites} />
        )}
        {vide ? null : (
          <Pagination
            page={agrements.page}
            nbPages={agrements.nb_pages}
            lien={(numero) => lienAgrements(filtres, { page: numero })}
          />
        )}
      </section>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = () => [
  { title: pageTitle(TITRE) },
  {
    name: "description",
    content:
      "Les agréments délivrés, suspendus, retirés ou périmés que vous pouvez consulter, avec recherche, filtres, tri et export CSV.",
  },
];
