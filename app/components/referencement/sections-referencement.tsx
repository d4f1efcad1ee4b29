import { getCollectionProps } from "@conform-to/react";
import { CIVILITES, type EtablissementRegistre } from "#contract/schemas/etablissement";
import { Fieldset, FieldsetElement, InputFieldElement, RadioGroup } from "~/components/forms";
import { ChampsAdresse } from "~/components/forms/champs-adresse";
import type { CommunesDuCodePostal } from "~/components/forms/code-postal-commune";
import { INTENT_ADRESSE_REGISTRE, type ChampsReferencement } from "./champs-referencement";
import { formaterSiret } from "./presentation";

const DEMI = "fr-col-12 fr-col-md-6";
const TITRE_SECTION = "fr-h4 fr-mb-0";

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
    <Fieldset
      id="referencement-identite"
      legend="1. Identification de l'établissement"
      heading="h2"
      headingClassName={TITRE_SECTION}
    >
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
              hint: `SIRET ${formaterSiret(etablissement.siret)} – ${adresseRegistre(etablissement)}`,
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
      <InputFieldElement
        field={fields.nom}
        type="text"
        label="Nom de l'établissement"
        hint="Le nom sous lequel l'établissement est connu"
        className={DEMI}
        inputProps={{ autoComplete: "organization" }}
      />
      <InputFieldElement
        field={fields.nomMar}
        type="text"
        label="Nom dans l'annuaire Mon Accompagnateur Rénov'"
        hint="Facultatif : le nom montré aux ménages, s'il diffère"
        className={DEMI}
      />
    </Fieldset>
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
    <Fieldset
      id="referencement-coordonnees"
      legend="2. Coordonnées et adresse"
      heading="h2"
      headingClassName={TITRE_SECTION}
    >
      <ChampsAdresse
        champs={{
          adresse: fields.adresse1,
          complement: fields.adresse2,
          codePostal: fields.codePostal,
          commune: fields.codeCommune,
        }}
        recherche={recherche}
        communePreferee={communePreferee}
        classe={DEMI}
      />
      <InputFieldElement
        field={fields.tel}
        type="tel"
        label="Téléphone"
        hint="Par exemple : 01 23 45 67 89 ou +33 1 23 45 67 89"
        className={DEMI}
        inputProps={{ autoComplete: "tel" }}
      />
      <InputFieldElement
        field={fields.email}
        type="email"
        label="Adresse électronique"
        hint="Par exemple : contact@structure.fr"
        className={DEMI}
        inputProps={{ autoComplete: "email" }}
      />
      <InputFieldElement
        field={fields.siteInternet}
        type="text"
        label="Site internet"
        hint="Facultatif. Par exemple : www.structure.fr"
        inputProps={{ autoComplete: "url" }}
      />
    </Fieldset>
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
  return (
    <Fieldset
      id="referencement-referent"
      legend="4. Référent et effectifs"
      heading="h2"
      headingClassName={TITRE_SECTION}
      hint={
        etpRequired
          ? "Requis pour votre agrément."
          : "Facultatifs pour votre agrément ; un référent commencé doit être complet."
      }
    >
      <InputFieldElement
        field={fields.etp}
        type="text"
        label="Effectif de l'établissement en équivalents temps plein (ETP)"
        hint="Exemple : 2,5"
        required={etpRequired}
        className={DEMI}
        inputProps={{ inputMode: "decimal" }}
      />
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
      <InputFieldElement
        field={fields.referentNom}
        type="text"
        label="Nom du référent"
        required={etpRequired}
        className={DEMI}
      />
      <InputFieldElement
        field={fields.referentPrenom}
        type="text"
        label="Prénom du référent"
        required={etpRequired}
        className={DEMI}
      />
      <InputFieldElement
        field={fields.referentEmail}
        type="email"
        label="Adresse électronique du référent"
        required={etpRequired}
        className={DEMI}
      />
      <InputFieldElement
        field={fields.referentTel}
        type="tel"
        label="Téléphone du référent"
        required={etpRequired}
        className={DEMI}
      />
    </Fieldset>
  );
}

/** "12 rue X, Bât. B, 75011 Paris". */
function adresseRegistre(etablissement: EtablissementRegistre): string {
  return [
    etablissement.adresse1,
    etablissement.adresse2,
    `${etablissement.codePostal} ${etablissement.ville}`,
  ]
    .filter(Boolean)
    .join(", ");
}
