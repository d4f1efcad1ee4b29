import { getCollectionProps, type FieldMetadata } from "@conform-to/react";
import type { Departement, Region } from "#contract/schemas/geographie";
import { CheckboxGroup, Fieldset, FieldsetElement } from "~/components/forms";

/**
 * What the perimeter fields of MODIFIER_AGREMENT offer: every région and
 * département, and the EPCI and communes the approval grants now (named),
 * which can be kept or removed; adding EPCI or communes is left to the API
 * (POST /api/demande/{id}/action with `epcis[]`, `communes[]`).
 */
export interface GeographieAgrement {
  regions: Region[];
  departements: Departement[];
  epcis: { code: string; nom: string }[];
  communes: { code: string; nom: string }[];
}

type Champ = FieldMetadata<string | string[], Record<string, string | string[]>, string[]>;

/** Props of {@link ChampsPerimetreAgrement}. */
export interface ChampsPerimetreAgrementProps {
  geographie: GeographieAgrement;
  champs: { regions: Champ; departements: Champ; epcis: Champ; communes: Champ };
}

/**
 * The granted perimeter as checkbox lists (spec §3 Perimeter form, §5 at
 * least one zone): régions, départements grouped by région under a
 * disclosure (open when one is ticked), and the approval's current EPCI
 * and communes. The boxes start as the approval grants them (the form's
 * default values); plain checkboxes, so the page works without JavaScript.
 * The errors of the whole perimeter come on `regions`.
 */
export function ChampsPerimetreAgrement({ geographie, champs }: ChampsPerimetreAgrementProps) {
  const options = (champ: Champ, zones: { code: string; nom: string }[], avecCode: boolean) =>
    getCollectionProps(champ, {
      type: "checkbox",
      options: zones.map((zone) => zone.code),
    }).map((props, index) => ({
      props,
      label: avecCode ? `${zones[index].nom} (${zones[index].code})` : zones[index].nom,
    }));
  const departementsCoches = new Set(
    [champs.departements.initialValue ?? []].flat().filter(Boolean) as string[],
  );
  return (
    <Fieldset
      id="perimetre-agrement"
      legend="Périmètre d'intervention agréé"
      required
      hint="Au moins un choix. Les départements d'une région cochée sont compris dans la région."
    >
      <FieldsetElement>
        <CheckboxGroup
          id={champs.regions.id}
          legend="Régions"
          errors={champs.regions.errors}
          options={options(champs.regions, geographie.regions, false)}
        />
      </FieldsetElement>
      <FieldsetElement>
        <details open={departementsCoches.size > 0 || Boolean(champs.departements.errors)}>
          <summary className="fr-mb-1w">Départements</summary>
          <CheckboxGroup
            id={champs.departements.id}
            legend="Départements"
            errors={champs.departements.errors}
            options={options(champs.departements, geographie.departements, true)}
          />
        </details>
      </FieldsetElement>
      {geographie.epcis.length ? (
        <FieldsetElement>
          <CheckboxGroup
            id={champs.epcis.id}
            legend="EPCI de l'agrément"
            hint="Décochez un EPCI pour le retirer du périmètre."
            errors={champs.epcis.errors}
            options={options(champs.epcis, geographie.epcis, false)}
          />
        </FieldsetElement>
      ) : null}
      {geographie.communes.length ? (
        <FieldsetElement>
          <CheckboxGroup
            id={champs.communes.id}
            legend="Communes de l'agrément"
            hint="Décochez une commune pour la retirer du périmètre."
            errors={champs.communes.errors}
            options={options(champs.communes, geographie.communes, true)}
          />
        </FieldsetElement>
      ) : null}
    </Fieldset>
  );
}
