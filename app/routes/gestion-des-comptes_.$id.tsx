import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { callEndpoint, lireCompte } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { FicheCompte } from "~/components/gestion-des-comptes/fiche-compte";
import { pageTitle } from "~/utils/title";

/**
 * `/gestion-des-comptes/{id}` (admin_fonctionnel only, spec §3 "Account
 * list/detail", §6): the applicant account from `GET /api/user/account/{id}`
 * (404 page for an unknown id), under "Gestion des comptes" in the
 * breadcrumb.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, "adminFonctionnel");
  const compte = await callEndpoint(request, context, lireCompte, { params: { id: params.id! } });
  return {
    compte,
    breadcrumb: compte.raisonSociale ?? `${compte.firstName} ${compte.lastName}`,
    breadcrumbParents: [{ label: "Gestion des comptes", href: "/gestion-des-comptes" }],
  };
}

export const handle: BreadcrumbHandle = { breadcrumb: "Compte" };

/** The account detail page: {@link FicheCompte} and a link back to the list. */
export default function DetailCompte() {
  const { compte } = useLoaderData<typeof loader>();
  return (
    <div className="fr-container fr-pb-6w">
      <h1>{compte.raisonSociale ?? `${compte.firstName} ${compte.lastName}`}</h1>
      <FicheCompte compte={compte} />
      <p className="fr-mt-4w">
        <Link
          className="fr-link fr-icon-arrow-left-line fr-link--icon-left"
          to="/gestion-des-comptes"
        >
          Retour à la gestion des comptes
        </Link>
      </p>
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Compte ${data.breadcrumb}` : "Compte") },
];
