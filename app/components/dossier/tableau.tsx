import type { ReactNode } from "react";

/**
 * A DSFR table with a caption read by assistive technologies only. Its
 * scrolling container takes keyboard focus (labelled by the caption) so
 * that a table wider than the column can be scrolled without a mouse
 * (WCAG 2.1.1, axe "scrollable-region-focusable").
 */
export function Tableau({
  id,
  legende,
  children,
}: {
  /** Prefix of the caption's id. */
  id: string;
  legende: string;
  /** `<thead>` and `<tbody>`. */
  children: ReactNode;
}) {
  return (
    <div className="fr-table fr-table--no-caption">
      <div className="fr-table__wrapper">
        <div
          className="fr-table__container"
          tabIndex={0}
          role="region"
          aria-labelledby={`${id}-legende`}
        >
          <div className="fr-table__content">
            <table>
              <caption id={`${id}-legende`}>{legende}</caption>
              {children}
            </table>
          </div>
        </div>
      </div>
    </div>
  );
}
