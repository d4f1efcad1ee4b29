import { getCollectionProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ProcedureEtp } from "#contract/schemas/demande";
import { Field, Fieldset, FieldsetElement, RadioGroup } from "~/components/forms";

/** conform's metadata of one step-2 field (its value is posted as text). */
type Champ = FieldMetadata<unknown, Record<string, unknown>, string[]>;

/** Props of {@link ChampsEtp}. */
export interface ChampsEtpProps {
  procedureEtp: ProcedureEtp;
  /** conform's fields of step 2, by name (ETP codes and `missionsFacultatives`). */
  champs: Record<string, Champ>;
}

/**
 * Staffing and activity of step 2 (spec §3 ETP procedure, §5 ETP and
 * Numbers): one text field per indicator of `procedure-etp`, labelled with
 * its year, typed the French way ("7,5", `inputmode=decimal`); the
 * forecast activity share in %; the optional-missions question (oui/non)
 * when the procedure asks it. The fields carry no browser `required`: they
 * are all-or-nothing, which only the shared schema can tell.
 */
export function ChampsEtp({ procedureEtp, champs }: ChampsEtpProps) {
  const etps = procedureEtp.etps.filter((etp) => etp.code !== "part_activite_previsionnelle");
  const part = procedureEtp.etps.find((etp) => etp.code === "part_activite_previsionnelle");
  const missions = champs.missionsFacultatives;
  return (
    <>
      <Fieldset
        id="etape2-etp"
        legend="Effectifs de la structure"
        heading="h3"
        hint={`En équivalents temps plein (ETP) annuels, et non en heures. Renseignez tous les champs ou aucun${procedureEtp.required ? " : ils sont nécessaires pour déposer la demande." : "."}`}
      >
        {etps.map((etp) => {
          const champ = champs[etp.code];
          return (
            <FieldsetElement className="fr-col-12 fr-col-md-6" key={etp.code}>
              <Field
                id={champ.id}
                label={`${etp.libelle} en ${etp.annee}`}
                hint="Exemple : 7,5"
                errors={champ.errors}
              >
                <input {...getInputProps(champ, { type: "text" })} inputMode="decimal" />
              </Field>
            </FieldsetElement>
          );
        })}
      </Fieldset>

      <Fieldset id="etape2-activite" legend="Activité" heading="h3">
        {part ? (
          <FieldsetElement className="fr-col-12 fr-col-md-6">
            <Field
              id={champs[part.code].id}
              label={`${part.libelle} en ${part.annee}`}
              hint={`Un pourcentage entre 0 et ${part.max}. Exemple : 40 ou 37,5`}
              errors={champs[part.code].errors}
            >
              <input {...getInputProps(champs[part.code], { type: "text" })} inputMode="decimal" />
            </Field>
          </FieldsetElement>
        ) : null}
        {procedureEtp.missionsFacultatives ? (
          <FieldsetElement>
            <RadioGroup
              id={missions.id}
              legend="La structure prévoit-elle de réaliser des missions facultatives de l'accompagnement ?"
              hint="Par exemple l'accompagnement à la recherche d'un artisan ou le suivi après travaux."
              inline
              errors={missions.errors}
              options={getCollectionProps(missions, {
                type: "radio",
                options: ["oui", "non"],
              }).map((props) => ({ props, label: props.value === "oui" ? "Oui" : "Non" }))}
            />
          </FieldsetElement>
        ) : null}
      </Fieldset>
    </>
  );
}
