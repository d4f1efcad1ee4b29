import {
  FILTRES_ETABLISSEMENTS_VIDES,
  type FiltresEtablissements,
} from "#contract/schemas/etablissements-liste";
import { Field } from "~/components/forms";
import { ChampRecherche, FormulaireFiltres, SelectsFiltres } from "~/components/listes/filtres";
import { libelleOption, type OptionFiltre } from "~/components/listes/options";
import { lienEtablissements } from "./liste-params";

/** The list's default order (newest referencing first), left out of the URL. */
const TRI_ETABLISSEMENTS_DEFAUT = FILTRES_ETABLISSEMENTS_VIDES.order;

/**
 * The active filters of the establishments list as short labels (search,
 * reference, région, département, EPCI, commune), for the tags of the
 * folded form's summary.
 */
export function etiquettesFiltresEtablissements(
  filtres: FiltresEtablissements,
  regions: readonly OptionFiltre[],
  departements: readonly OptionFiltre[],
): string[] {
  return [
    ...(filtres.query ? [`« ${filtres.query} »`] : []),
    ...(filtres.reference ? [`Référence ${filtres.reference}`] : []),
    ...filtres.regions.map((code) => libelleOption(regions, code)),
    ...filtres.departements.map((code) => libelleOption(departements, code)),
    ...filtres.epcis.map((siren) => `EPCI ${siren}`),
    ...filtres.communes.map((code) => `Commune ${code}`),
  ];
}

/** Props of {@link FiltresEtablissementsForm}. */
export interface FiltresEtablissementsProps {
  filtres: FiltresEtablissements;
  regions: readonly OptionFiltre[];
  departements: readonly OptionFiltre[];
}

/**
 * The filter form of the establishments list (spec §3 Etablissement "list
 * filterable by departements, regions, epcis, communes and reference"): a
 * plain GET form, so it works without JavaScript: search (name, company,
 * SIRET, reference), reference, région and département of the
 * intervention perimeter (selects), EPCI and commune by code (text fields:
 * the national lists are too long for a select). The current sort travels
 * in hidden fields; the page goes back to 1. "Réinitialiser" is a link to
 * the bare page. Folded ({@link FormulaireFiltres}): the table starts in the
 * first screen, the summary shows the active filters as tags.
 */
export function FiltresEtablissementsForm({
  filtres,
  regions,
  departements,
}: FiltresEtablissementsProps) {
  const prefixe = "filtres-etablissements";
  return (
    <FormulaireFiltres
      id={prefixe}
      titre="Filtrer les établissements"
      etiquettes={etiquettesFiltresEtablissements(filtres, regions, departements)}
      cle={lienEtablissements(filtres)}
      tri={{ ordre: filtres.order, parDefaut: TRI_ETABLISSEMENTS_DEFAUT, separe: true }}
    >
      <div className="fr-grid-row fr-grid-row--gutters">
        <ChampRecherche
          id={`${prefixe}-query`}
          label="Rechercher (nom, raison sociale, SIRET, référence)"
          valeur={filtres.query}
          colonne="fr-col-12 fr-col-md-8"
        />
        <div className="fr-col-12 fr-col-md-4">
          <Field id={`${prefixe}-reference`} label="Référence" hint="Par exemple : ETB-0000123">
            <input type="text" name="reference" defaultValue={filtres.reference ?? ""} />
          </Field>
        </div>
        <SelectsFiltres
          prefixe={prefixe}
          colonne="fr-col-12 fr-col-md-6 fr-col-lg-3"
          filtres={filtres}
          selects={[
            ["regions", "Région d'intervention", "Toutes les régions", regions],
            ["departements", "Département d'intervention", "Tous les départements", departements],
          ]}
        />
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
    </FormulaireFiltres>
  );
}
