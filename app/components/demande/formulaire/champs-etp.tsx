import { getCollectionProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ProcedureEtp } from "#contract/schemas/demande";
import { Field } from "~/components/field";

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
      <fieldset className="fr-fieldset" aria-labelledby="etp-legende">
        <legend className="fr-fieldset__legend" id="etp-legende">
          <h3 className="fr-h5 fr-mb-0">Effectifs de la structure</h3>
          <span className="fr-hint-text">
            En équivalents temps plein (ETP) annuels, et non en heures. Renseignez tous les champs
            ou aucun
            {procedureEtp.required ? " : ils sont nécessaires pour déposer la demande." : "."}
          </span>
        </legend>
        {etps.map((etp) => {
          const champ = champs[etp.code];
          return (
            <div className="fr-fieldset__element fr-col-12 fr-col-md-6" key={etp.code}>
              <Field
                id={champ.id}
                label={`${etp.libelle} en ${etp.annee}`}
                hint="Exemple : 7,5"
                errors={champ.errors}
              >
                <input {...getInputProps(champ, { type: "text" })} inputMode="decimal" />
              </Field>
            </div>
          );
        })}
      </fieldset>

      <fieldset className="fr-fieldset" aria-labelledby="activite-legende">
        <legend className="fr-fieldset__legend" id="activite-legende">
          <h3 className="fr-h5 fr-mb-0">Activité</h3>
        </legend>
        {part ? (
          <div className="fr-fieldset__element fr-col-12 fr-col-md-6">
            <Field
              id={champs[part.code].id}
              label={`${part.libelle} en ${part.annee}`}
              hint={`Un pourcentage entre 0 et ${part.max}. Exemple : 40 ou 37,5`}
              errors={champs[part.code].errors}
            >
              <input {...getInputProps(champs[part.code], { type: "text" })} inputMode="decimal" />
            </Field>
          </div>
        ) : null}
        {procedureEtp.missionsFacultatives ? (
          <div className="fr-fieldset__element">
            <fieldset
              className={["fr-fieldset", missions.errors?.length ? "fr-fieldset--error" : null]
                .filter(Boolean)
                .join(" ")}
              id={missions.id}
              aria-labelledby={`${missions.id}-legende ${missions.id}-messages`}
            >
              <legend
                className="fr-fieldset__legend fr-fieldset__legend--regular"
                id={`${missions.id}-legende`}
              >
                La structure prévoit-elle de réaliser des missions facultatives de l'accompagnement
                ?
                <span className="fr-hint-text">
                  Par exemple l'accompagnement à la recherche d'un artisan ou le suivi après
                  travaux.
                </span>
              </legend>
              {getCollectionProps(missions, { type: "radio", options: ["oui", "non"] }).map(
                ({ key, ...props }) => (
                  <div className="fr-fieldset__element fr-fieldset__element--inline" key={key}>
                    <div className="fr-radio-group">
                      <input {...props} />
                      <label className="fr-label" htmlFor={props.id}>
                        {props.value === "oui" ? "Oui" : "Non"}
                      </label>
                    </div>
                  </div>
                ),
              )}
              <div className="fr-messages-group" id={`${missions.id}-messages`} aria-live="polite">
                {missions.errors?.length ? (
                  <p className="fr-message fr-message--error" id={missions.errorId}>
                    {missions.errors.join(" ")}
                  </p>
                ) : null}
              </div>
            </fieldset>
          </div>
        ) : null}
      </fieldset>
    </>
  );
}
