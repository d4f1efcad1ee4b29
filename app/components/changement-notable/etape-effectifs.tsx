import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import type { z } from "zod";
import {
  LIBELLES_ETP_EXTENSION,
  schemaEtapeExtension2,
} from "#contract/schemas/changement-notable";
import { afficherDecimal } from "#contract/validation";
import {
  Field,
  Fieldset,
  FieldsetElement,
  FormErrorSummary,
  RequiredFieldsNotice,
} from "~/components/forms";
import { BoutonsEtape } from "~/components/dossier/boutons-etape";
import { FORMULAIRE_EXTENSION } from "./extension";

/** What the loader gives step 2 (`chargerEtapeEffectifs`). */
export interface DonneesEtapeEffectifs {
  vue: "etape2";
  etape: 2;
  id: string;
  /** Saved figures as typed text ("7,5"), empty when not saved yet. */
  valeurs: { nb_etp_perimetre: string; nb_etp_accomp_perimetre: string };
}

/** What a refused post gives back (`enregistrerEtapeEffectifs`). */
export interface ResultatEtapeEffectifs {
  vue: "etape2";
  cle: string;
  lastResult: SubmissionResult<string[]>;
}

/** The two figures of the step, with the example each field shows. */
const CHAMPS_ETP = [
  { nom: "nb_etp_perimetre", exemple: "Exemple : 7,5" },
  { nom: "nb_etp_accomp_perimetre", exemple: "Exemple : 3" },
] as const;

/**
 * Step 2 "Effectifs sur le nouveau périmètre" (spec §5 ETP and Numbers):
 * ETP assigned to the new perimeter and, among them, accompaniment ETP,
 * both required, typed the French way ("7,5", `inputmode=decimal`),
 * checked with the contract's `schemaEtapeExtension2` on blur and by the
 * server.
 */
export function VueEtapeEffectifs({
  donnees,
  resultat,
}: {
  donnees: DonneesEtapeEffectifs;
  resultat: ResultatEtapeEffectifs | null;
}) {
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof schemaEtapeExtension2>>({
    id: "extension-etape-2",
    lastResult: resultat?.lastResult ?? null,
    defaultValue: donnees.valeurs,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemaEtapeExtension2 }),
  });
  return (
    <Form method="post" action={FORMULAIRE_EXTENSION.url(donnees.id, 2)} {...getFormProps(form)}>
      <FormErrorSummary form={form} />
      <RequiredFieldsNotice />
      <Fieldset
        id="extension-etp"
        legend="Effectifs affectés au nouveau périmètre"
        heading="h3"
        hint="En équivalents temps plein (ETP) annuels, et non en heures."
      >
        {CHAMPS_ETP.map(({ nom, exemple }) => (
          <FieldsetElement key={nom} className="fr-col-12 fr-col-md-6">
            <Field
              id={fields[nom].id}
              label={LIBELLES_ETP_EXTENSION[nom]}
              hint={exemple}
              required
              errors={fields[nom].errors}
            >
              <input {...getInputProps(fields[nom], { type: "text" })} inputMode="decimal" />
            </Field>
          </FieldsetElement>
        ))}
      </Fieldset>
      <BoutonsEtape
        type="changement-notable"
        id={donnees.id}
        etape={2}
        occupe={navigation.state === "submitting"}
      />
    </Form>
  );
}

/** Saved figures as the fields show them ("7,5"). */
export function valeursEffectifs(
  effectifs:
    | {
        nbEtpPerimetre?: number | null;
        nbEtpAccompagnementPerimetre?: number | null;
      }
    | undefined,
): DonneesEtapeEffectifs["valeurs"] {
  return {
    nb_etp_perimetre: afficherDecimal(effectifs?.nbEtpPerimetre),
    nb_etp_accomp_perimetre: afficherDecimal(effectifs?.nbEtpAccompagnementPerimetre),
  };
}
