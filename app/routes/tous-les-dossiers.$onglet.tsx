import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRole } from "~/.server/auth.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { comptesOnglets } from "~/components/dossiers/comptes-onglets.server";
import { chargerListeDossiers } from "~/components/dossiers/liste.server";
import { ongletsStyles } from "~/components/dossiers/onglets-dossiers";
import { PageListeDossiers } from "~/components/dossiers/page-liste-dossiers";
import { filtresPliablesStyles } from "~/components/filtres-pliables/filtres-pliables";
import { t } from "~/i18n";
import { pageTitle } from "~/utils/title";

const TITRE = t("navigation.tousLesDossiers");

/**
 * `/tous-les-dossiers/demande` and `/tous-les-dossiers/changements-notables`
 * (spec §2; `/tous-les-dossiers/changement-notable` redirects to the
 * latter): every file the user may see (staff: instruction and central
 * roles; the API scopes them, DESIGN §4), filtered, sorted and paged from
 * the query string.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, "staff");
  const [donnees, comptes] = await Promise.all([
    chargerListeDossiers(request, context, {
      base: "/tous-les-dossiers",
      segment: params.onglet,
      mesDossiers: false,
    }),
    comptesOnglets(request, context, false),
  ]);
  return { ...donnees, comptes };
}

export const handle: BreadcrumbHandle = { breadcrumb: TITRE };

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: ongletsStyles },
  { rel: "stylesheet", href: filtresPliablesStyles },
];

export default function TousLesDossiers() {
  const { comptes, ...donnees } = useLoaderData<typeof loader>();
  return (
    <PageListeDossiers
      titre={TITRE}
      base="/tous-les-dossiers"
      videSansRecherche="Aucun dossier déposé ne vous est accessible pour le moment."
      donnees={donnees}
      comptes={comptes}
    />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `${data.onglet.libelle} – ${TITRE}` : TITRE) },
  {
    name: "description",
    content:
      "Les demandes d'agrément et changements notables que vous pouvez consulter, avec filtres, tri et export CSV.",
  },
];
