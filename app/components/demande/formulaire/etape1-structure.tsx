import {
  getFormProps,
  getInputProps,
  getSelectProps,
  useForm,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, useNavigation } from "@remix-run/react";
import { useRef, useState } from "react";
import { z } from "zod";
import { libelleQualite } from "#contract/qualites";
import { schemaEtape1, type Etape1 } from "#contract/schemas/demande";
import type { FormeJuridique } from "#contract/schemas/reference";
import { Field, RequiredFieldsNotice } from "~/components/field";
import { t } from "~/i18n";
import type { RechercheGeographie, ResultatGeographie } from "./geographie";
import { BoutonsEtape, urlEtape } from "./stepper";

/** Intent of the "Rechercher les communes" button (re-render, nothing saved). */
export const INTENT_COMMUNES_CODE_POSTAL = "communes";

/** What a search post is checked against: nothing (it saves nothing). */
const schemaRecherche = z.object({}).passthrough();

/**
 * The shared step-1 rules. In the browser the date is compared with the
 * browser's day; the server checks again with the Europe/Paris day.
 */
const schema = schemaEtape1();

/** Props of {@link Etape1Structure}. */
export interface Etape1StructureProps {
  /** The request's id; null for a new request (the post creates it). */
  id: string | null;
  /** Saved content of the step, if any. */
  valeurs: Etape1 | null;
  /** The account's company: SIREN and name shown read-only, qualities to choose from. */
  societe: { siren: string; raisonSociale: string; qualites: string[] };
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
export function Etape1Structure({
  id,
  valeurs,
  societe,
  formesJuridiques,
  communes: communesInitiales,
  lastResult,
}: Etape1StructureProps) {
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
  const [communes, setCommunes] = useState(communesInitiales);
  const [annonce, setAnnonce] = useState("");
  const dernierCode = useRef<string | null>(null);

  /** With JavaScript: the communes of a complete postal code, without posting. */
  async function chargerCommunes(codePostal: string) {
    const code = codePostal.trim();
    if (!/^\d{5}$/.test(code) || code === dernierCode.current) return;
    dernierCode.current = code;
    const reponse = await fetch(
      `/resources/geographie?${new URLSearchParams({ type: "codePostal", codePostal: code })}`,
    );
    if (!reponse.ok) return;
    const resultat = (await reponse.json()) as RechercheGeographie;
    setCommunes(resultat.resultats);
    setAnnonce(
      resultat.resultats.length
        ? t("validation.resultatsDisponibles", { n: resultat.resultats.length })
        : t("validation.aucunResultat"),
    );
  }

  const communeChoisie = String(fields.commune.initialValue ?? "");
  const communeParDefaut = communes.some((commune) => commune.code === communeChoisie)
    ? communeChoisie
    : communes.length === 1
      ? communes[0].code
      : "";
  const envoi = navigation.state === "submitting";

  return (
    <Form method="post" action={urlEtape(id, 1)} {...getFormProps(form)}>
      <RequiredFieldsNotice />
      {form.errors?.length ? (
        <div className="fr-alert fr-alert--error fr-mb-3w" role="alert" id={form.errorId}>
          <p>{form.errors.join(" ")}</p>
        </div>
      ) : null}

      <fieldset className="fr-fieldset" aria-labelledby="etape1-signataire">
        <legend className="fr-fieldset__legend" id="etape1-signataire">
          <h3 className="fr-h5 fr-mb-0">Signataire de la demande</h3>
        </legend>
        <div className="fr-fieldset__element fr-col-12 fr-col-md-6">
          <Field id={fields.signataireNom.id} label="Nom" errors={fields.signataireNom.errors}>
            <input
              {...getInputProps(fields.signataireNom, { type: "text" })}
              autoComplete="family-name"
            />
          </Field>
        </div>
        <div className="fr-fieldset__element fr-col-12 fr-col-md-6">
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
        </div>
        <div className="fr-fieldset__element">
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
        </div>
      </fieldset>

      <fieldset className="fr-fieldset" aria-labelledby="etape1-structure">
        <legend className="fr-fieldset__legend" id="etape1-structure">
          <h3 className="fr-h5 fr-mb-0">Structure</h3>
        </legend>
        <div className="fr-fieldset__element fr-col-12 fr-col-md-6">
          <Field id="etape1-siren" label="SIREN" hint="Celui de votre compte, non modifiable">
            <input type="text" readOnly value={societe.siren} />
          </Field>
        </div>
        <div className="fr-fieldset__element fr-col-12 fr-col-md-6">
          <Field
            id="etape1-raison-sociale"
            label="Raison sociale"
            hint="Celle de votre compte, non modifiable"
          >
            <input type="text" readOnly value={societe.raisonSociale} />
          </Field>
        </div>
        <div className="fr-fieldset__element">
          <Field
            id={fields.structureQualite.id}
            label="Qualité de la structure"
            errors={fields.structureQualite.errors}
          >
            <select
              {...getSelectProps(fields.structureQualite)}
              defaultValue={String(fields.structureQualite.initialValue ?? "")}
            >
              <option value="" disabled>
                Sélectionnez une qualité
              </option>
              {societe.qualites.map((code) => (
                <option key={code} value={code}>
                  {libelleQualite(code)}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div className="fr-fieldset__element">
          <Field
            id={fields.formeJuridique.id}
            label="Forme juridique"
            errors={fields.formeJuridique.errors}
          >
            <select
              {...getSelectProps(fields.formeJuridique)}
              defaultValue={String(fields.formeJuridique.initialValue ?? "")}
            >
              <option value="" disabled>
                Sélectionnez une forme juridique
              </option>
              {formesJuridiques.map((forme) => (
                <option key={forme.code} value={forme.code}>
                  {forme.libelle}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div className="fr-fieldset__element fr-col-12 fr-col-md-6">
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
        </div>
        <div className="fr-fieldset__element fr-col-12 fr-col-md-6">
          <Field
            id={fields.telephone.id}
            label="Téléphone"
            hint="Par exemple : 01 23 45 67 89 ou +33 1 23 45 67 89"
            errors={fields.telephone.errors}
          >
            <input {...getInputProps(fields.telephone, { type: "tel" })} autoComplete="tel" />
          </Field>
        </div>
        <div className="fr-fieldset__element">
          <Field
            id={fields.email.id}
            label="Adresse électronique"
            hint="Par exemple : contact@structure.fr"
            errors={fields.email.errors}
          >
            <input {...getInputProps(fields.email, { type: "email" })} autoComplete="email" />
          </Field>
        </div>
        <div className="fr-fieldset__element">
          <Field id={fields.adresse.id} label="Adresse" errors={fields.adresse.errors}>
            <input
              {...getInputProps(fields.adresse, { type: "text" })}
              autoComplete="address-line1"
            />
          </Field>
        </div>
        <div className="fr-fieldset__element">
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
        </div>
        <div className="fr-fieldset__element fr-col-12 fr-col-md-6">
          <Field
            id={fields.codePostal.id}
            label="Code postal"
            hint="5 chiffres, puis choisissez la commune"
            errors={fields.codePostal.errors}
          >
            <input
              {...getInputProps(fields.codePostal, { type: "text" })}
              inputMode="numeric"
              autoComplete="postal-code"
              onChange={(event) => void chargerCommunes(event.currentTarget.value)}
            />
          </Field>
          <button
            type="submit"
            className="fr-btn fr-btn--secondary fr-btn--sm fr-icon-search-line fr-btn--icon-left"
            name="intent"
            value={INTENT_COMMUNES_CODE_POSTAL}
            formNoValidate
            onClick={(event) => {
              const champ = event.currentTarget.form?.elements.namedItem("codePostal");
              if (!(champ instanceof HTMLInputElement) || !/^\d{5}$/.test(champ.value.trim()))
                return;
              // With JavaScript the select fills without posting the whole form.
              event.preventDefault();
              dernierCode.current = null;
              void chargerCommunes(champ.value);
            }}
          >
            Rechercher les communes
          </button>
          <p className="fr-sr-only" aria-live="polite">
            {annonce}
          </p>
        </div>
        <div className="fr-fieldset__element fr-col-12 fr-col-md-6">
          <Field
            id={fields.commune.id}
            label="Commune"
            hint={
              communes.length
                ? "Parmi les communes du code postal"
                : "Saisissez d'abord le code postal, puis « Rechercher les communes »"
            }
            errors={fields.commune.errors}
          >
            <select
              {...getSelectProps(fields.commune)}
              key={`${fields.commune.key ?? ""}-${communes.map((commune) => commune.code).join()}`}
              defaultValue={communeParDefaut}
            >
              <option value="" disabled>
                Sélectionnez une commune
              </option>
              {communes.map((commune) => (
                <option key={commune.code} value={commune.code}>
                  {commune.nom}
                </option>
              ))}
            </select>
          </Field>
        </div>
      </fieldset>

      <BoutonsEtape id={id} etape={1} occupe={envoi} />
    </Form>
  );
}

function valeursParDefaut(valeurs: Etape1 | null, societe: { qualites: string[] }) {
  if (valeurs) return { ...valeurs, complementAdresse: valeurs.complementAdresse ?? "" };
  return { structureQualite: societe.qualites.length === 1 ? societe.qualites[0] : "" };
}
