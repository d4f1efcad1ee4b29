import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { listerSuperviseurs } from "~/.server/administration.server";
import { callEndpoint, listerDepartements, listerRegions } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { Tableau } from "~/components/tableau";
import { libellePerimetre } from "~/components/superviseurs/libelle-perimetre";
import { pageTitle } from "~/utils/title";

const TITRE = "Superviseurs";

/**
 * The superviseurs with their service, bound and perimeter (GET
 * /api/administration/superviseurs, ADR 0041), and the referential's names;
 * admin_fonctionnel only.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireRole(request, context, "adminFonctionnel");
  const [superviseurs, regions, departements] = await Promise.all([
    callEndpoint(request, context, listerSuperviseurs),
    callEndpoint(request, context, listerRegions),
    callEndpoint(request, context, listerDepartements),
  ]);
  return { superviseurs, regions, departements };
}

export const handle: BreadcrumbHandle = { breadcrumb: TITRE };

/**
 * `/administration/superviseurs` (ADR 0041): one row per superviseur — his
 * name (a link to his page, where the bound is set and its history read),
 * service, what he may choose, his perimeter, flagged when it leaves the bound.
 */
export default function AdministrationSuperviseurs() {
  const { superviseurs, regions, departements } = useLoaderData<typeof loader>();
  return (
    <div className="fr-container fr-pb-6w">
      <h1>{TITRE}</h1>
      <p>
        Un superviseur choisit son périmètre dans sa borne : par défaut, les régions des
        départements de son service instructeur. Vous pouvez lui ouvrir d'autres régions ou
        départements depuis sa page ; chaque changement est écrit dans l'historique de son compte.
      </p>
      {superviseurs.length === 0 ? (
        <p>Aucun compte n'a le rôle superviseur.</p>
      ) : (
        <Tableau
          id="superviseurs"
          legende="Superviseurs, leur borne et leur périmètre"
          entetes={["Superviseur", "Service instructeur", "Peut choisir", "Périmètre"]}
        >
          {superviseurs.map((superviseur) => (
            <tr key={superviseur.id}>
              <td className="fr-cell--multiline">
                <Link to={`/administration/superviseurs/${superviseur.id}`}>
                  {superviseur.prenom} {superviseur.nom}
                </Link>
                <br />
                <span className="fr-text--sm">{superviseur.email}</span>
              </td>
              <td className="fr-cell--multiline">{superviseur.service ?? "Aucun"}</td>
              <td className="fr-cell--multiline">
                {libellePerimetre(superviseur.borne, regions, departements)}
                {superviseur.borneOuverte ? null : (
                  <span className="fr-text--sm"> (régions de son service)</span>
                )}
              </td>
              <td className="fr-cell--multiline">
                {superviseur.perimetre
                  ? libellePerimetre(superviseur.perimetre, regions, departements)
                  : "Non défini (son service)"}
                {superviseur.horsBorne ? (
                  <>
                    <br />
                    <p className="fr-badge fr-badge--warning fr-badge--sm">Sort de sa borne</p>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </Tableau>
      )}
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle(TITRE) }];
