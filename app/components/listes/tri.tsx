import { Link } from "@remix-run/react";

/** Sort direction of a column. */
export type SensTri = "asc" | "desc";

/** The order of a list: the column it is sorted on and the direction. */
export interface OrdreListe<Champ extends string> {
  field: Champ;
  direction: SensTri;
}

/**
 * The order a click on column `champ` asks for: the other direction when
 * the list is already sorted on it, ascending otherwise.
 */
export function triSuivant<Champ extends string>(
  actuel: OrdreListe<Champ>,
  champ: Champ,
): OrdreListe<Champ> {
  if (actuel.field !== champ) return { field: champ, direction: "asc" };
  return { field: champ, direction: actuel.direction === "asc" ? "desc" : "asc" };
}

/** `aria-sort` of a column header: only the sorted column carries one. */
export function ariaSort<Champ extends string>(
  actuel: OrdreListe<Champ>,
  champ: Champ,
): "ascending" | "descending" | undefined {
  if (actuel.field !== champ) return undefined;
  return actuel.direction === "asc" ? "ascending" : "descending";
}

/**
 * A sortable column header of any list (DSFR table): a link to the list
 * sorted on `champ` (`lien` of the next order, which keeps the filters and
 * goes back to page 1), the direction's arrow on the sorted column, its
 * `aria-sort`, and for screen readers what the click will do.
 */
export function EnteteTriable<Champ extends string>({
  champ,
  libelle,
  ordre,
  lien,
}: {
  champ: Champ;
  libelle: string;
  ordre: OrdreListe<Champ>;
  lien: (suivant: OrdreListe<Champ>) => string;
}) {
  const suivant = triSuivant(ordre, champ);
  const sens = ariaSort(ordre, champ);
  return (
    <th scope="col" aria-sort={sens}>
      <Link to={lien(suivant)}>
        {libelle}
        {sens ? (
          <span
            className={`fr-icon--sm fr-ml-1v ${sens === "ascending" ? "fr-icon-arrow-up-s-line" : "fr-icon-arrow-down-s-line"}`}
            aria-hidden="true"
          />
        ) : null}
        <span className="fr-sr-only">
          {`, trier par ordre ${suivant.direction === "asc" ? "croissant" : "décroissant"}`}
        </span>
      </Link>
    </th>
  );
}

/**
 * The sortable headers of one list: `(champ, libelle)` gives the
 * {@link EnteteTriable} of column `champ`, the list being sorted by
 * `ordre` and its links made by `lien`.
 */
export function entetesTriables<Champ extends string>(
  ordre: OrdreListe<Champ>,
  lien: (suivant: OrdreListe<Champ>) => string,
) {
  return (champ: Champ, libelle: string) => (
    <EnteteTriable champ={champ} libelle={libelle} ordre={ordre} lien={lien} />
  );
}
