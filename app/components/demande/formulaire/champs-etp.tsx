import type { ProcedureEtp } from "#contract/schemas/demande";
import {
  Fieldset,
  FieldsetElement,
  InputFields,
  RadioField,
  type Champ,
  type InputFieldDescription,
} from "~/components/forms";

/** Props of {@link ChampsEtp}. */
export interface ChampsEtpProps {
  procedureEtp: ProcedureEtp;
  /** conform's fields of step 2, by name (ETP codes and `missionsFacultatives`). */
  champs: Record<string, Champ>;
}

/** The half-width input of an indicator, labelled with its year, typed the French way. */
const indicateur = (etp: ProcedureEtp["etps"][number], hint: string): InputFieldDescription => ({
  name: etp.code,
  label: `${etp.libelle} en ${etp.annee}`,
  hint,
  className: "fr-col-12 fr-col-md-6",
  inputProps: { inputMode: "decimal" },
});

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
  return (
    <>
      <Fieldset
        id="etape2-etp"
        legend="Effectifs de la structure"
        heading="h3"
        hint={`En équivalents temps plein (ETP) annuels, et non en heures. Renseignez tous les champs ou aucun${procedureEtp.required ? " : ils sont nécessaires pour déposer la demande." : "."}`}
      >
        <InputFields fields={champs} inputs={etps.map((etp) => indicateur(etp, "Exemple : 7,5"))} />
      </Fieldset>

      <Fieldset id="etape2-activite" legend="Activité" heading="h3">
        {part ? (
          <InputFields
            fields={champs}
            inputs={[
              indicateur(part, `Un pourcentage entre 0 et ${part.max}. Exemple : 40 ou 37,5`),
            ]}
          />
        ) : null}
        {procedureEtp.missionsFacultatives ? (
          <FieldsetElement>
            <RadioField
              field={champs.missionsFacultatives}
              legend="La structure prévoit-elle de réaliser des missions facultatives de l'accompagnement ?"
              hint="Par exemple l'accompagnement à la recherche d'un artisan ou le suivi après travaux."
              inline
            />
          </FieldsetElement>
        ) : null}
      </Fieldset>
    </>
  );
}
