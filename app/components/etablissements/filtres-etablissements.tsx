import { Form } from "@remix-run/react";
import type { FiltresEtablissements } from "#contract/schemas/etablissements-liste";
import { BoutonsFiltres, FiltresPliables } from "~/components/filtres-pliables/filtres-pliables";
import { Field, SelectField } from "~/components/forms";
import { lienEtablissements } from "./liste-params";

/** One choice of a filter select. */
export interface OptionGeo {
  valeur: string;
  libelle: string;
}

/**
 * The active filters of the establishments list as short labels (search,
 * reference, région, département, EPCI, commune), for the tags of the
 * folded form's summary.
 */
export function etiquettesFiltresEtablissements(
  filtres: FiltresEtablissements,
  regions: readonly OptionGeo[],
  departements: readonly OptionGeo[],
): string[] {
  const nom = (choix: readonly OptionGeo[], valeur: string) =>
    choix.find((option) => option.valeur === valeur)?.libelle ?? valeur;
  return [
    ...(filtres.query ? [`« ${filtres.query} »`] : []),
    ...(filtres.reference ? [`Référence ${filtres.reference}`] : []),
    ...filtres.regions.map((code) => nom(regions, code)),
    ...filtres.departements.map((code) => nom(departements, code)),
    ...filtres.epcis.map((siren) => `EPCI ${siren}`),
    ...filtres.communes.map((code) => `Commune ${code}`),
  ];
}

/** Props of {@link FiltresEtablissements}. */
export interface FiltresEtablissementsProps {
  filtres: FiltresEtablissements;
  regions: readonly OptionGeo[];
  departements: readonly OptionGeo[];
  /** This page's path, without query: where the form goes and "Réinitialiser" leads. */
  chemin: string;
}

/**
 * The filter form of the establishments list (spec §3 Etablissement "list
 * filterable by departements, regions, epcis, communes and reference"): a
 * plain GET form, so it works without JavaScript: search (name, company,
 * SIRET, reference), reference, région and département of the
 * intervention perimeter (selects), EPCI and commune by code (text fields:
 * the national lists are too long for a select). The current sort travels
 * in hidden fields; the page goes back to 1. "Réinitialiser" is a link to
 * the bare page. Folded ({@link FiltresPliables}): the table starts in the
 * first screen, the summary shows the active filters as tags.
 */
export function FiltresEtablissementsForm({
  filtres,
  regions,
  departements,
  chemin,
}: FiltresEtablissementsProps) {
  const triParDefaut = filtres.orderBy === "dateCreation" && filtres.orderType === "desc";
  const prefixe = "filtres-etablissements";
  return (
    <FiltresPliables
      id={prefixe}
      titre="Filtrer les établissements"
      etiquettes={etiquettesFiltresEtablissements(filtres, regions, departements)}
      cle={lienEtablissements(filtres)}
    >
      <Form method="get" action={chemin} aria-labelledby={`${prefixe}-titre`}>
        <div className="fr-grid-row fr-grid-row--gutters">
          <div className="fr-col-12 fr-col-md-8">
            <Field
              id={`${prefixe}-query`}
              label="Rechercher (nom, raison sociale, SIRET, référence)"
            >
              <input type="search" name="query" defaultValue={filtres.query ?? ""} />
            </Field>
          </div>
          <div className="fr-col-12 fr-col-md-4">
            <Field id={`${prefixe}-reference`} label="Référence" hint="Par exemple : ETB-0000123">
              <input type="text" name="reference" defaultValue={filtres.reference ?? ""} />
            </Field>
          </div>
          <div className="fr-col-12 fr-col-md-6 fr-col-lg-3">
            <SelectField
              id={`${prefixe}-regions`}
              label="Région d'intervention"
              placeholder="Toutes les régions"
              options={regions.map((option) => ({ value: option.valeur, label: option.libelle }))}
              selectProps={{ name: "regions[]", defaultValue: filtres.regions[0] ?? "" }}
            />
          </div>
          <div className="fr-col-12 fr-col-md-6 fr-col-lg-3">
            <SelectField
              id={`${prefixe}-departements`}
              label="Département d'intervention"
              placeholder="Tous les départements"
              options={departements.map((option) => ({
                value: option.valeur,
                label: option.libelle,
              }))}
              selectProps={{ name: "departements[]", defaultValue: filtres.departements[0] ?? "" }}
            />
          </div>
          <div className="fr-col-12 fr-col-md-6 fr-col-lg-3">
            <Field
              id={`${prefixe}-epcis`}
              label="EPCI d'intervention"
              hint="Numéro SIREN de l'EPCI, par exemple : 200046977"
            >
              <input
                type="text"
                name="epcis[]"
                inputMode="numeric"
                defaultValue={filtres.epcis[0] ?? ""}
              />
            </Field>
          </div>
          <div className="fr-col-12 fr-col-md-6 fr-col-lg-3">
            <Field
              id={`${prefixe}-communes`}
              label="Commune d'intervention"
              hint="Code INSEE de la commune, par exemple : 69123"
            >
              <input type="text" name="communes[]" defaultValue={filtres.communes[0] ?? ""} />
            </Field>
          </div>
        </div>
        {triParDefaut ? null : (
          <>
            <input type="hidden" name="orderBy" value={filtres.orderBy} />
            <input type="hidden" name="orderType" value={filtres.orderType} />
          </>
        )}
        <BoutonsFiltres chemin={chemin} />
      </Form>
    </FiltresPliables>
  );
}
