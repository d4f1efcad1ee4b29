import type { ReactNode } from "react";

/**
 * The DSFR table of the account pages: `legende` as a caption read by
 * assistive technologies only, `children` its `<thead>` and `<tbody>`.
 * Unlike `Tableau` of the file pages (dossier/tableau.tsx), its scrolling
 * container takes no keyboard focus.
 */
export function TableauDsfr({ legende, children }: { legende: string; children: ReactNode }) {
  return (
    <div className="fr-table fr-table--no-caption">
      <div className="fr-table__wrapper">
        <div className="fr-table__container">
          <div className="fr-table__content">
            <table>
              <caption>{legende}</caption>
              {children}
            </table>
          </div>
        </div>
      </div>
    </div>
  );
}
