import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
import { schemaBorneSupervision } from "#contract/schemas/administration";
import { schemaPerimetreSupervision } from "#contract/schemas/compte-parametres";
import type { Departement, Region } from "#contract/schemas/geographie";
import type { PerimetreSupervision } from "#contract/schemas/utilisateur";
import {
  Checkbox,
  Fieldset,
  FieldsetElement,
  FormErrorSummary,
  RequiredFieldsNotice,
} from "~/components/forms";
import { ChampMotDePasseActuel } from "~/components/parametres-compte/champ-mot-de-passe-actuel";
import { LienDeconnexion, SectionBloquante } from "~/components/section-bloquante";

/** The route whose action records the perimeter of the blocking section (and shows it again after an error). */
export const PERIMETRE_SUPERVISION_PATH = "/account/perimetre-supervision";

/** The bound of an account that may choose nothing (a superviseur without service nor opened bound). */
export const AUCUNE_BORNE: PerimetreSupervision = { regions: [], departements: [] };

/**
 * The two uses of the form: the superviseur's own perimeter (at least one
 * box) and the bound an admin_fonctionnel opens to him (ADR 0041; no box =
 * the régions of his service). What differs is data.
 */
const USAGES = {
  superviseur: {
    id: "perimetre-supervision",
    schema: schemaPerimetreSupervision,
    regionsRequises: true,
    aideRegions:
      "Les dossiers dont le siège est dans une région cochée font partie de votre périmètre.",
    aideDepartements: "Ou des départements, hors des régions cochées.",
    aideMotDePasse: "Votre périmètre décide des dossiers que vous lisez : confirmez ce changement.",
  },
  administration: {
    id: "borne-supervision",
    schema: schemaBorneSupervision,
    regionsRequises: false,
    aideRegions:
      "Le superviseur pourra choisir ces régions et chacun de leurs départements. Aucune case cochée : les régions de son service.",
    aideDepartements: "Ou des départements seuls, hors des régions cochées.",
    aideMotDePasse:
      "Cette borne décide des dossiers que le superviseur peut lire : confirmez-la avec votre mot de passe.",
  },
} as const;

/** The texts and ids of one use of the form. */
type TextesUsage = (typeof USAGES)[keyof typeof USAGES];

/** What a fieldset of boxes takes from its conform field. */
interface ChampCases {
  id: string;
  name: string;
  errors?: string[];
}

/** Props of {@link FormulairePerimetreSupervision}. */
export interface FormulairePerimetreSupervisionProps {
  /** Every région and département (names and grouping); only those of `borne` are offered. */
  regions: Region[];
  departements: Departement[];
  /** The perimeter saved so far (ticked boxes). */
  perimetre: PerimetreSupervision | null;
  /** What the superviseur may choose from (`borneSupervision`, ADR 0041). */
  borne: PerimetreSupervision;
  /** conform's result of the last refused post. */
  lastResult?: SubmissionResult<string[]> | null;
  /** Where the form posts: the current route (no value) or {@link PERIMETRE_SUPERVISION_PATH}. */
  action?: string;
  /** Hidden fields posted with the form (`intent`, `redirectTo`). */
  champsCaches: Record<string, string>;
  /** Label of the submit button. */
  bouton: string;
  /** The "Se déconnecter" way out of the blocking section. */
  deconnexion?: boolean;
  /** Whose choice it is (see USAGES); the superviseur's by default. */
  usage?: keyof typeof USAGES;
}

/**
 * Supervision perimeter form (spec §3 `perimetreSupervision`, §5 Perimeter,
 * §7 POST /api/user/perimetre-supervision): régions as boxes, then the
 * départements grouped by région in native disclosures (`<details>`, open
 * when one of its boxes is ticked: no JavaScript needed), only those within
 * the account's `borne`, then the current password (ADR 0041: the
 * perimeter decides what the account reads). At least one box; the
 * server's messages show in the summary and under their fields. An empty
 * bound shows why nothing can be chosen, and no form.
 */
export function FormulairePerimetreSupervision({
  regions,
  departements,
  perimetre,
  borne,
  lastResult,
  action,
  champsCaches,
  bouton,
  deconnexion,
  usage = "superviseur",
}: FormulairePerimetreSupervisionProps) {
  const textes = USAGES[usage];
  const [form, fields] = useForm({
    id: textes.id,
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: textes.schema }),
  });
  // After a refused post, the boxes as sent (nothing chosen is lost); else the saved perimeter.
  const renvoye = lastResult?.initialValue;
  const regionsCochees = new Set(renvoye ? enListe(renvoye.regions) : (perimetre?.regions ?? []));
  const departementsCoches = new Set(
    renvoye ? enListe(renvoye.departements) : (perimetre?.departements ?? []),
  );
  const departementsOuverts = new Set(borne.departements);
  const regionsOuvertes = regions.filter((region) => borne.regions.includes(region.code));
  if (regionsOuvertes.length === 0 && departementsOuverts.size === 0)
    return <AucunPerimetreOuvert deconnexion={deconnexion} />;
  return (
    <Form method="post" action={action} {...getFormProps(form)} noValidate>
      <FormErrorSummary form={form} />
      <RequiredFieldsNotice />
      <CasesRegions
        champ={fields.regions}
        textes={textes}
        regions={regionsOuvertes}
        cochees={regionsCochees}
      />
      <CasesDepartements
        champ={fields.departements}
        textes={textes}
        regions={regions}
        departements={departements.filter((departement) =>
          departementsOuverts.has(departement.code),
        )}
        coches={departementsCoches}
      />
      <ChampMotDePasseActuel champ={fields.motDePasseActuel} hint={textes.aideMotDePasse} />
      {Object.entries(champsCaches).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <ul className="fr-btns-group fr-btns-group--inline-md fr-btns-group--icon-left">
        <li>
          <button type="submit" className="fr-btn">
            {bouton}
          </button>
        </li>
        {deconnexion ? (
          <li>
            <LienDeconnexion />
          </li>
        ) : null}
      </ul>
    </Form>
  );
}

/**
 * The « Régions » fieldset: a box per région of `regions` (those opened
 * whole), ticked when in `cochees`, or a sentence when there is none.
 */
function CasesRegions({
  champ,
  textes,
  regions,
  cochees,
}: {
  champ: ChampCases;
  textes: TextesUsage;
  regions: Region[];
  cochees: Set<string>;
}) {
  return (
    <Fieldset
      id={champ.id}
      legend="Régions"
      hint={textes.aideRegions}
      required={textes.regionsRequises}
      errors={champ.errors}
      errorsFirst
    >
      {regions.length === 0 ? (
        <p className="fr-mb-0">Aucune région ne vous est ouverte en entier.</p>
      ) : null}
      {regions.map((region) => (
        <FieldsetElement key={region.code} inline>
          <Checkbox
            id={`${textes.id}-region-${region.code}`}
            name={champ.name}
            value={region.code}
            label={region.nom}
            defaultChecked={cochees.has(region.code)}
          />
        </FieldsetElement>
      ))}
    </Fieldset>
  );
}

/**
 * The « Départements » fieldset: the offered `departements` grouped by
 * région in native disclosures, each open when one of its boxes is in
 * `coches`; a région with none offered shows nothing.
 */
function CasesDepartements({
  champ,
  textes,
  regions,
  departements,
  coches,
}: {
  champ: ChampCases;
  textes: TextesUsage;
  regions: Region[];
  departements: Departement[];
  coches: Set<string>;
}) {
  return (
    <Fieldset
      id={champ.id}
      legend="Départements"
      hint={textes.aideDepartements}
      errors={champ.errors}
    >
      {regions.map((region) => {
        const liste = departements.filter((departement) => departement.codeRegion === region.code);
        if (liste.length === 0) return null;
        return (
          <FieldsetElement key={region.code}>
            <details open={liste.some((departement) => coches.has(departement.code))}>
              <summary className="fr-text--bold">Départements de la région {region.nom}</summary>
              <ul className="fr-raw-list fr-mt-1w">
                {liste.map((departement) => (
                  <li key={departement.code}>
                    <Checkbox
                      id={`${textes.id}-departement-${departement.code}`}
                      name={champ.name}
                      value={departement.code}
                      label={`${departement.nom} (${departement.code})`}
                      defaultChecked={coches.has(departement.code)}
                      small
                    />
                  </li>
                ))}
              </ul>
            </details>
          </FieldsetElement>
        );
      })}
    </Fieldset>
  );
}

/**
 * An empty bound: why nothing can be chosen and whom to write to, with the
 * way out when the section is blocking (`deconnexion`).
 */
function AucunPerimetreOuvert({ deconnexion }: { deconnexion?: boolean }) {
  return (
    <>
      <div className="fr-alert fr-alert--info fr-mb-4w">
        <h3 className="fr-alert__title">Aucun périmètre ne vous est ouvert</h3>
        <p>
          Votre compte n'est rattaché à aucun service instructeur et aucune région ne vous a été
          ouverte. L'administration fonctionnelle du portail peut vous ouvrir des régions ou des
          départements : écrivez à{" "}
          <a href="mailto:mar-agrement@anah.gouv.fr">mar-agrement@anah.gouv.fr</a>.
        </p>
      </div>
      {deconnexion ? <BoutonDeconnexion /> : null}
    </>
  );
}

/** The codes of a posted list field: none, one (a string) or several. */
function enListe(valeur: unknown): string[] {
  if (typeof valeur === "string") return [valeur];
  return Array.isArray(valeur) ? valeur.filter((code) => typeof code === "string") : [];
}

/** {@link LienDeconnexion} alone, when the blocking section has no form. */
function BoutonDeconnexion() {
  return (
    <ul className="fr-btns-group fr-btns-group--inline-md fr-btns-group--icon-left">
      <li>
        <LienDeconnexion />
      </li>
    </ul>
  );
}

/** Props of {@link BlocagePerimetreSupervision}. */
export interface BlocagePerimetreSupervisionProps extends Omit<
  FormulairePerimetreSupervisionProps,
  "action" | "champsCaches" | "bouton"
> {
  /** Same-origin path to come back to once the perimeter is saved. */
  redirectTo: string;
}

/**
 * The superviseur's blocking perimeter section (spec §2 Modals, §6; DESIGN
 * §4 and §6): rendered by the server instead of the page content while his
 * perimeter holds no région and no département; the form posts to
 * {@link PERIMETRE_SUPERVISION_PATH}, which comes back to `redirectTo`.
 */
export function BlocagePerimetreSupervision({
  redirectTo,
  ...props
}: BlocagePerimetreSupervisionProps) {
  return (
    <SectionBloquante
      titreId="perimetre-supervision-titre"
      titre="Définir votre périmètre de supervision"
      colonnes="fr-col-12 fr-col-lg-10"
    >
      <p className="fr-text--lead">
        Avant d'utiliser le portail, choisissez les régions ou les départements dont vous supervisez
        les dossiers. Vous pourrez le modifier dans les paramètres de votre compte.
      </p>
      <FormulairePerimetreSupervision
        {...props}
        action={PERIMETRE_SUPERVISION_PATH}
        champsCaches={{ redirectTo }}
        bouton="Enregistrer mon périmètre"
        deconnexion
      />
    </SectionBloquante>
  );
}
