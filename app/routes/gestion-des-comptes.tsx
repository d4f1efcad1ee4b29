import { Pagination } from "@codegouvfr/react-dsfr/Pagination";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { COMPTES_TRI } from "#contract/schemas/comptes";
import { callEndpoint, listerComptes } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { TableauComptes } from "~/components/gestion-des-comptes/tableau-comptes";
import { pageTitle } from "~/utils/title";
import { lirePage } from "#contract/schemas/listes";

/**
 * `/gestion-des-comptes` (admin_fonctionnel only, spec §6): applicant
 * accounts from `GET /api/user/accounts` with search, sort and pagination as
 * plain links and a GET form (no JavaScript needed).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "adminFonctionnel");
  const url = new URL(request.url);
  const query = url.searchParams.get("query")?.trim() || null;
  const tri = COMPTES_TRI.find((field) => field === url.searchParams.get("tri")) ?? "dateCreation";
  const sens: "asc" | "desc" = url.searchParams.get("sens") === "asc" ? "asc" : "desc";
  const page = lirePage(url.searchParams.get("page"));
  const comptes = await callEndpoint(request, context, listerComptes, {
    query: { page: String(page), query: query ?? undefined, [`order[${tri}]`]: sens },
  });
  return { comptes, query, tri, sens };
}

export const handle: BreadcrumbHandle = { breadcrumb: "Gestion des comptes" };

export default function GestionDesComptes() {
  const { comptes, query, tri, sens } = useLoaderData<typeof loader>();
  const lien = (changes: Record<string, string | number>) => {
    const params = new URLSearchParams();
    if (query) params.set("query", query);
    params.set("tri", tri);
    params.set("sens", sens);
    for (const [key, value] of Object.entries(changes)) params.set(key, String(value));
    return `?${params}`;
  };
  return (
    <div className="fr-container fr-py-6w">
      <h1>Gestion des comptes</h1>
      <Form method="get" role="search" className="fr-mb-4w">
        {/* Outside the search bar, whose DSFR style hides its label. */}
        <label className="fr-label fr-mb-1w" htmlFor="query">
          Rechercher un compte (raison sociale, SIREN, adresse électronique ou nom)
        </label>
        <div className="fr-search-bar fr-search-bar--lg" id="recherche-comptes">
          <input
            className="fr-input"
            type="search"
            id="query"
            name="query"
            defaultValue={query ?? ""}
          />
          <input type="hidden" name="tri" value={tri} />
          <input type="hidden" name="sens" value={sens} />
          <button type="submit" className="fr-btn" title="Rechercher">
            Rechercher
          </button>
        </div>
      </Form>
      <p role="status">
        {comptes.nb_elements === 0
          ? "Aucun compte ne correspond à votre recherche."
          : `${comptes.nb_elements.toLocaleString("fr-FR")} compte${comptes.nb_elements > 1 ? "s" : ""}`}
      </p>
      {comptes.result.length > 0 ? (
        <p>
          {/* A plain link: the CSV is a resource route streamed from the API. */}
          <a
            className="fr-btn fr-btn--secondary fr-btn--icon-left fr-icon-download-line"
            href={`/gestion-des-comptes/export.csv${lien({})}`}
            download
          >
            Exporter les comptes (CSV)
          </a>
        </p>
      ) : null}
      {comptes.result.length > 0 ? (
        <TableauComptes comptes={comptes.result} ordre={{ tri, sens, lien }} />
      ) : null}
      {comptes.nb_pages > 1 ? (
        <Pagination
          count={comptes.nb_pages}
          defaultPage={comptes.page}
          getPageLinkProps={(page) => ({ to: lien({ page }) })}
          showFirstLast
        />
      ) : null}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Gestion des comptes") }];
