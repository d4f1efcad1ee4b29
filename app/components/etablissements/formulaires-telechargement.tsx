import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Form, Link, useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import {
  MESSAGE_AUCUN_RESULTAT,
  schemaPeriodeTelechargement,
  schemaSocieteTelechargement,
} from "#contract/schemas/etablissements-liste";
import { FormErrorSummary, InputField } from "~/components/forms";

const JJMMAAAA = "Format attendu : JJ/MM/AAAA";

/** Props of {@link FormulairePeriode}. */
export interface FormulairePeriodeProps {
  lastResult?: SubmissionResult<string[]>;
}

/**
 * Download by period: the first and last days of
 * referencing (native date fields, "JJ/MM/AAAA" typed by older browsers is
 * read too), both required, the end not before the start (error on the end
 * date, spec §5 Dates). A POST form: the page's action checks it with the
 * contract's schema, then sends the browser to the ZIP.
 */
export function FormulairePeriode({ lastResult }: FormulairePeriodeProps) {
  const [form, fields] = useForm({
    id: "telechargement-periode",
    lastResult,
    constraint: getZodConstraint(schemaPeriodeTelechargement),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemaPeriodeTelechargement }),
  });
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="periode-titre">
      <h3 className="fr-h5" id="periode-titre">
        Par période de référencement
      </h3>
      <FormErrorSummary form={form} order={["startDate", "endDate"]} />
      <input type="hidden" name="intent" value="periode" />
      <div className="fr-grid-row fr-grid-row--gutters">
        <div className="fr-col-12 fr-col-md-6">
          <InputField field={fields.startDate} type="date" label="Date de début" hint={JJMMAAAA} />
        </div>
        <div className="fr-col-12 fr-col-md-6">
          <InputField field={fields.endDate} type="date" label="Date de fin" hint={JJMMAAAA} />
        </div>
      </div>
      <button type="submit" className="fr-btn fr-icon-download-line fr-btn--icon-left fr-mt-2w">
        Télécharger (ZIP)
      </button>
    </Form>
  );
}

/** Props of {@link FormulaireSociete}. */
export interface FormulaireSocieteProps {
  lastResult?: SubmissionResult<string[]>;
  /** The name searched without JavaScript ("Rechercher"), and the companies found. */
  recherche?: { nom: string; societes: string[] };
}

/** Fewest characters before the autocomplete asks the API. */
const MIN_AUTOCOMPLETION = 2;

/**
 * Download by company: the company name, with an
 * autocomplete that works without JavaScript. "Rechercher" submits the same
 * form as GET: the page lists the companies containing the text (at most
 * 20, as links that fill the field) or says "Aucun résultat". With
 * JavaScript, a datalist proposes the same names as one types (spec §5
 * Autocomplete). "Télécharger" posts the form: the page's action refuses a
 * name no establishment belongs to ("Aucun résultat" on the field), then
 * sends the browser to the ZIP.
 */
export function FormulaireSociete({ lastResult, recherche }: FormulaireSocieteProps) {
  const [form, fields] = useForm({
    id: "telechargement-societe",
    lastResult,
    defaultValue: { raisonSociale: recherche?.nom ?? "" },
    constraint: getZodConstraint(schemaSocieteTelechargement),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schemaSocieteTelechargement }),
  });
  const suggestions = useFetcher<string[]>();
  const [saisie, setSaisie] = useState("");
  useEffect(() => {
    if (saisie.trim().length < MIN_AUTOCOMPLETION) return;
    const minuterie = setTimeout(
      () =>
        suggestions.load(`/etablissements/reference/societes?name=${encodeURIComponent(saisie)}`),
      200,
    );
    return () => clearTimeout(minuterie);
    // `suggestions` changes identity on each load; the text typed is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saisie]);
  const proposees = suggestions.data ?? recherche?.societes ?? [];
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="societe-titre">
      <h3 className="fr-h5" id="societe-titre">
        Par société
      </h3>
      <FormErrorSummary form={form} order={["raisonSociale"]} />
      <InputField
        field={fields.raisonSociale}
        type="text"
        label="Raison sociale"
        hint="Saisissez une partie du nom puis « Rechercher », ou choisissez une société proposée."
        inputProps={{
          list: "societes-proposees",
          autoComplete: "off",
          onChange: (evenement) => setSaisie(evenement.currentTarget.value),
        }}
      />
      <datalist id="societes-proposees">
        {proposees.map((nom) => (
          <option key={nom} value={nom} />
        ))}
      </datalist>
      <ul className="fr-btns-group fr-btns-group--inline-md fr-btns-group--icon-left fr-mt-2w">
        <li>
          <button
            type="submit"
            className="fr-btn fr-btn--secondary fr-icon-search-line fr-btn--icon-left"
            formMethod="get"
            formNoValidate
            name="intent"
            value="rechercher"
          >
            Rechercher
          </button>
        </li>
        <li>
          <button
            type="submit"
            className="fr-btn fr-icon-download-line fr-btn--icon-left"
            name="intent"
            value="societe"
          >
            Télécharger (ZIP)
          </button>
        </li>
      </ul>
      {recherche ? (
        <div role="status" className="fr-mt-2w">
          {recherche.societes.length === 0 ? (
            <p className="fr-error-text">{MESSAGE_AUCUN_RESULTAT}</p>
          ) : (
            <>
              <p className="fr-mb-1w">
                {recherche.societes.length === 1
                  ? "1 société trouvée :"
                  : `${recherche.societes.length} sociétés trouvées :`}
              </p>
              <ul>
                {recherche.societes.map((nom) => (
                  <li key={nom}>
                    <Link
                      to={`?raisonSociale=${encodeURIComponent(nom)}`}
                      preventScrollReset
                      aria-label={`Choisir ${nom}`}
                    >
                      {nom}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : null}
    </Form>
  );
}
