import { getCollectionProps } from "@conform-to/react";
import { CIVILITES, type EtablissementRegistre } from "#contract/schemas/etablissement";
import {
  FieldsetElement,
  FormSection,
  InputFields,
  RadioGroup,
  type InputFieldDescription,
} from "~/components/forms";
import { ChampsAdresse, EMAIL, TELEPHONE } from "~/components/forms/champs-adresse";
import type { CommunesDuCodePostal } from "~/components/forms/code-postal-commune";
import { INTENT_ADRESSE_REGISTRE, type ChampsReferencement } from "./champs-referencement";
import { adresseSurUneLigne, formaterSiret } from "./presentation";

const DEMI = "fr-col-12 fr-col-md-6";

/** The establishment's name, and its name in the directory. */
const NOMS: InputFieldDescription[] = [
  {
    name: "nom",
    label: "Nom de l'établissement",
    hint: "Le nom sous lequel l'établissement est connu",
    className: DEMI,
    autoComplete: "organization",
  },
  {
    name: "nomMar",
    label: "Nom dans l'annuaire Mon Accompagnateur Rénov'",
    hint: "Facultatif : le nom montré aux ménages, s'il diffère",
    className: DEMI,
  },
];

/** Phone, e-mail and website, after the address. */
const CONTACT: InputFieldDescription[] = [
  { ...TELEPHONE, name: "tel", className: DEMI },
  { ...EMAIL, name: "email", className: DEMI },
  {
    name: "siteInternet",
    label: "Site internet",
    hint: "Facultatif. Par exemple : www.structure.fr",
    autoComplete: "url",
  },
];

/** The ETP, then (after the civility) the referent: required together when the approval asks for them. */
const ETP: InputFieldDescription[] = [
  {
    name: "etp",
    label: "Effectif de l'établissement en équivalents temps plein (ETP)",
    hint: "Exemple : 2,5",
    inputProps: { inputMode: "decimal" },
  },
];
const REFERENT: InputFieldDescription[] = [
  { name: "referentNom", label: "Nom du référent" },
  { name: "referentPrenom", label: "Prénom du référent" },
  { name: "referentEmail", type: "email", label: "Adresse électronique du référent" },
  { name: "referentTel", type: "tel", label: "Téléphone du référent" },
];

/**
 * Section 1 of the referencing form (spec §2): the establishment among the
 * registry's (radios with SIRET, INSEE name and address; with JavaScript,
 * choosing one calls `reprendre` with its SIRET), the button that takes its
 * address without JavaScript, its name and its name in the directory.
 */
export function SectionIdentification({
  fields,
  registre,
  reprendre,
}: {
  fields: ChampsReferencement;
  registre: EtablissementRegistre[];
  reprendre: (siret: string) => void;
}) {
  return (
    <FormSection id="referencement-identite" legend="1. Identification de l'établissement">
      <FieldsetElement>
        <RadioGroup
          id={fields.siret.id}
          legend="Établissement de votre société"
          hint="Les établissements actifs de votre SIREN au répertoire des entreprises (INSEE), pas encore référencés."
          required
          errors={fields.siret.errors}
          options={getCollectionProps(fields.siret, {
            type: "radio",
            options: registre.map((etablissement) => etablissement.siret),
          }).map((props) => {
            const etablissement = registre.find((candidat) => candidat.siret === props.value)!;
            return {
              props: {
                ...props,
                onChange: (event) => {
                  if (event.currentTarget.checked) reprendre(event.currentTarget.value);
                },
              },
              label: `${etablissement.nomInsee}${etablissement.siege ? " (siège)" : ""}`,
              hint: `SIRET ${formaterSiret(etablissement.siret)} – ${adresseSurUneLigne(etablissement)}`,
            };
          })}
        />
        <button
          type="submit"
          className="fr-btn fr-btn--tertiary fr-btn--sm fr-icon-arrow-down-line fr-btn--icon-left"
          name="intent"
          value={INTENT_ADRESSE_REGISTRE}
          formNoValidate
        >
          Reprendre l'adresse de l'établissement choisi
        </button>
      </FieldsetElement>
      <InputFields fields={fields} inputs={NOMS} />
    </FormSection>
  );
}

/**
 * Section 2 of the referencing form (spec §3 Etablissement, §5 Address and
 * Phone): the address with the postal code → commune selector, phone,
 * e-mail and website.
 */
export function SectionCoordonnees({
  fields,
  recherche,
  communePreferee,
}: {
  fields: ChampsReferencement;
  recherche: CommunesDuCodePostal;
  communePreferee: string;
}) {
  return (
    <FormSection id="referencement-coordonnees" legend="2. Coordonnées et adresse">
      <ChampsAdresse
        champs={fields}
        noms={["adresse1", "adresse2", "codePostal", "codeCommune"]}
        recherche={recherche}
        communePreferee={communePreferee}
        classe={DEMI}
      />
      <InputFields fields={fields} inputs={CONTACT} />
    </FormSection>
  );
}

/**
 * Section 4 of the referencing form (spec §3 Etablissement): the ETP and
 * the referent, required together when the approval asks for them
 * (`etpRequired`).
 */
export function SectionReferent({
  fields,
  etpRequired,
}: {
  fields: ChampsReferencement;
  etpRequired: boolean;
}) {
  const requis = (inputs: InputFieldDescription[]) =>
    inputs.map((input) => ({ ...input, required: etpRequired, className: DEMI }));
  return (
    <FormSection
      id="referencement-referent"
      legend="4. Référent et effectifs"
      hint={
        etpRequired
          ? "Requis pour votre agrément."
          : "Facultatifs pour votre agrément ; un référent commencé doit être complet."
      }
    >
      <InputFields fields={fields} inputs={requis(ETP)} />
      <FieldsetElement>
        <RadioGroup
          id={fields.referentCivilite.id}
          legend="Civilité du référent"
          inline
          required={etpRequired}
          errors={fields.referentCivilite.errors}
          options={getCollectionProps(fields.referentCivilite, {
            type: "radio",
            options: [...CIVILITES],
          }).map((props) => ({
            props: { ...props, required: etpRequired },
            label: props.value === "Mme" ? "Madame" : "Monsieur",
          }))}
        />
      </FieldsetElement>
      <InputFields fields={fields} inputs={requis(REFERENT)} />
    </FormSection>
  );
}
