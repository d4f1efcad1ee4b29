import { Form } from "@remix-run/react";
import {
  ETATS_AGREMENT,
  FILTRES_RAPPORT_ANNUEL,
  LIBELLES_ETAT_AGREMENT,
  LIBELLES_FILTRE_RAPPORT_ANNUEL,
  TRI_AGREMENTS_DEFAUT,
  type FiltresAgrements,
} from "#contract/schemas/agrements-liste";
import { BoutonsFiltres, FiltresPliables } from "~/components/filtres-pliables/filtres-pliables";
import { CheckboxGroup, Field, SelectField } from "~/components/forms";
import { lienAgrements } from "./liste-params";

/** One choice of a filter select. */
export interface OptionFiltreAgrement {
  valeur: string;
  libelle: string;
}

/** Props of {@link FiltresAgrementsForm}. */
export interface FiltresAgrementsProps {
  filtres: FiltresAgrements;
  services: readonly OptionFiltreAgrement[];
  qualites: readonly OptionFiltreAgrement[];
  /** This page's path, without query: where "Réinitialiser" leads. */
  chemin: string;
}

/** Labels of the `hasEtablissement` choices. */
const CHOIX_ETABLISSEMENT = [
  { valeur: "true", libelle: "Avec au moins un établissement référencé" },
  { valeur: "false", libelle: "Sans établissement référencé" },
];

/**
 * The active filters as short labels, for the summary of the folded form
 * (so that the table starts in the first screen).
 */
export function etiquettesFiltres(
  filtres: FiltresAgrements,
  services: readonly OptionFiltreAgrement[],
  qualites: readonly OptionFiltreAgrement[],
): string[] {
  const nom = (options: readonly OptionFiltreAgrement[], valeur: string) =>
    options.find((option) => option.valeur === valeur)?.libelle ?? valeur;
  return [
    ...(filtres.query ? [`« ${filtres.query} »`] : []),
    ...filtres.etat.map((etat) => LIBELLES_ETAT_AGREMENT[etat]),
    ...filtres.quality.map((code) => nom(qualites, code)),
    ...filtres.servicesInstructeur.map((id) => nom(services, String(id))),
    ...filtres.rapportAnnuelActivites.map((valeur) => LIBELLES_FILTRE_RAPPORT_ANNUEL[valeur]),
    ...(filtres.hasEtablissement === undefined
      ? []
      : [filtres.hasEtablissement ? "Avec établissement" : "Sans établissement"]),
  ];
}

/**
 * The filter form of the approvals list (spec §3 "Agrement list criteria"):
 * a plain GET form, so it works without JavaScript,
 * folded into a `<details>` (DSFR accordion look) whose summary lists the
 * active filters as tags, folded so that the table starts in the first
 * screen. Search (number, company,
 * SIREN), states (checkboxes), quality, service, annual report of the last
 * elapsed year, establishments. The sort travels in a hidden field; the
 * page goes back to 1. "Réinitialiser" is a link to the bare page.
 */
export function FiltresAgrementsForm({
  filtres,
  services,
  qualites,
  chemin,
}: FiltresAgrementsProps) {
  const etiquettes = etiquettesFiltres(filtres, services, qualites);
  const triParDefaut =
    filtres.order.field === TRI_AGREMENTS_DEFAUT.field &&
    filtres.order.direction === TRI_AGREMENTS_DEFAUT.direction;
  const etats = new Set<string>(filtres.etat);
  const select = (
    nom: "quality" | "servicesInstructeur" | "rapportAnnuelActivites" | "hasEtablissement",
    label: string,
    tous: string,
    choix: readonly OptionFiltreAgrement[],
    valeur: string | undefined,
  ) => (
    <div className="fr-col-12 fr-col-md-6">
      <SelectField
        id={`filtres-agrements-${nom}`}
        label={label}
        placeholder={tous}
        options={choix.map((option) => ({ value: option.valeur, label: option.libelle }))}
        selectProps={{
          name: nom === "hasEtablissement" ? nom : `${nom}[]`,
          defaultValue: valeur ?? "",
        }}
      />
    </div>
  );
  return (
    <FiltresPliables
      id="filtres-agrements"
      titre="Rechercher et filtrer les agréments"
      etiquettes={etiquettes}
      cle={lienAgrements(filtres)}
    >
      <Form method="get" action={chemin} aria-labelledby="filtres-agrements-titre">
        <div className="fr-grid-row fr-grid-row--gutters">
          <div className="fr-col-12">
            <Field
              id="filtres-agrements-query"
              label="Rechercher (n° d'agrément, raison sociale, SIREN)"
            >
              <input type="search" name="query" defaultValue={filtres.query ?? ""} />
            </Field>
          </div>
          <div className="fr-col-12">
            <CheckboxGroup
              id="filtres-agrements-etat"
              legend="État de l'agrément"
              inline
              options={ETATS_AGREMENT.map((etat) => ({
                props: {
                  id: `filtres-agrements-etat-${etat}`,
                  name: "etat[]",
                  value: etat,
                  defaultChecked: etats.has(etat),
                },
                label: LIBELLES_ETAT_AGREMENT[etat],
              }))}
            />
          </div>
          {select(
            "quality",
            "Qualité de la structure",
            "Toutes les qualités",
            qualites,
            filtres.quality[0],
          )}
          {select(
            "servicesInstructeur",
            "Service instructeur",
            "Tous les services",
            services,
            filtres.servicesInstructeur[0]?.toString(),
          )}
          {select(
            "rapportAnnuelActivites",
            "Rapport annuel d'activité",
            "Tous",
            FILTRES_RAPPORT_ANNUEL.map((valeur) => ({
              valeur,
              libelle: LIBELLES_FILTRE_RAPPORT_ANNUEL[valeur],
            })),
            filtres.rapportAnnuelActivites[0],
          )}
          {select(
            "hasEtablissement",
            "Établissements",
            "Tous",
            CHOIX_ETABLISSEMENT,
            filtres.hasEtablissement === undefined ? undefined : String(filtres.hasEtablissement),
          )}
        </div>
        {triParDefaut ? null : (
          <input
            type="hidden"
            name={`order[${filtres.order.field}]`}
            value={filtres.order.direction}
          />
        )}
        <BoutonsFiltres chemin={chemin} />
      </Form>
    </FiltresPliables>
  );
}
