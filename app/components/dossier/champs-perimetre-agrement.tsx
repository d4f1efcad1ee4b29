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
        <CasesZones champ={champs.regions} legend="Régions" zones={geographie.regions} />
      </FieldsetElement>
      <FieldsetElement>
        <details open={departementsCoches.size > 0 || Boolean(champs.departements.errors)}>
          <summary className="fr-mb-1w">Départements</summary>
          <CasesZones
            champ={champs.departements}
            legend="Départements"
            zones={geographie.departements}
            avecCode
          />
        </details>
      </FieldsetElement>
      {ZONES_RETIRABLES.map(({ cle, ...textes }) =>
        geographie[cle].length ? (
          <FieldsetElement key={cle}>
            <CasesZones champ={champs[cle]} zones={geographie[cle]} {...textes} />
          </FieldsetElement>
        ) : null,
      )}
    </Fieldset>
  );
}

/** The approval's EPCI and communes, listed when it has any: unticking one removes it. */
const ZONES_RETIRABLES = [
  {
    cle: "epcis",
    legend: "EPCI de l'agrément",
    hint: "Décochez un EPCI pour le retirer du périmètre.",
    avecCode: false,
  },
  {
    cle: "communes",
    legend: "Communes de l'agrément",
    hint: "Décochez une commune pour la retirer du périmètre.",
    avecCode: true,
  },
] as const;

/** One level's zones as checkboxes, labelled with their name (and code, `avecCode`). */
function CasesZones({
  champ,
  legend,
  hint,
  zones,
  avecCode = false,
}: {
  champ: Champ;
  legend: string;
  hint?: string;
  zones: { code: string; nom: string }[];
  avecCode?: boolean;
}) {
  const options = getCollectionProps(champ, {
    type: "checkbox",
    options: zones.map((zone) => zone.code),
  }).map((props, index) => ({
    props,
    label: avecCode ? `${zones[index].nom} (${zones[index].code})` : zones[index].nom,
  }));
  return (
    <CheckboxGroup
      id={champ.id}
      legend={legend}
      hint={hint}
      errors={champ.errors}
      options={options}
    />
  );
}
