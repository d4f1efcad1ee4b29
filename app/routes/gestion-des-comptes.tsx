import { Pagination } from "@codegouvfr/react-dsfr/Pagination";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { libelleEtat } from "#contract/libelles";
import { libelleCourtQualite } from "#contract/qualites";
import { COMPTES_TRI, type CompteDemandeur, type CompteTri } from "#contract/schemas/comptes";
import { callEndpoint, listerComptes } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { titreDossier } from "~/components/dossier/entete-dossier";
import { pageTitle } from "~/utils/title";
import { lirePage } from "#contract/schemas/listes";

const LIBELLES_TRI: Record<CompteTri, string> = {
  dateCreation: "Date de création",
  raisonSociale: "Raison sociale",
  email: "Adresse électronique",
  siren: "SIREN",
};

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

const dateFr = new Intl.DateTimeFormat("fr-FR", { dateStyle: "short", timeZone: "Europe/Paris" });

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
        <div className="fr-table fr-table--no-caption">
          <div className="fr-table__wrapper">
            <div className="fr-table__container">
              <div className="fr-table__content">
                <table>
                  <caption>Comptes des structures demandeuses</caption>
                  <thead>
                    <tr>
                      {(["raisonSociale", "siren"] as const).map((field) => (
                        <ColonneTriable
                          key={field}
                          field={field}
                          tri={tri}
                          sens={sens}
                          lien={lien}
                        />
                      ))}
                      <th scope="col">Représentant</th>
                      <ColonneTriable field="email" tri={tri} sens={sens} lien={lien} />
                      <th scope="col">Qualités</th>
                      <th scope="col">Demandes</th>
                      <ColonneTriable field="dateCreation" tri={tri} sens={sens} lien={lien} />
                    </tr>
                  </thead>
                  <tbody>
                    {comptes.result.map((compte) => (
                      <tr key={compte.id}>
                        <td className="fr-cell--multiline">
                          <Link to={`/gestion-des-comptes/${compte.id}`}>
                            {compte.raisonSociale ?? `${compte.firstName} ${compte.lastName}`}
                          </Link>
                        </td>
                        <td>{compte.siren ?? "—"}</td>
                        <td className="fr-cell--multiline">
                          {compte.firstName} {compte.lastName}
                          {compte.statut === "en_attente" ? (
                            <p className="fr-badge fr-badge--sm fr-badge--warning fr-mt-1v">
                              En attente de confirmation
                            </p>
                          ) : null}
                        </td>
                        <td className="fr-cell--multiline portail-coupure">{compte.email}</td>
                        <td className="fr-cell--multiline">
                          {compte.qualites.map((code) => libelleCourtQualite(code)).join(", ")}
                        </td>
                        <td className="fr-cell--multiline">
                          <DemandesDuCompte demandes={compte.demandes} />
                        </td>
                        <td>{dateFr.format(new Date(compte.dateCreation))}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          </div>
        </div>
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

/**
 * Spec §3 "Account list": the number of the company's requests, then each
 * one with its state (staff read the raw state; a suspension, which the
 * raw state hides behind "Procédure de retrait en cours", is spelled out
 * from the normalised state).
 */
function DemandesDuCompte({ demandes }: { demandes: CompteDemandeur["demandes"] }) {
  if (demandes.length === 0) return <>Aucune</>;
  return (
    <>
      <p className="fr-mb-1v">{`${demandes.length} demande${demandes.length > 1 ? "s" : ""}`}</p>
      <ul className="fr-text--sm fr-mb-0">
        {demandes.map((demande) => (
          <li key={demande.id}>
            {`${titreDossier(demande)} : ${libelleEtat(demande.etat)}`}
            {demande.etatNormalise === "agrement_suspendu" ? " (agrément suspendu)" : null}
          </li>
        ))}
      </ul>
    </>
  );
}

function ColonneTriable(props: {
  field: CompteTri;
  tri: CompteTri;
  sens: "asc" | "desc";
  lien: (changes: Record<string, string | number>) => string;
}) {
  const actif = props.tri === props.field;
  const prochain = actif && props.sens === "asc" ? "desc" : "asc";
  return (
    <th
      scope="col"
      aria-sort={actif ? (props.sens === "asc" ? "ascending" : "descending") : undefined}
    >
      <Link to={props.lien({ tri: props.field, sens: prochain, page: 1 })}>
        {LIBELLES_TRI[props.field]}
        <span className="fr-sr-only">
          {`, trier par ordre ${prochain === "asc" ? "croissant" : "décroissant"}`}
        </span>
      </Link>
    </th>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Gestion des comptes") }];
