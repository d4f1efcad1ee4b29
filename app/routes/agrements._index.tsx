import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
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
  TEXTES_AGREMENTS,
  lienAgrements,
  rechercheAgrementsActive,
} from "~/components/agrements/liste-params";
import { TableauAgrements } from "~/components/agrements/tableau-agrements";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { filtresPliablesStyles } from "~/components/filtres-pliables/filtres-pliables";
import { metaListe, PageListe } from "~/components/listes/page-liste";
import { chargerPageListe } from "~/components/listes/page-liste.server";
import { t } from "~/i18n";

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
  const { filtres, liste, choix, lienExport } = await chargerPageListe(request, {
    filtres: { lire: lireFiltresAgrements, lien: lienAgrements, versParams: versParamsAgrements },
    lister: (encodedQuery) => callEndpoint(request, context, listerAgrements, { encodedQuery }),
    choix: () =>
      Promise.all([
        callEndpoint(request, context, listerServicesInstructeurs),
        callEndpoint(request, context, listerQualites),
      ]),
    cheminExport: "/agrements/export.csv",
  });
  const [services, qualites] = choix;
  return {
    filtres,
    agrements: liste,
    services: services.map((service) => ({ valeur: String(service.id), libelle: service.nom })),
    qualites: qualites.map((qualite) => ({ valeur: qualite.code, libelle: qualite.libelle })),
    lienExport,
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
  return (
    <PageListe
      titre={TITRE}
      resultats={{
        liste: agrements,
        textes: TEXTES_AGREMENTS,
        recherche: rechercheAgrementsActive(filtres),
        lienExport,
        lienPage: (numero) => lienAgrements(filtres, { page: numero }),
        tableau: (
          <TableauAgrements filtres={filtres} agrements={agrements.result} qualites={qualites} />
        ),
      }}
    >
      <FiltresAgrementsForm filtres={filtres} services={services} qualites={qualites} />
    </PageListe>
  );
}

export const meta: MetaFunction<typeof loader> = () =>
  metaListe(
    TITRE,
    "Les agréments délivrés, suspendus, retirés ou périmés que vous pouvez consulter, avec recherche, filtres, tri et export CSV.",
  );
