import { Form, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";
import { BoutonsFiltres, FiltresPliables } from "~/components/filtres-pliables/filtres-pliables";
import { CheckboxGroup, Field, SelectField } from "~/components/forms";
import type { OptionFiltre } from "./options";
import type { OrdreListe } from "./tri";

/** The order a filter form keeps in hidden fields ({@link ChampsTri}). */
export interface TriFormulaire<Champ extends string> {
  ordre: OrdreListe<Champ>;
  /** Left out of the URL. */
  parDefaut: OrdreListe<Champ>;
  /** Sent as `orderBy` and `orderType` (the establishments' API) instead of `order[field]`. */
  separe?: boolean;
}

/** Props of {@link FormulaireFiltres}. */
export interface FormulaireFiltresProps<Champ extends string> {
  /** Id of the fold; its heading's is `${id}-titre`, which labels the form. */
  id: string;
  titre: string;
  /** The active filters as short labels (the summary's tags). */
  etiquettes: readonly string[];
  /** Changes with the query, so that the fold shows the URL's filters. */
  cle: string;
  /** Where the form goes and "Réinitialiser" leads (default: this page's path, without query). */
  chemin?: string;
  /** The list's order, kept across a new filter; none on a page without order (/activite). */
  tri?: TriFormulaire<Champ>;
  /** Open when the page is shown (default: folded). */
  ouvert?: boolean;
  /** The DSFR top margin of the buttons, for forms whose last row is a select (default true). */
  espaceBoutons?: boolean;
  /** The form's rows of fields. */
  children: ReactNode;
}

/**
 * The filter form of a staff list, folded ({@link FiltresPliables}): a
 * plain GET form to `chemin`, so it works without JavaScript, holding
 * `children`, then the current order ({@link ChampsTri}) and the "Filtrer"
 * and "Réinitialiser" buttons. No page field: a new filter goes back to page 1.
 */
export function FormulaireFiltres<Champ extends string>({
  id,
  titre,
  etiquettes,
  cle,
  chemin,
  tri,
  ouvert,
  espaceBoutons,
  children,
}: FormulaireFiltresProps<Champ>) {
  const { pathname } = useLocation();
  const cible = chemin ?? pathname;
  return (
    <FiltresPliables id={id} titre={titre} etiquettes={etiquettes} ouvert={ouvert} cle={cle}>
      <Form method="get" action={cible} aria-labelledby={`${id}-titre`}>
        {children}
        {tri ? <ChampsTri {...tri} /> : null}
        <BoutonsFiltres chemin={cible} espace={espaceBoutons} />
      </Form>
    </FiltresPliables>
  );
}

/**
 * The current order of a list as hidden fields of its filter form:
 * `order[field]=direction`, or `orderBy` and `orderType` when `separe`;
 * nothing for the default order, which stays out of the URL.
 */
function ChampsTri<Champ extends string>({ ordre, parDefaut, separe }: TriFormulaire<Champ>) {
  if (ordre.field === parDefaut.field && ordre.direction === parDefaut.direction) return null;
  if (!separe)
    return <input type="hidden" name={`order[${ordre.field}]`} value={ordre.direction} />;
  return (
    <>
      <input type="hidden" name="orderBy" value={ordre.field} />
      <input type="hidden" name="orderType" value={ordre.direction} />
    </>
  );
}

/**
 * The search field of a filter form, in its grid cell (`colonne`, the whole
 * row by default): `<input type="search" name="query">` with id `id`,
 * holding `valeur`.
 */
export function ChampRecherche({
  id,
  label,
  valeur,
  colonne = "fr-col-12",
}: {
  id: string;
  label: string;
  valeur: string | undefined;
  colonne?: string;
}) {
  return (
    <div className={colonne}>
      <Field id={id} label={label}>
        <input type="search" name="query" defaultValue={valeur ?? ""} />
      </Field>
    </div>
  );
}

/**
 * One select of a filter form as data: the filter's key, its label, its
 * empty choice ("Tous les services", which leaves the filter out), its
 * choices and, when it is not the key, the end of the select's id.
 */
export type SelectDecrit<Cle extends string> = readonly [
  cle: Cle,
  label: string,
  tous: string,
  choix: readonly OptionFiltre[],
  id?: string,
];

/**
 * The selects of a filter form, one per row of `selects`, each in a grid
 * cell `colonne`: id `${prefixe}-${id ?? cle}`, posted as `cle[]` when the
 * filter is a list (the API reads lists as repeated `key[]`), `cle`
 * otherwise, showing the filter's current value (a list's first one: a
 * select picks one).
 */
export function SelectsFiltres<F>({
  prefixe,
  colonne,
  filtres,
  selects,
}: {
  prefixe: string;
  colonne: string;
  filtres: F;
  selects: readonly SelectDecrit<keyof F & string>[];
}) {
  return selects.map(([cle, label, tous, choix, id = cle]) => {
    const valeur = [filtres[cle]].flat()[0];
    return (
      <div key={cle} className={colonne}>
        <SelectField
          id={`${prefixe}-${id}`}
          label={label}
          placeholder={tous}
          options={choix.map((option) => ({ value: option.valeur, label: option.libelle }))}
          selectProps={{
            name: Array.isArray(filtres[cle]) ? `${cle}[]` : cle,
            defaultValue: valeur == null ? "" : String(valeur),
          }}
        />
      </div>
    );
  });
}

/**
 * The checkboxes of a list filter (`cle[]`), one per choice, ticked for
 * the filter's `valeurs`: ids `${prefixe}-${cle}` (the fieldset) and
 * `${prefixe}-${cle}-${valeur}`, in a grid cell `colonne`.
 */
export function CasesFiltre({
  prefixe,
  cle,
  legend,
  choix,
  valeurs,
  colonne,
  inline,
}: {
  prefixe: string;
  cle: string;
  legend: string;
  choix: readonly OptionFiltre[];
  valeurs: readonly string[];
  colonne: string;
  inline?: boolean;
}) {
  return (
    <div className={colonne}>
      <CheckboxGroup
        id={`${prefixe}-${cle}`}
        legend={legend}
        inline={inline}
        options={choix.map(({ valeur, libelle }) => ({
          props: {
            id: `${prefixe}-${cle}-${valeur}`,
            name: `${cle}[]`,
            value: valeur,
            defaultChecked: valeurs.includes(valeur),
          },
          label: libelle,
        }))}
      />
    </div>
  );
}
