import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { BoutonsFiltres, FiltresPliables } from "~/components/filtres-pliables/filtres-pliables";
import { Field, SelectField } from "~/components/forms";
import type { OrdreListe } from "./tri";

/** One choice of a list filter's select: the value posted and its label. */
export interface OptionFiltre {
  valeur: string;
  libelle: string;
}

/** The label of `valeur` among `options` (for a filter's tag); the value itself when none names it. */
export function libelleOption(options: readonly OptionFiltre[], valeur: string): string {
  return options.find((option) => option.valeur === valeur)?.libelle ?? valeur;
}

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
  /** This page's path, without query: where the form goes and "Réinitialiser" leads. */
  chemin: string;
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
  return (
    <FiltresPliables id={id} titre={titre} etiquettes={etiquettes} ouvert={ouvert} cle={cle}>
      <Form method="get" action={chemin} aria-labelledby={`${id}-titre`}>
        {children}
        {tri ? <ChampsTri {...tri} /> : null}
        <BoutonsFiltres chemin={chemin} espace={espaceBoutons} />
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

/** Props of {@link SelectFiltre}. */
export interface SelectFiltreProps {
  id: string;
  /** The posted name (`quality[]`: the API reads lists as repeated `key[]`). */
  name: string;
  label: string;
  /** The empty choice, which leaves the filter out ("Tous les services"). */
  tous: string;
  choix: readonly OptionFiltre[];
  /** The filter's current value (its first one: a select picks one). */
  valeur: string | undefined;
  /** Classes of the grid cell (its width). */
  colonne: string;
}

/** One select of a filter form, in its grid cell. */
export function SelectFiltre({ id, name, label, tous, choix, valeur, colonne }: SelectFiltreProps) {
  return (
    <div className={colonne}>
      <SelectField
        id={id}
        label={label}
        placeholder={tous}
        options={choix.map((option) => ({ value: option.valeur, label: option.libelle }))}
        selectProps={{ name, defaultValue: valeur ?? "" }}
      />
    </div>
  );
}
