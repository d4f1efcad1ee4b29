import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import type { EtablissementRegistre } from "#contract/schemas/etablissement";
import { FormErrorSummary, RequiredFieldsNotice, SubmitButton } from "~/components/forms";
import type { ResultatGeographie } from "~/components/demande/formulaire/geographie";
import { useCommunesDuCodePostal } from "~/components/forms/code-postal-commune";
import {
  INTENT_REFERENCER,
  useFormulaireReferencement,
  type ValeursReferencement,
} from "./champs-referencement";
import {
  PerimetreEtablissement,
  type ChoixPerimetreEtablissement,
  type OptionsPerimetre,
  type RecherchePerimetreEtablissement,
} from "./perimetre-etablissement";
import {
  SectionCoordonnees,
  SectionIdentification,
  SectionReferent,
} from "./sections-referencement";

/** Id of the perimeter fieldset (the summary's link for a perimeter error). */
const ID_PERIMETRE = "referencement-perimetre";

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
  const [form, fields] = useFormulaireReferencement(etpRequired, valeurs, lastResult);
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

  return (
    <Form method="post" {...getFormProps(form)}>
      <FormErrorSummary
        form={form}
        targets={{ regions: ID_PERIMETRE, siret: fields.siret.id }}
        order={ORDRE_CHAMPS}
      />
      <RequiredFieldsNotice />
      <SectionIdentification fields={fields} registre={registre} reprendre={reprendre} />
      <SectionCoordonnees
        fields={fields}
        recherche={communesDuCodePostal}
        communePreferee={communePreferee}
      />
      <PerimetreEtablissement
        id={ID_PERIMETRE}
        legend="3. Périmètre d'intervention"
        heading="h2"
        options={options}
        choix={choix}
        recherche={recherche}
        champs={fields}
      />
      <SectionReferent fields={fields} etpRequired={etpRequired} />
      <ul className="fr-btns-group fr-btns-group--inline-md fr-btns-group--right fr-mt-4w">
        <li>
          <Link className="fr-btn fr-btn--secondary" to="/referencement">
            Annuler
          </Link>
        </li>
        <li>
          <SubmitButton intent={INTENT_REFERENCER}>Référencer l'établissement</SubmitButton>
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
