import { useMemo } from "react";
import type { Departement, Region } from "#contract/schemas/geographie";
import { Checkbox, Fieldset, FieldsetElement, type ChoiceProps } from "~/components/forms";

/**
 * How one box of a perimeter picker stands: `checked` and `onChange` when
 * the page keeps the ticks in its state (the approval request), or
 * `defaultChecked` when the form alone holds them (an establishment); a
 * disabled box says why in its `hint`.
 */
export type EtatCase = Pick<
  ChoiceProps,
  "checked" | "defaultChecked" | "disabled" | "onChange" | "hint"
>;

/** Props of {@link CasesRegions}. */
export interface CasesRegionsProps {
  /** Id of the picker: the group is `${id}-regions`, a box `${id}-region-${code}`. */
  id: string;
  regions: Region[];
  erreurs?: string[];
  /** State of each box. */
  etat: (region: Region) => EtatCase;
}

/** The "Régions" group of a perimeter picker (spec §5 Perimeter): one box per région. */
export function CasesRegions({ id, regions, erreurs, etat }: CasesRegionsProps) {
  return (
    <FieldsetElement>
      <Fieldset id={`${id}-regions`} legend="Régions" regular errors={erreurs} errorsFirst>
        {regions.map((region) => (
          <FieldsetElement key={region.code}>
            <Checkbox
              small
              id={`${id}-region-${region.code}`}
              name="regions"
              value={region.code}
              {...etat(region)}
              label={region.nom}
            />
          </FieldsetElement>
        ))}
      </Fieldset>
    </FieldsetElement>
  );
}

/** Props of {@link CasesDepartements}. */
export interface CasesDepartementsProps {
  /** Id of the picker: the group is `${id}-departements`, a box `${id}-departement-${code}`. */
  id: string;
  regions: Region[];
  departements: Departement[];
  indice?: string;
  erreurs?: string[];
  /** Départements ticked: a région holding one of them is unfolded. */
  coches: ReadonlySet<string>;
  /** Text after a région's name in its fold (" (région cochée)"). */
  suffixeRegion?: (region: Region) => string;
  /** State of each box; `region` is absent for a département whose région is not offered. */
  etat: (departement: Departement, region?: Region) => EtatCase;
}

/**
 * The "Départements" group of a perimeter picker (spec §5 Perimeter): the
 * départements folded under their région, those unfolded which hold a
 * ticked one, then, unfolded, the départements whose région is not offered
 * (an approval granted by département).
 */
export function CasesDepartements({
  id,
  regions,
  departements,
  indice,
  erreurs,
  coches,
  suffixeRegion,
  etat,
}: CasesDepartementsProps) {
  const parRegion = useMemo(() => {
    const groupes = new Map<string, Departement[]>();
    for (const departement of departements) {
      const groupe = groupes.get(departement.codeRegion) ?? [];
      groupe.push(departement);
      groupes.set(departement.codeRegion, groupe);
    }
    return groupes;
  }, [departements]);
  const offertes = new Set(regions.map((region) => region.code));
  const seuls = departements.filter((departement) => !offertes.has(departement.codeRegion));

  return (
    <FieldsetElement>
      <Fieldset
        id={`${id}-departements`}
        legend="Départements"
        regular
        hint={indice}
        errors={erreurs}
        errorsFirst
      >
        {regions.map((region) => {
          const liste = parRegion.get(region.code) ?? [];
          if (!liste.length) return null;
          return (
            <details
              className="fr-fieldset__element fr-mb-1w"
              key={region.code}
              open={liste.some((departement) => coches.has(departement.code))}
            >
              <summary className="fr-text--bold">
                {region.nom}
                {suffixeRegion?.(region)}
              </summary>
              <div className="fr-pl-2w fr-pt-1w">
                {liste.map((departement) => (
                  <CaseDepartement
                    key={departement.code}
                    id={id}
                    departement={departement}
                    etat={etat(departement, region)}
                  />
                ))}
              </div>
            </details>
          );
        })}
        {seuls.map((departement) => (
          <FieldsetElement key={departement.code}>
            <CaseDepartement id={id} departement={departement} etat={etat(departement)} />
          </FieldsetElement>
        ))}
      </Fieldset>
    </FieldsetElement>
  );
}

/** One département box, "Nom (code)". */
function CaseDepartement({
  id,
  departement,
  etat,
}: {
  id: string;
  departement: Departement;
  etat: EtatCase;
}) {
  return (
    <Checkbox
      small
      id={`${id}-departement-${departement.code}`}
      name="departements"
      value={departement.code}
      {...etat}
      label={`${departement.nom} (${departement.code})`}
    />
  );
}
