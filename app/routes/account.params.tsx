import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ROLE_LABELS } from "#contract/roles";
import type { UtilisateurCourant } from "#contract/schemas/utilisateur";
import { apiJson } from "~/.server/api.server";
import { requireUser } from "~/.server/auth.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { pageTitle } from "~/utils/title";

/** `/account/params` (spec §2): the account information section. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireUser(request, context);
  return { user: await apiJson<UtilisateurCourant>(request, context, "/api/user/account") };
}

export const handle: BreadcrumbHandle = { breadcrumb: "Paramètres du compte" };

export default function AccountParams() {
  const { user } = useLoaderData<typeof loader>();
  const rows: [string, string][] = [
    ["Nom", user.lastName],
    ["Prénom", user.firstName],
    ["Adresse électronique", user.email],
    ["Rôles", user.roles.map((role) => ROLE_LABELS[role]).join(", ")],
  ];
  if (user.service) rows.push(["Service instructeur", user.service.nom]);
  if (user.societe) {
    rows.push(["Raison sociale", user.societe.raisonSociale], ["SIREN", user.societe.siren]);
  }
  if (user.perimetreSupervision) {
    const { regions, departements } = user.perimetreSupervision;
    rows.push([
      "Périmètre de supervision",
      [
        regions.length ? `Régions : ${regions.join(", ")}` : "",
        departements.length ? `Départements : ${departements.join(", ")}` : "",
      ]
        .filter(Boolean)
        .join(" ; ") || "Aucun",
    ]);
  }
  return (
    <div className="fr-container fr-py-6w">
      <h1>Paramètres du compte</h1>
      <h2 className="fr-h4">Informations du compte</h2>
      <dl className="fr-grid-row fr-grid-row--gutters">
        {rows.map(([label, value]) => (
          <div key={label} className="fr-col-12 fr-col-md-6">
            <dt className="fr-text--bold fr-mb-0">{label}</dt>
            <dd className="fr-ml-0">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="fr-text--sm">
        Votre identité est gérée par le service d'authentification de l'Anah. Pour corriger une
        information, écrivez à{" "}
        <a href="mailto:mar-agrement@anah.gouv.fr">mar-agrement@anah.gouv.fr</a>.
      </p>
    </div>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle("Paramètres du compte") }];
