import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRole } from "~/.server/auth.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { chargerListeDossiers } from "~/components/dossiers/liste.server";
import { liensListeDossiers, PageListeDossiers } from "~/components/dossiers/page-liste-dossiers";
import { metaListe } from "~/components/listes/page-liste";
import { t } from "~/i18n";

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
  return chargerListeDossiers(request, context, {
    base: "/tous-les-dossiers",
    segment: params.onglet,
    mesDossiers: false,
  });
}

export const handle: BreadcrumbHandle = { breadcrumb: TITRE };

export const links = liensListeDossiers;

export default function TousLesDossiers() {
  return (
    <PageListeDossiers
      titre={TITRE}
      base="/tous-les-dossiers"
      videSansRecherche="Aucun dossier déposé ne vous est accessible pour le moment."
      {...useLoaderData<typeof loader>()}
    />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  metaListe(
    data ? `${data.onglet.libelle} – ${TITRE}` : TITRE,
    "Les demandes d'agrément et changements notables que vous pouvez consulter, avec filtres, tri et export CSV.",
  );
