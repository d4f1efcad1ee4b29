import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
} from "@conform-to/react";
import { getZodConstraint } from "@conform-to/zod";
import { Form, useActionData, useNavigation } from "@remix-run/react";
import {
  LIBELLES_TYPE_DOSSIER_BANDEAU,
  MESSAGE_BANDEAU_MAX,
  TITRE_BANDEAU_MAX,
  TYPES_DOSSIER_BANDEAU,
  schemaNouveauBandeau,
  type SaisieNouveauBandeau,
} from "#contract/schemas/administration";
import {
  Field,
  FormErrorSummary,
  RadioGroup,
  RequiredFieldsNotice,
  SelectField,
} from "~/components/forms";
import type { creerBandeauSaisi } from "./bandeaux.server";

/** The new banner's form (conform; the action checks it with the API's rules and answers its messages). */
export function NouveauBandeau() {
  const result = useActionData<typeof creerBandeauSaisi>();
  const navigation = useNavigation();
  const enCours =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "creer";
  const [form, fields] = useForm<SaisieNouveauBandeau>({
    id: "nouveau-bandeau",
    lastResult: result?.lastResult,
    defaultValue: { type: "general" },
    // Checked by the action (the API's own rules), with or without JavaScript.
    constraint: getZodConstraint(schemaNouveauBandeau),
  });
  const types = [
    { value: "general", label: "Général", hint: "En haut de toutes les pages" },
    {
      value: "info",
      label: "Information sur les dossiers",
      hint: "Sur les pages des dossiers du type choisi ci-dessous",
    },
  ];
  return (
    <section aria-labelledby="section-nouveau-bandeau">
      <h2 id="section-nouveau-bandeau">Nouveau bandeau</h2>
      <Form method="post" {...getFormProps(form)}>
        <FormErrorSummary form={form} />
        <RequiredFieldsNotice />
        <input type="hidden" name="intent" value="creer" />
        <RadioGroup
          id={fields.type.id}
          legend="Type de bandeau"
          required
          errors={fields.type.errors}
          options={types.map((type) => ({
            props: {
              key: type.value,
              id: `${fields.type.id}-${type.value}`,
              type: "radio",
              name: fields.type.name,
              value: type.value,
              defaultChecked: fields.type.initialValue === type.value,
            },
            label: type.label,
            hint: type.hint,
          }))}
        />
        <SelectField
          id={fields.demandeType.id}
          label="Type de dossier"
          hint="Obligatoire pour un bandeau d'information sur les dossiers"
          errors={fields.demandeType.errors}
          placeholder="Choisir un type de dossier"
          options={TYPES_DOSSIER_BANDEAU.map((type) => ({
            value: type,
            label: LIBELLES_TYPE_DOSSIER_BANDEAU[type],
          }))}
          selectProps={getSelectProps(fields.demandeType)}
        />
        <Field
          id={fields.titre.id}
          label="Titre"
          hint={`Facultatif, ${TITRE_BANDEAU_MAX} caractères au plus`}
          errors={fields.titre.errors}
        >
          <input {...getInputProps(fields.titre, { type: "text" })} maxLength={TITRE_BANDEAU_MAX} />
        </Field>
        <Field
          id={fields.message.id}
          label="Message"
          hint={`${MESSAGE_BANDEAU_MAX} caractères au plus`}
          required
          errors={fields.message.errors}
        >
          <textarea {...getTextareaProps(fields.message)} rows={3} />
        </Field>
        <PeriodeAffichage debut={fields.dateDebut} fin={fields.dateFin} />
        <button type="submit" className="fr-btn fr-mt-2w" disabled={enCours}>
          Enregistrer le bandeau
        </button>
      </Form>
    </section>
  );
}

/** conform's metadata of a date field of the new banner's form. */
type ChampDate = FieldMetadata<SaisieNouveauBandeau["dateDebut"], SaisieNouveauBandeau, string[]>;

/**
 * The display period of the new banner: start and end, Paris date and
 * time, side by side from the md breakpoint; both may be left empty.
 */
function PeriodeAffichage({ debut, fin }: { debut: ChampDate; fin: ChampDate }) {
  return (
    <div className="fr-grid-row fr-grid-row--gutters">
      <div className="fr-col-12 fr-col-md-6">
        <Field
          id={debut.id}
          label="Début de l'affichage"
          hint="Date et heure de Paris, par exemple 01/12/2026 08:00. Vide : dès maintenant"
          errors={debut.errors}
        >
          <input {...getInputProps(debut, { type: "datetime-local" })} />
        </Field>
      </div>
      <div className="fr-col-12 fr-col-md-6">
        <Field
          id={fin.id}
          label="Fin de l'affichage"
          hint="Date et heure de Paris, après le début. Vide : sans fin"
          errors={fin.errors}
        >
          <input {...getInputProps(fin, { type: "datetime-local" })} />
        </Field>
      </div>
    </div>
  );
}
