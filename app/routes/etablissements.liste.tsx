import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
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
import {
  TEXTES_ETABLISSEMENTS,
  lienEtablissements,
  rechercheEtablissementsActive,
} from "~/components/etablissements/liste-params";
import { TableauEtablissements } from "~/components/etablissements/tableau-etablissements";
import { filtresPliablesStyles } from "~/components/filtres-pliables/filtres-pliables";
import { metaListe, PageListe } from "~/components/listes/page-liste";
import { chargerPageListe } from "~/components/listes/page-liste.server";

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
  const { filtres, liste, choix, lienExport } = await chargerPageListe(request, {
    filtres: {
      lire: lireFiltresEtablissements,
      lien: lienEtablissements,
      versParams: versParamsEtablissements,
    },
    lister: (encodedQuery) =>
      callEndpoint(request, context, listerEtablissements, { encodedQuery }),
    choix: () =>
      Promise.all([
        callEndpoint(request, context, listerDepartements),
        callEndpoint(request, context, listerRegions),
      ]),
    cheminExport: "/etablissements/liste/export.csv",
  });
  const [departements, regions] = choix;
  return {
    filtres,
    etablissements: liste,
    departements: departements.map((departement) => ({
      valeur: departement.code,
      libelle: `${departement.code} – ${departement.nom}`,
    })),
    regions: regions.map((region) => ({ valeur: region.code, libelle: region.nom })),
    lienExport,
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
  return (
    <PageListe
      titre={TITRE}
      resultats={{
        liste: etablissements,
        textes: TEXTES_ETABLISSEMENTS,
        recherche: rechercheEtablissementsActive(filtres),
        lienExport,
        lienPage: (numero) => lienEtablissements(filtres, { page: numero }),
        tableau: <TableauEtablissements filtres={filtres} etablissements={etablissements.result} />,
      }}
    >
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
      <FiltresEtablissementsForm filtres={filtres} regions={regions} departements={departements} />
    </PageListe>
  );
}

export const meta: MetaFunction<typeof loader> = () =>
  metaListe(
    TITRE,
    "Les établissements référencés par les opérateurs agréés, avec filtres par périmètre d'intervention, tri et export CSV.",
  );
