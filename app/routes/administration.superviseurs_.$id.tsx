import { parseWithZod } from "@conform-to/zod";
import {
  data,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { schemaBorneSupervision } from "#contract/schemas/administration";
import { fixerBorneSuperviseur, lireSuperviseur } from "~/.server/administration.server";
import { callEndpoint, listerDepartements, listerRegions } from "~/.server/api-client.server";
import { requireRole } from "~/.server/auth.server";
import { refusDuFormulaire } from "~/.server/refus-api.server";
import { redirectWithToast } from "~/.server/toast.server";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { FormulairePerimetreSupervision } from "~/components/parametres-compte/perimetre-supervision";
import { HistoriqueSuperviseur } from "~/components/superviseurs/historique-superviseur";
import { libellePerimetre } from "~/components/superviseurs/libelle-perimetre";
import { t } from "~/i18n";
import { pageTitle } from "~/utils/title";

/**
 * `/administration/superviseurs/{id}` (admin_fonctionnel only, ADR 0041):
 * the superviseur from GET /api/administration/superviseurs/{id} (404 page
 * for another id) and the referential's names, under "Superviseurs".
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireRole(request, context, "adminFonctionnel");
  const [superviseur, regions, departements] = await Promise.all([
    callEndpoint(request, context, lireSuperviseur, { params: { id: params.id! } }),
    callEndpoint(request, context, listerRegions),
    callEndpoint(request, context, listerDepartements),
  ]);
  return {
    superviseur,
    regions,
    departements,
    breadcrumb: `${superviseur.prenom} ${superviseur.nom}`,
    breadcrumbParents: [{ label: "Superviseurs", href: "/administration/superviseurs" }],
  };
}

/**
 * Sets the superviseur's bound (POST
 * /api/administration/superviseurs/{id}/borne): the shared schema first
 * (400), the API's refusals next to their fields (422) or in the summary
 * (429), the password never sent back; then this page again with
 * "La borne du superviseur a bien été enregistrée."
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireRole(request, context, "adminFonctionnel");
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: schemaBorneSupervision });
  const sansMotDePasse = { hideFields: ["motDePasseActuel"] };
  if (submission.status !== "success")
    return data({ lastResult: submission.reply(sansMotDePasse) }, { status: 400 });
  try {
    await callEndpoint(request, context, fixerBorneSuperviseur, {
      params: { id: params.id! },
      body: submission.value,
    });
  } catch (error) {
    return refusDuFormulaire(error, submission, { statuts: [422, 429], ...sansMotDePasse });
  }
  return redirectWithToast(
    `/administration/superviseurs/${params.id}`,
    {
      type: "success",
      titre: t("notification.titre.success"),
      description: "La borne du superviseur a bien été enregistrée.",
    },
    { request, context },
  );
}

export const handle: BreadcrumbHandle = { breadcrumb: "Superviseur" };

/**
 * The superviseur's page: service, bound and perimeter, the form that sets
 * the bound (the current one ticked; régions, départements, the
 * administrator's password) and the history of both, newest first.
 */
export default function AdministrationSuperviseur() {
  const { superviseur, regions, departements } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const decrire = (perimetre: { regions: string[]; departements: string[] }) =>
    libellePerimetre(perimetre, regions, departements);
  const tout = {
    regions: regions.map((region) => region.code),
    departements: departements.map((departement) => departement.code),
  };
  const borneCochee = {
    regions: superviseur.borne.regions,
    departements: superviseur.borne.departements.filter(
      (code) =>
        !superviseur.borne.regions.includes(
          departements.find((departement) => departement.code === code)?.codeRegion ?? "",
        ),
    ),
  };
  const lignes: [string, string][] = [
    ["Adresse électronique", superviseur.email],
    ["Service instructeur", superviseur.service ?? "Aucun"],
    [
      "Peut choisir",
      `${decrire(superviseur.borne)}${superviseur.borneOuverte ? "" : " (régions de son service)"}`,
    ],
    [
      "Périmètre",
      superviseur.perimetre ? decrire(superviseur.perimetre) : "Non défini (son service)",
    ],
  ];
  return (
    <div className="fr-container fr-pb-6w">
      <h1>
        {superviseur.prenom} {superviseur.nom}
      </h1>
      <dl className="fr-grid-row fr-grid-row--gutters">
        {lignes.map(([libelle, valeur]) => (
          <div key={libelle} className="fr-col-12 fr-col-md-6">
            <dt className="fr-text--bold fr-mb-0">{libelle}</dt>
            <dd className="fr-ml-0">{valeur}</dd>
          </div>
        ))}
      </dl>
      {superviseur.horsBorne ? (
        <div className="fr-alert fr-alert--warning fr-mb-4w">
          <h2 className="fr-alert__title">Son périmètre sort de sa borne</h2>
          <p>
            Il a été enregistré avant que la borne existe. Son prochain enregistrement devra y
            entrer ; en enregistrant la borne ci-dessous, son périmètre y est ramené.
          </p>
        </div>
      ) : null}
      <section className="fr-mt-4w" aria-labelledby="borne-titre">
        <h2 id="borne-titre">Ce qu'il peut choisir</h2>
        <FormulairePerimetreSupervision
          usage="administration"
          regions={regions}
          departements={departements}
          perimetre={borneCochee}
          borne={tout}
          lastResult={result?.lastResult}
          champsCaches={{}}
          bouton="Enregistrer la borne"
        />
      </section>
      <HistoriqueSuperviseur historique={superviseur.historique} decrire={decrire} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? `Superviseur ${data.breadcrumb}` : "Superviseur") },
];
