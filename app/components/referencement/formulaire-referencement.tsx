import {
  getFormProps,
  getInputProps,
  getCollectionProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import {
  CIVILITES,
  schemaReferencementEtablissement,
  type EtablissementRegistre,
} from "#contract/schemas/etablissement";
import {
  Field,
  Fieldset,
  FieldsetElement,
  FormErrorSummary,
  RadioGroup,
  RequiredFieldsNotice,
} from "~/components/forms";
import type { ResultatGeographie } from "~/components/demande/formulaire/geographie";
import { schemaRecherche } from "~/components/demande/formulaire/schema-recherche";
import {
  ChampsCodePostalCommune,
  INTENT_COMMUNES_CODE_POSTAL,
  useCommunesDuCodePostal,
} from "~/components/forms/code-postal-commune";
import {
  PerimetreEtablissement,
  estRecherchePerimetre,
  type ChoixPerimetreEtablissement,
  type OptionsPerimetre,
  type RecherchePerimetreEtablissement,
} from "./perimetre-etablissement";
import { formaterSiret } from "./presentation";

export { INTENT_COMMUNES_CODE_POSTAL };
/** Intent of "Reprendre l'adresse de l'établissement choisi" (the chosen registry establishment's address; nothing saved). */
export const INTENT_ADRESSE_REGISTRE = "adresseRegistre";
/** Intent of the final button. */
export const INTENT_REFERENCER = "referencer";

/** Whether a posted `intent` only re-renders the form (a search or the address of the registry). */
export function estIntentSansEnregistrement(intent: unknown): boolean {
  return (
    intent === INTENT_COMMUNES_CODE_POSTAL ||
    intent === INTENT_ADRESSE_REGISTRE ||
    estRecherchePerimetre(intent)
  );
}

/** Id of the form; conform names its fields `referencement-<name>`. */
export const ID_FORMULAIRE = "referencement";
/** Id of the perimeter fieldset (the summary's link for a perimeter error). */
const ID_PERIMETRE = "referencement-perimetre";

/** Field values the form starts from (loader) or comes back with (action). */
export type ValeursReferencement = Record<string, string | undefined>;

/** Props of {@link FormulaireReferencement}. */
export interface FormulaireReferencementProps {
  /** `GET /api/agrement/{id}/etablissement-etp-required`. */
  etpRequired: boolean;
  /** The registry's establishments not referenced yet (at least one). */
  registre: EtablissementRegistre[];
  options: OptionsPerimetre;
  /** Starting values (the only registry establishment, when there is one). */
  valeurs: ValeursReferencement;
  choix: ChoixPerimetreEtablissement;
  /** Communes of the postal code shown. */
  communes: ResultatGeographie[];
  recherche: RecherchePerimetreEtablissement | null;
  /** conform's result of the last post (refusal, search, address taken from the registry). */
  lastResult: SubmissionResult<string[]> | null;
}

/**
 * The referencing form (spec §2 "referencing form with 4 sections", §3
 * Etablissement, §5), one page, one real
 * `<form method="post">`, four sections as fieldsets whose legends are
 * headings: 1. the establishment among the company registry's (radios with
 * SIRET, INSEE name and address), its name and its name in the directory;
 * 2. contact and address, with the postal code → commune selector; 3. the
 * intervention perimeter, limited to the approval's; 4. the referent and
 * the ETP, required when `etpRequired`. Checked in the browser with the
 * shared schema and again by the API (422 mapped on the fields).
 *
 * Without JavaScript every helper is a submit button the action answers
 * with the same form, every value kept: "Reprendre l'adresse…" (address of
 * the chosen establishment), "Rechercher" next to the postal code,
 * "Rechercher" (EPCI, communes). With JavaScript choosing an establishment
 * fills its address and name at once, and the communes follow the postal
 * code as it is typed.
 */
export function FormulaireReferencement({
  etpRequired,
  registre,
  options,
  valeurs,
  choix,
  communes: communesInitiales,
  recherche,
  lastResult,
}: FormulaireReferencementProps) {
  const navigation = useNavigation();
  const schema = schemaReferencementEtablissement({ etpRequired });
  const [form, fields] = useForm({
    id: ID_FORMULAIRE,
    lastResult,
    defaultValue: valeurs,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) =>
      parseWithZod(formData, {
        schema: estIntentSansEnregistrement(formData.get("intent")) ? schemaRecherche : schema,
      }),
  });
  const communesDuCodePostal = useCommunesDuCodePostal(communesInitiales);
  const [communePreferee, setCommunePreferee] = useState(
    String(fields.codeCommune.initialValue ?? ""),
  );

  /** With JavaScript: the chosen registry establishment's address (and name, if empty) fill the form. */
  function reprendre(siret: string) {
    const etablissement = registre.find((candidat) => candidat.siret === siret);
    if (!etablissement) return;
    form.update({ name: fields.adresse1.name, value: etablissement.adresse1 });
    form.update({ name: fields.adresse2.name, value: etablissement.adresse2 ?? "" });
    form.update({ name: fields.codePostal.name, value: etablissement.codePostal });
    const nom = form.getFieldset().nom.value;
    if (!nom) form.update({ name: fields.nom.name, value: etablissement.nomInsee });
    setCommunePreferee(etablissement.codeCommune ?? "");
    void communesDuCodePostal.charger(etablissement.codePostal, true);
  }

  const envoi = navigation.state === "submitting";
  const demi = "fr-col-12 fr-col-md-6";
  const sections = "fr-h4 fr-mb-0";

  return (
    <Form method="post" {...getFormProps(form)}>
      <FormErrorSummary
        form={form}
        targets={{ regions: ID_PERIMETRE, siret: fields.siret.id }}
        order={ORDRE_CHAMPS}
      />
      <RequiredFieldsNotice />

      <Fieldset
        id="referencement-identite"
        legend="1. Identification de l'établissement"
        heading="h2"
        headingClassName={sections}
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
        <FieldsetElement className={demi}>
          <Field
            id={fields.nom.id}
            label="Nom de l'établissement"
            hint="Le nom sous lequel l'établissement est connu"
            errors={fields.nom.errors}
          >
            <input {...getInputProps(fields.nom, { type: "text" })} autoComplete="organization" />
          </Field>
        </FieldsetElement>
        <FieldsetElement className={demi}>
          <Field
            id={fields.nomMar.id}
            label="Nom dans l'annuaire Mon Accompagnateur Rénov'"
            hint="Facultatif : le nom montré aux ménages, s'il diffère"
            errors={fields.nomMar.errors}
          >
            <input {...getInputProps(fields.nomMar, { type: "text" })} />
          </Field>
        </FieldsetElement>
      </Fieldset>

      <Fieldset
        id="referencement-coordonnees"
        legend="2. Coordonnées et adresse"
        heading="h2"
        headingClassName={sections}
      >
        <FieldsetElement>
          <Field id={fields.adresse1.id} label="Adresse" errors={fields.adresse1.errors}>
            <input
              {...getInputProps(fields.adresse1, { type: "text" })}
              autoComplete="address-line1"
            />
          </Field>
        </FieldsetElement>
        <FieldsetElement>
          <Field
            id={fields.adresse2.id}
            label="Complément d'adresse"
            hint="Bâtiment, étage, boîte postale…"
            errors={fields.adresse2.errors}
          >
            <input
              {...getInputProps(fields.adresse2, { type: "text" })}
              autoComplete="address-line2"
            />
          </Field>
        </FieldsetElement>
        <ChampsCodePostalCommune
          codePostal={fields.codePostal}
          commune={fields.codeCommune}
          recherche={communesDuCodePostal}
          communePreferee={communePreferee}
          classe={demi}
        />
        <FieldsetElement className={demi}>
          <Field
            id={fields.tel.id}
            label="Téléphone"
            hint="Par exemple : 01 23 45 67 89 ou +33 1 23 45 67 89"
            errors={fields.tel.errors}
          >
            <input {...getInputProps(fields.tel, { type: "tel" })} autoComplete="tel" />
          </Field>
        </FieldsetElement>
        <FieldsetElement className={demi}>
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
          <Field
            id={fields.siteInternet.id}
            label="Site internet"
            hint="Facultatif. Par exemple : www.structure.fr"
            errors={fields.siteInternet.errors}
          >
            <input {...getInputProps(fields.siteInternet, { type: "text" })} autoComplete="url" />
          </Field>
        </FieldsetElement>
      </Fieldset>

      <PerimetreEtablissement
        id={ID_PERIMETRE}
        legend="3. Périmètre d'intervention"
        heading="h2"
        options={options}
        choix={choix}
        recherche={recherche}
        erreurs={{
          regions: fields.regions.errors,
          departements: fields.departements.errors,
          epcis: fields.epcis.errors,
          communes: fields.communes.errors,
        }}
        erreurId={fields.regions.errorId}
      />

      <Fieldset
        id="referencement-referent"
        legend="4. Référent et effectifs"
        heading="h2"
        headingClassName={sections}
        hint={
          etpRequired
            ? "Requis pour votre agrément."
            : "Facultatifs pour votre agrément ; un référent commencé doit être complet."
        }
      >
        <FieldsetElement className={demi}>
          <Field
            id={fields.etp.id}
            label="Effectif de l'établissement en équivalents temps plein (ETP)"
            hint="Exemple : 2,5"
            required={etpRequired}
            errors={fields.etp.errors}
          >
            <input {...getInputProps(fields.etp, { type: "text" })} inputMode="decimal" />
          </Field>
        </FieldsetElement>
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
        <FieldsetElement className={demi}>
          <Field
            id={fields.referentNom.id}
            label="Nom du référent"
            required={etpRequired}
            errors={fields.referentNom.errors}
          >
            <input {...getInputProps(fields.referentNom, { type: "text" })} />
          </Field>
        </FieldsetElement>
        <FieldsetElement className={demi}>
          <Field
            id={fields.referentPrenom.id}
            label="Prénom du référent"
            required={etpRequired}
            errors={fields.referentPrenom.errors}
          >
            <input {...getInputProps(fields.referentPrenom, { type: "text" })} />
          </Field>
        </FieldsetElement>
        <FieldsetElement className={demi}>
          <Field
            id={fields.referentEmail.id}
            label="Adresse électronique du référent"
            required={etpRequired}
            errors={fields.referentEmail.errors}
          >
            <input {...getInputProps(fields.referentEmail, { type: "email" })} />
          </Field>
        </FieldsetElement>
        <FieldsetElement className={demi}>
          <Field
            id={fields.referentTel.id}
            label="Téléphone du référent"
            required={etpRequired}
            errors={fields.referentTel.errors}
          >
            <input {...getInputProps(fields.referentTel, { type: "tel" })} />
          </Field>
        </FieldsetElement>
      </Fieldset>

      <ul className="fr-btns-group fr-btns-group--inline-md fr-btns-group--right fr-mt-4w">
        <li>
          <Link className="fr-btn fr-btn--secondary" to="/referencement">
            Annuler
          </Link>
        </li>
        <li>
          <button
            type="submit"
            className="fr-btn"
            name="intent"
            value={INTENT_REFERENCER}
            disabled={envoi}
          >
            Référencer l'établissement
          </button>
        </li>
      </ul>
    </Form>
  );
}

/** Fields in the order of the page: the error summary lists them so. */
const ORDRE_CHAMPS = [
  "siret",
  "nom",
  "nomMar",
  "adresse1",
  "adresse2",
  "codePostal",
  "codeCommune",
  "tel",
  "email",
  "siteInternet",
  "regions",
  "departements",
  "epcis",
  "communes",
  "etp",
  "referentCivilite",
  "referentNom",
  "referentPrenom",
  "referentEmail",
  "referentTel",
] as const;

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
