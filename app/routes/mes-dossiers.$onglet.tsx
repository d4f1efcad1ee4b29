import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireRole } from "~/.server/auth.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { chargerListeDossiers } from "~/components/dossiers/liste.server";
import { liensListeDossiers, PageListeDossiers } from "~/components/dossiers/page-liste-dossiers";
import { metaListe } from "~/components/listes/page-liste";
import { t } from "~/i18n";

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
  const donnees = await chargerListeDossiers(request, context, {
    base: "/mes-dossiers",
    segment: params.onglet,
    mesDossiers: true,
  });
  return {
    ...donnees,
    videSansRecherche: user.roles.includes("instructeur")
      ? "Aucun dossier ne vous est affecté."
      : "Aucun dossier de votre périmètre n'attend votre action.",
  };
}

export const handle: BreadcrumbHandle = { breadcrumb: TITRE };

export const links = liensListeDossiers;

export default function MesDossiers() {
  return (
    <PageListeDossiers titre={TITRE} base="/mes-dossiers" {...useLoaderData<typeof loader>()} />
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  metaListe(
    data ? `${data.onglet.libelle} – ${TITRE}` : TITRE,
    "Les dossiers qui vous sont affectés ou relèvent de votre périmètre, avec filtres, tri et export CSV.",
  );
