import type { ReactNode } from "react";

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

/**
 * A small DSFR table of figures: the first column is the row's header
 * (`<th scope="row">`), the others are right-aligned numbers. Used beside
 * each chart as its text alternative and for the breakdowns (RGAA 1.3, 5).
 */
export function TableauDonnees({ legende, entetes, lignes, vide }: TableauDonneesProps) {
  if (lignes.length === 0) return <p className="fr-text--sm">{vide ?? "Aucune donnée."}</p>;
  return (
    <div className="fr-table fr-table--sm fr-mb-2w">
      <div className="fr-table__wrapper">
        <div className="fr-table__container">
          <div className="fr-table__content">
            <table>
              <caption>{legende}</caption>
              <thead>
                <tr>
                  {entetes.map((entete) => (
                    <th key={entete} scope="col">
                      {entete}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
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
              </tbody>
            </table>
          </div>
        </div>
      </div>
    </div>
  );
}
