import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { libelleQualite } from "#contract/qualites";
import { schemaEtape1, type DemandeDetail, type Etape1 } from "#contract/schemas/demande";
import type { FormeJuridique } from "#contract/schemas/reference";
import {
  ChampsCodePostalCommune,
  INTENT_COMMUNES_CODE_POSTAL,
  useCommunesDuCodePostal,
} from "~/components/forms/code-postal-commune";
import {
  Field,
  Fieldset,
  FieldsetElement,
  FormErrorSummary,
  RequiredFieldsNotice,
  SelectField,
} from "~/components/forms";
import { t } from "~/i18n";
import type { ResultatGeographie } from "./geographie";
import { schemaRecherche } from "./schema-recherche";
import { BoutonsEtape } from "~/components/dossier/boutons-etape";
import { urlEtape } from "./stepper";

export { INTENT_COMMUNES_CODE_POSTAL } from "~/components/forms/code-postal-commune";

/**
 * The shared step-1 rules. In the browser the date is compared with the
 * browser's day; the server checks again with the Europe/Paris day.
 */
const schema = schemaEtape1();

/** The account's company: SIREN and name shown read-only, qualities to choose from. */
export interface SocieteCompte {
  siren: string;
  raisonSociale: string;
  qualites: string[];
}

/** What the loader gives step 1 (`chargerEtapeStructure`). */
export interface DonneesEtapeStructure {
  vue: "etape1";
  etape: 1;
  /** The request's id; null for a new request (the post creates it). */
  id: string | null;
  demande: DemandeDetail | null;
  societe: SocieteCompte;
  formesJuridiques: FormeJuridique[];
  /** Communes of the saved postal code. */
  communes: ResultatGeographie[];
}

/** What a refused post or a postal-code search gives back (`enregistrerEtapeStructure`). */
export interface ResultatEtapeStructure {
  vue: "etape1";
  /** A new key per answer: the form remounts from the posted values. */
  cle: string;
  lastResult: SubmissionResult<string[]>;
  /** Communes of the posted postal code. */
  communes: ResultatGeographie[];
}

/** Step 1 of the page: the loader's data, and the last answer of the action if any. */
export function VueEtapeStructure({
  donnees,
  resultat,
}: {
  donnees: DonneesEtapeStructure;
  resultat: ResultatEtapeStructure | null;
}) {
  return (
    <EtapeStructure
      key={resultat?.cle ?? "chargement"}
      id={donnees.id}
      valeurs={donnees.demande?.etape1 ?? null}
      societe={donnees.societe}
      formesJuridiques={donnees.formesJuridiques}
      communes={resultat?.communes ?? donnees.communes}
      lastResult={resultat?.lastResult ?? null}
    />
  );
}

/** Props of {@link EtapeStructure}. */
export interface EtapeStructureProps {
  /** The request's id; null for a new request (the post creates it). */
  id: string | null;
  /** Saved content of the step, if any. */
  valeurs: Etape1 | null;
  societe: SocieteCompte;
  formesJuridiques: FormeJuridique[];
  /** Communes of the postal code shown (saved or searched). */
  communes: ResultatGeographie[];
  /** conform's result of the last post (refused save or postal-code search). */
  lastResult?: SubmissionResult<string[]> | null;
}

/**
 * Step 1 "Informations sur la structure" (spec §3 signatory and structure,
 * §5 Phone, Dates, Address): signatory, structure (SIREN and company name
 * read-only from the account), quality among the account's, legal form,
 * creation date (native date input; "JJ/MM/AAAA" typed by hand is accepted
 * too), phone, e-mail, address, postal code and the commune chosen among
 * that code's communes. Without JavaScript "Rechercher les communes" posts
 * the form (intent `communes`) and it comes back with every value kept and
 * the select filled; with JavaScript the select fills as the code is typed.
 */
export function EtapeStructure({
  id,
  valeurs,
  societe,
  formesJuridiques,
  communes: communesInitiales,
  lastResult,
}: EtapeStructureProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "demande-etape-1",
    lastResult,
    defaultValue: valeursParDefaut(valeurs, societe),
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: formData.get("intent") === INTENT_COMMUNES_CODE_POSTAL ? schemaRecherche : schema,
      }),
  });
  const recherche = useCommunesDuCodePostal(communesInitiales);
  const envoi = navigation.state === "submitting";
  const demi = "fr-col-12 fr-col-md-6";

  return (
    <Form method="post" action={urlEtape(id, 1)} {...getFormProps(form)}>
      <FormErrorSummary form={form} />
      <RequiredFieldsNotice />

      <Fieldset id="etape1-signataire" legend="Signataire de la demande" heading="h3">
        <FieldsetElement className={demi}>
          <Field id={fields.signataireNom.id} label="Nom" errors={fields.signataireNom.errors}>
            <input
              {...getInputProps(fields.signataireNom, { type: "text" })}
              autoComplete="family-name"
            />
          </Field>
        </FieldsetElement>
        <FieldsetElement className={demi}>
          <Field
            id={fields.signatairePrenom.id}
            label="Prénom"
            errors={fields.signatairePrenom.errors}
          >
            <input
              {...getInputProps(fields.signatairePrenom, { type: "text" })}
              autoComplete="given-name"
            />
          </Field>
        </FieldsetElement>
        <FieldsetElement>
          <Field
            id={fields.signataireQualite.id}
            label="Qualité du signataire"
            hint="Par exemple : gérant, président, directeur général"
            errors={fields.signataireQualite.errors}
          >
            <input
              {...getInputProps(fields.signataireQualite, { type: "text" })}
              autoComplete="organization-title"
            />
          </Field>
        </FieldsetElement>
      </Fieldset>

      <Fieldset id="etape1-structure" legend="Structure" heading="h3">
        <FieldsetElement className={demi}>
          <Field id="etape1-siren" label="SIREN" hint="Celui de votre compte, non modifiable">
            <input type="text" readOnly value={societe.siren} />
          </Field>
        </FieldsetElement>
        <FieldsetElement className={demi}>
          <Field
            id="etape1-raison-sociale"
            label="Raison sociale"
            hint="Celle de votre compte, non modifiable"
          >
            <input type="text" readOnly value={societe.raisonSociale} />
          </Field>
        </FieldsetElement>
        <FieldsetElement>
          <SelectField
            id={fields.structureQualite.id}
            label="Qualité de la structure"
            errors={fields.structureQualite.errors}
            placeholder="Sélectionnez une qualité"
            placeholderDisabled
            options={societe.qualites.map((code) => ({ value: code, label: libelleQualite(code) }))}
            selectProps={{
              ...getSelectProps(fields.structureQualite),
              defaultValue: String(fields.structureQualite.initialValue ?? ""),
            }}
          />
        </FieldsetElement>
        <FieldsetElement>
          <SelectField
            id={fields.formeJuridique.id}
            label="Forme juridique"
            errors={fields.formeJuridique.errors}
            placeholder="Sélectionnez une forme juridique"
            placeholderDisabled
            options={formesJuridiques.map((forme) => ({ value: forme.code, label: forme.libelle }))}
            selectProps={{
              ...getSelectProps(fields.formeJuridique),
              defaultValue: String(fields.formeJuridique.initialValue ?? ""),
            }}
          />
        </FieldsetElement>
        <FieldsetElement className={demi}>
          <Field
            id={fields.dateCreationStructure.id}
            label="Date de création de la structure"
            hint="Au format JJ/MM/AAAA, antérieure à aujourd'hui"
            errors={fields.dateCreationStructure.errors}
          >
            <input
              {...getInputProps(fields.dateCreationStructure, { type: "date" })}
              placeholder={t("validation.dateSaisie")}
            />
          </Field>
        </FieldsetElement>
        <FieldsetElement className={demi}>
          <Field
            id={fields.telephone.id}
            label="Téléphone"
            hint="Par exemple : 01 23 45 67 89 ou +33 1 23 45 67 89"
            errors={fields.telephone.errors}
          >
            <input {...getInputProps(fields.telephone, { type: "tel" })} autoComplete="tel" />
          </Field>
        </FieldsetElement>
        <FieldsetElement>
          <Field
            id={fields.email.id}
            label="Adresse électronique"
            hint="Par exemple : contact@structure.fr"
            errors={fields.email.errors}
          >
            <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
          </Field>
        </FieldsetElement>
        <FieldsetElement>
          <Field id={fields.adresse.id} label="Adresse" errors={fields.adresse.errors}>
            <input
              {...getInputProps(fields.adresse, { type: "text" })}
              autoComplete="address-line1"
            />
          </Field>
        </FieldsetElement>
        <FieldsetElement>
          <Field
            id={fields.complementAdresse.id}
            label="Complément d'adresse"
            hint="Bâtiment, étage, boîte postale…"
            errors={fields.complementAdresse.errors}
          >
            <input
              {...getInputProps(fields.complementAdresse, { type: "text" })}
              autoComplete="address-line2"
            />
          </Field>
        </FieldsetElement>
        <ChampsCodePostalCommune
          codePostal={fields.codePostal}
          commune={fields.commune}
          recherche={recherche}
          communePreferee={String(fields.commune.initialValue ?? "")}
          // Required together (contract regleAdresse), not alone in the schema.
          requis
          classe={demi}
        />
      </Fieldset>

      <BoutonsEtape type="demande" id={id} etape={1} occupe={envoi} />
    </Form>
  );
}

function valeursParDefaut(valeurs: Etape1 | null, societe: { qualites: string[] }) {
  if (valeurs) return { ...valeurs, complementAdresse: valeurs.complementAdresse ?? "" };
  return { structureQualite: societe.qualites.length === 1 ? societe.qualites[0] : "" };
}
