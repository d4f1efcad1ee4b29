import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form } from "@remix-run/react";
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
import { t } from "~/i18n";

/** The route whose action records the perimeter of the blocking section (and shows it again after an error). */
export const PERIMETRE_SUPERVISION_PATH = "/account/perimetre-supervision";

/** Props of {@link FormulairePerimetreSupervision}. */
export interface FormulairePerimetreSupervisionProps {
  regions: Region[];
  departements: Departement[];
  /** The perimeter saved so far (ticked boxes). */
  perimetre: PerimetreSupervision | null;
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
}

/**
 * Supervision perimeter form (spec §3 `perimetreSupervision`, §5 Perimeter,
 * §7 POST /api/user/perimetre-supervision): régions as boxes, then the
 * départements grouped by région in native disclosures (`<details>`, open
 * when one of its boxes is ticked: no JavaScript needed). At least one box;
 * the server's messages show in the summary and under the régions.
 */
export function FormulairePerimetreSupervision({
  regions,
  departements,
  perimetre,
  lastResult,
  action,
  champsCaches,
  bouton,
  deconnexion,
}: FormulairePerimetreSupervisionProps) {
  const [form, fields] = useForm({
    id: "perimetre-supervision",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemaPerimetreSupervision }),
  });
  const regionsCochees = new Set(perimetre?.regions ?? []);
  const departementsCoches = new Set(perimetre?.departements ?? []);
  return (
    <Form method="post" action={action} {...getFormProps(form)} noValidate>
      <FormErrorSummary form={form} />
      <RequiredFieldsNotice />
      <Fieldset
        id={fields.regions.id}
        legend="Régions"
        hint="Les dossiers dont le siège est dans une région cochée font partie de votre périmètre."
        required
        errors={fields.regions.errors}
        errorsFirst
      >
        {regions.map((region) => (
          <FieldsetElement key={region.code} inline>
            <Checkbox
              id={`perimetre-supervision-region-${region.code}`}
              name={fields.regions.name}
              value={region.code}
              label={region.nom}
              defaultChecked={regionsCochees.has(region.code)}
            />
          </FieldsetElement>
        ))}
      </Fieldset>
      <Fieldset
        id={fields.departements.id}
        legend="Départements"
        hint="Ou des départements, hors des régions cochées."
        errors={fields.departements.errors}
      >
        {regions.map((region) => {
          const liste = departements.filter(
            (departement) => departement.codeRegion === region.code,
          );
          if (liste.length === 0) return null;
          return (
            <FieldsetElement key={region.code}>
              <details open={liste.some((departement) => departementsCoches.has(departement.code))}>
                <summary className="fr-text--bold">Départements de la région {region.nom}</summary>
                <ul className="fr-raw-list fr-mt-1w">
                  {liste.map((departement) => (
                    <li key={departement.code}>
                      <Checkbox
                        id={`perimetre-supervision-departement-${departement.code}`}
                        name={fields.departements.name}
                        value={departement.code}
                        label={`${departement.nom} (${departement.code})`}
                        defaultChecked={departementsCoches.has(departement.code)}
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
            <a
              className="fr-btn fr-btn--secondary fr-btn--icon-left fr-icon-logout-box-r-line"
              href="/account/logout"
            >
              {t("header.seDeconnecter")}
            </a>
          </li>
        ) : null}
      </ul>
    </Form>
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
    <div className="fr-container fr-py-6w">
      <div className="fr-grid-row">
        <section className="fr-col-12 fr-col-lg-10" aria-labelledby="perimetre-supervision-titre">
          <h1 id="perimetre-supervision-titre">Définir votre périmètre de supervision</h1>
          <p className="fr-text--lead">
            Avant d'utiliser le portail, choisissez les régions ou les départements dont vous
            supervisez les dossiers. Vous pourrez le modifier dans les paramètres de votre compte.
          </p>
          <FormulairePerimetreSupervision
            {...props}
            action={PERIMETRE_SUPERVISION_PATH}
            champsCaches={{ redirectTo }}
            bouton="Enregistrer mon périmètre"
            deconnexion
          />
        </section>
      </div>
    </div>
  );
}
