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

const TITRE = t("navigation.mesDossiers");

/**
 * `/mes-dossiers/demande` and `/mes-dossiers/changements-notables` (spec
 * §2, managers only; `/mes-dossiers/changement-notable` redirects to the
 * latter): "my files" (DESIGN §4: assigned to me for an instructeur, in my
 * perimeter for a superviseur; the API decides with `mesDossiers=true`),
 * filtered, sorted and paged like all files.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireRole(request, context, "manager");
  const [donnees, comptes] = await Promise.all([
    chargerListeDossiers(request, context, {
      base: "/mes-dossiers",
      segment: params.onglet,
      mesDossiers: true,
    }),
    comptesOnglets(request, context, true),
  ]);
  return {
    ...donnees,
    comptes,
    videSansRecherche: user.roles.includes("instructeur")
      ? "Aucun dossier ne vous est affecté."
      : "Aucun dossier de votre périmètre n'attend votre action.",
  };
}

export const handle: BreadcrumbHandle = { breadcrumb: TITRE };

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: ongletsStyles },
  { rel: "stylesheet", href: filtresPliablesStyles },
];

export default function MesDossiers() {
  const { videSansRecherche, comptes, ...donnees } = useLoaderData<typeof loader>();
  return (
    <PageListeDossiers
      titre={TITRE}
      base="/mes-dossiers"
      videSansRecherche={videSansRecherche}
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
      "Les dossiers qui vous sont affectés ou relèvent de votre périmètre, avec filtres, tri et export CSV.",
  },
];
