import {
  redirect,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { CENTRAL_ROLES, hasAnyRole } from "#contract/roles";
import {
  lireFiltresEtablissements,
  versParamsEtablissements,
} from "#contract/schemas/etablissements-liste";
import {
  callEndpoint,
  listerDepartements,
  listerEtablissements,
  listerRegions,
} from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { FiltresEtablissementsForm } from "~/components/etablissements/filtres-etablissements";
import { filtresPliablesStyles } from "~/components/filtres-pliables/filtres-pliables";
import { lienEtablissements, nombreEtablissements } from "~/components/etablissements/liste-params";
import { Pagination } from "~/components/listes/pagination";
import { TableauEtablissements } from "~/components/etablissements/tableau-etablissements";
import { pageTitle } from "~/utils/title";

const TITRE = "Établissements référencés";

/**
 * `/etablissements/liste` (spec §2): the referenced
 * establishments the user may see (staff: instruction and central roles;
 * the API scopes them, instruction roles seeing the approvals of their
 * service or perimeter), filtered, sorted and paged from the query string
 * (`GET /api/etablissements`), with the région and département choices.
 * A URL not in the canonical form of its filters (a GET form posts empty
 * fields) redirects to it; a page beyond the last redirects to the last.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireRole(request, context, "staff");
  const url = new URL(request.url);
  const filtres = lireFiltresEtablissements(url.searchParams);
  const canonique = lienEtablissements(filtres);
  if (`?${url.searchParams.toString()}` !== canonique)
    throw redirect(`${url.pathname}${canonique === "?" ? "" : canonique}`);
  const [etablissements, departements, regions] = await Promise.all([
    callEndpoint(request, context, listerEtablissements, {
      encodedQuery: versParamsEtablissements(filtres),
    }),
    callEndpoint(request, context, listerDepartements),
    callEndpoint(request, context, listerRegions),
  ]);
  if (
    etablissements.result.length === 0 &&
    etablissements.nb_pages > 0 &&
    filtres.page > etablissements.nb_pages
  )
    throw redirect(
      `${url.pathname}${lienEtablissements(filtres, { page: etablissements.nb_pages })}`,
    );
  const exportParams = versParamsEtablissements(filtres, { page: 1 }).toString();
  return {
    filtres,
    etablissements,
    departements: departements.map((departement) => ({
      valeur: departement.code,
      libelle: `${departement.code} – ${departement.nom}`,
    })),
    regions: regions.map((region) => ({ valeur: region.code, libelle: region.nom })),
    lienExport: `/etablissements/liste/export.csv${exportParams ? `?${exportParams}` : ""}`,
    central: hasAnyRole(user.roles, CENTRAL_ROLES),
  };
}

export const handle: BreadcrumbHandle = { breadcrumb: TITRE };

export const links: LinksFunction = () => [{ rel: "stylesheet", href: filtresPliablesStyles }];

/**
 * The list page: heading, the filter form, the number of establishments
 * with the CSV download of the same filters, the table and the pagination;
 * empty, a sentence that says whether filters are the cause. Central staff
 * also get the link to the download page (spec §2: the list sits under the
 * establishments entry for them).
 */
export default function ListeEtablissements() {
  const { filtres, etablissements, departements, regions, lienExport, central } =
    useLoaderData<typeof loader>();
  const { pathname } = useLocation();
  const vide = etablissements.nb_elements === 0;
  const filtre =
    lienEtablissements({ ...filtres, orderBy: undefined, orderType: undefined }) !== "?";
  return (
    <div className="fr-container fr-pt-1w fr-pb-6w">
      <h1>{TITRE}</h1>
      {central ? (
        <p>
          <Link
            to="/etablissements/reference"
            className="fr-link fr-icon-arrow-right-line fr-link--icon-right"
          >
            Télécharger les établissements par période ou par société
          </Link>
        </p>
      ) : null}
      <FiltresEtablissementsForm
        filtres={filtres}
        regions={regions}
        departements={departements}
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
                ? filtre
                  ? "Aucun établissement ne correspond à votre recherche."
                  : "Aucun établissement référencé ne vous est accessible pour le moment."
                : nombreEtablissements(etablissements.nb_elements)}
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
          <TableauEtablissements filtres={filtres} etablissements={etablissements.result} />
        )}
        {vide ? null : (
          <Pagination
            page={etablissements.page}
            nbPages={etablissements.nb_pages}
            lien={(numero) => lienEtablissements(filtres, { page: numero })}
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
      "Les établissements référencés par les opérateurs agréés, avec filtres par périmètre d'intervention, tri et export CSV.",
  },
];
