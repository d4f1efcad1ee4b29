import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { libelleQualite } from "#contract/qualites";
import { schemaEtape1, type DemandeDetail, type Etape1 } from "#contract/schemas/demande";
import type { FormeJuridique } from "#contract/schemas/reference";
import {
  INTENT_COMMUNES_CODE_POSTAL,
  useCommunesDuCodePostal,
} from "~/components/forms/code-postal-commune";
import {
  Field,
  Fieldset,
  FieldsetElement,
  FormErrorSummary,
  InputFields,
  RequiredFieldsNotice,
  type InputFieldDescription,
  SelectField,
} from "~/components/forms";
import { ChampsAdresse, EMAIL, TELEPHONE } from "~/components/forms/champs-adresse";
import { t } from "~/i18n";
import type { ResultatGeographie } from "./geographie";
import { schemaRecherche } from "./schema-recherche";
import { BoutonsEtape } from "~/components/dossier/boutons-etape";
import { FORMULAIRE_DEMANDE } from "./formulaire-demande";

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

const DEMI = "fr-col-12 fr-col-md-6";

/** The signatory of the request: name, first name and quality. */
const SIGNATAIRE: InputFieldDescription[] = [
  { name: "signataireNom", label: "Nom", className: DEMI, autoComplete: "family-name" },
  { name: "signatairePrenom", label: "Prénom", className: DEMI, autoComplete: "given-name" },
  {
    name: "signataireQualite",
    label: "Qualité du signataire",
    hint: "Par exemple : gérant, président, directeur général",
    autoComplete: "organization-title",
  },
];

/** The structure's creation date, phone and e-mail. */
const CONTACT_STRUCTURE: InputFieldDescription[] = [
  {
    name: "dateCreationStructure",
    type: "date",
    label: "Date de création de la structure",
    hint: "Au format JJ/MM/AAAA, antérieure à aujourd'hui",
    className: DEMI,
    inputProps: { placeholder: t("validation.dateSaisie") },
  },
  { ...TELEPHONE, name: "telephone", className: DEMI },
  { ...EMAIL, name: "email" },
];

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
  const [form, fields] = useFormulaireEtape1(valeurs, societe, lastResult);
  const recherche = useCommunesDuCodePostal(communesInitiales);
  const envoi = navigation.state === "submitting";

  return (
    <Form method="post" action={FORMULAIRE_DEMANDE.url(id, 1)} {...getFormProps(form)}>
      <FormErrorSummary form={form} />
      <RequiredFieldsNotice />

      <Fieldset id="etape1-signataire" legend="Signataire de la demande" heading="h3">
        <InputFields fields={fields} inputs={SIGNATAIRE} />
      </Fieldset>

      <Fieldset id="etape1-structure" legend="Structure" heading="h3">
        <ChampsIdentiteStructure
          fields={fields}
          societe={societe}
          formesJuridiques={formesJuridiques}
        />
        <InputFields fields={fields} inputs={CONTACT_STRUCTURE} />
        <ChampsAdresse
          champs={fields}
          noms={["adresse", "complementAdresse", "codePostal", "commune"]}
          recherche={recherche}
          communePreferee={String(fields.commune.initialValue ?? "")}
          // Required together (contract regleAdresse), not alone in the schema.
          requis
          classe={DEMI}
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

/**
 * conform's form of step 1: the shared schema checks a save; the postal
 * code's "Rechercher" only checks what the search needs.
 */
function useFormulaireEtape1(
  valeurs: Etape1 | null,
  societe: SocieteCompte,
  lastResult: SubmissionResult<string[]> | null | undefined,
) {
  return useForm({
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
}

/** The fields of step 1 (conform's metadata, by name). */
type ChampsEtape1 = ReturnType<typeof useFormulaireEtape1>[1];

/**
 * The structure's identity: SIREN and company name read-only from the
 * account, its quality among the account's, its legal form.
 */
function ChampsIdentiteStructure({
  fields,
  societe,
  formesJuridiques,
}: {
  fields: ChampsEtape1;
  societe: SocieteCompte;
  formesJuridiques: FormeJuridique[];
}) {
  const choix = [
    {
      champ: fields.structureQualite,
      label: "Qualité de la structure",
      placeholder: "Sélectionnez une qualité",
      options: societe.qualites.map((code) => ({ value: code, label: libelleQualite(code) })),
    },
    {
      champ: fields.formeJuridique,
      label: "Forme juridique",
      placeholder: "Sélectionnez une forme juridique",
      options: formesJuridiques.map((forme) => ({ value: forme.code, label: forme.libelle })),
    },
  ];
  return (
    <>
      <FieldsetElement className={DEMI}>
        <Field id="etape1-siren" label="SIREN" hint="Celui de votre compte, non modifiable">
          <input type="text" readOnly value={societe.siren} />
        </Field>
      </FieldsetElement>
      <FieldsetElement className={DEMI}>
        <Field
          id="etape1-raison-sociale"
          label="Raison sociale"
          hint="Celle de votre compte, non modifiable"
        >
          <input type="text" readOnly value={societe.raisonSociale} />
        </Field>
      </FieldsetElement>
      {choix.map(({ champ, ...select }) => (
        <FieldsetElement key={champ.name}>
          <SelectField
            id={champ.id}
            errors={champ.errors}
            placeholderDisabled
            {...select}
            selectProps={{
              ...getSelectProps(champ),
              defaultValue: String(champ.initialValue ?? ""),
            }}
          />
        </FieldsetElement>
      ))}
    </>
  );
}
