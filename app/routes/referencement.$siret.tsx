import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { PerimetreAgrement } from "~/components/agrement/perimetre-agrement";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { DonneesEtablissement } from "~/components/referencement/donnees-etablissement";
import {
  chargerEtablissement,
  modifierPerimetreSaisi,
  rechercherDansPerimetre,
} from "~/components/referencement/etablissement.server";
import { HistoriqueEtablissement } from "~/components/referencement/historique-etablissement";
import { ModificationPerimetre } from "~/components/referencement/modification-perimetre";
import { estRecherchePerimetre } from "~/components/referencement/perimetre-etablissement";
import { badgeEtablissement } from "~/components/referencement/presentation";
import { optionsPerimetre } from "~/components/referencement/referencement.server";
import { pageTitle } from "~/utils/title";

/**
 * `/referencement/:siret` (spec §2 "detail by SIRET", §5 referencing data
 * not editable except the perimeter): a demandeur holding
 * an approval; the establishment of that SIRET under it (`GET
 * /api/agrement/{id}/etablissement/{siret}`, the referenced one first; 404
 * for a malformed or unknown SIRET, or another company's) with its history,
 * and the approval's régions and départements for the perimeter update,
 * offered while the establishment is referenced and the approval en_cours.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { agrement, etablissement } = await chargerEtablissement(request, context, params.siret);
  const modifiable = etablissement.referencee && agrement.etat === "en_cours";
  return {
    breadcrumb: etablissement.nom,
    etablissement,
    suspendu: agrement.etat !== "en_cours",
    options: modifiable ? await optionsPerimetre(request, context, agrement) : null,
  };
}

/**
 * Posts of the perimeter form: `rechercheEpcis` / `rechercheCommunes` come
 * back with the matches (nothing saved, {@link rechercherDansPerimetre});
 * otherwise the update ({@link modifierPerimetreSaisi}), then the same page
 * with "Le périmètre a bien été mis à jour." (spec §8), or 422 with every
 * box kept.
 */
export async function action({ request, context, params }: ActionFunctionArgs) {
  const { agrement, etablissement } = await chargerEtablissement(request, context, params.siret);
  const formData = await request.formData();
  return estRecherchePerimetre(formData.get("intent"))
    ? rechercherDansPerimetre(request, context, agrement.id, formData)
    : modifierPerimetreSaisi(request, context, etablissement, formData);
}

export const handle: BreadcrumbHandle = { breadcrumb: "Établissement" };

/** Searches re-render the posted form: the loader's data has not changed. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formData,
  defaultShouldRevalidate,
}) => {
  if (estRecherchePerimetre(formData?.get("intent"))) return false;
  return defaultShouldRevalidate;
};

/**
 * The detail (spec §3 Etablissement): name, status badge, reference and
 * approval; identification, contact, referent and ETP, perimeter (all
 * read-only: referencing data cannot be edited afterwards); the perimeter
 * update form when allowed; the history (date, action, comment, author).
 */
export default function DetailEtablissement() {
  const { etablissement, suspendu, options } = useLoaderData<typeof loader>();
  const resultat = useActionData<typeof action>() ?? null;
  const badge = badgeEtablissement(etablissement);
  return (
    <div className="fr-container fr-pb-6w">
      <h1>{etablissement.nom}</h1>
      <p className="fr-mb-2w">
        <span className={`fr-badge ${badge.classe}`}>{badge.libelle}</span>
      </p>
      <p>
        Référence <strong>{etablissement.reference}</strong>, au titre de l'agrément n°{" "}
        <strong>{etablissement.numeroAgrement}</strong>. Les données de référencement ne peuvent
        plus être modifiées, à l'exception du périmètre d'intervention.
      </p>
      <DonneesEtablissement etablissement={etablissement} />
      <PerimetreAgrement perimetre={etablissement.perimetre} />
      <ModificationPerimetre
        etablissement={etablissement}
        suspendu={suspendu}
        options={options}
        resultat={resultat}
      />
      <HistoriqueEtablissement historique={etablissement.historique} />
    </div>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: pageTitle(data ? data.etablissement.nom : "Établissement") },
];
