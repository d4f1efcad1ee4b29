import { createContext, useContext, type ReactNode } from "react";
import { Tableau } from "~/components/tableau";

/** Props of {@link TableauDonnees}. */
export interface TableauDonneesProps {
  /** What the table holds (its `<caption>`, shown). */
  legende: string;
  entetes: readonly string[];
  /** One array of cells per row, in the order of `entetes`; the first cell heads the row. */
  lignes: readonly (readonly ReactNode[])[];
  /** Shown instead of the table when there is no row. */
  vide?: string;
}

/** True inside a fold already (a chart's "Voir les données"): a table there does not fold again. */
export const DejaPlie = createContext(false);

/** Rows beyond which a table folds: a page that is not a list stays readable, at 375 px too. */
export const LIGNES_AVANT_PLIAGE = 30;

/**
 * A small DSFR table of figures: the first column is the row's header
 * (`<th scope="row">`), the others are right-aligned numbers. Used beside
 * each chart as its text alternative and for the breakdowns (RGAA 1.3, 5).
 * Over {@link LIGNES_AVANT_PLIAGE} rows (a breakdown by service or
 * département), the table is folded in a `<details>`, closed, whose
 * summary gives its caption and size: it opens without JavaScript. Inside
 * a fold already ({@link DejaPlie}), it shows as it is.
 */
export function TableauDonnees({ legende, entetes, lignes, vide }: TableauDonneesProps) {
  const dejaPlie = useContext(DejaPlie);
  if (lignes.length === 0) return <p className="fr-text--sm">{vide ?? "Aucune donnée."}</p>;
  const tableau = (
    <Tableau className="fr-table--sm fr-mb-2w" legende={legende} entetes={entetes}>
      {lignes.map((cellules, rang) => (
        <tr key={rang}>
          {cellules.map((cellule, colonne) =>
            colonne === 0 ? (
              <th key={colonne} scope="row">
                {cellule}
              </th>
            ) : (
              <td key={colonne} className="fr-cell--right">
                {cellule}
              </td>
            ),
          )}
        </tr>
      ))}
    </Tableau>
  );
  if (dejaPlie || lignes.length <= LIGNES_AVANT_PLIAGE) return tableau;
  return (
    <details className="fr-mb-2w">
      <summary className="fr-text--bold fr-mb-1w">
        {legende} ({lignes.length.toLocaleString("fr-FR")} lignes)
      </summary>
      {tableau}
    </details>
  );
}
