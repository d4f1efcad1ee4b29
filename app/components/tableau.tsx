import type { ReactNode } from "react";

/** Props of {@link Tableau}. */
export interface TableauProps {
  /** The caption: read by assistive technologies only while `className` holds `fr-table--no-caption`. */
  legende: string;
  /** Modifiers and margins of `fr-table` (default `fr-table--no-caption`; `fr-table--sm`: small rows). */
  className?: string;
  /** Prefix of the caption's id (`${id}-legende`): the caption then names the focusable scrolling container. */
  id?: string;
  /** Name of the focusable scrolling container, when the caption does not name it. */
  region?: string;
  /** Column headers (`<th scope="col">`): `children` are then the rows of the `<tbody>`. */
  entetes?: readonly string[];
  /** `<thead>` and `<tbody>`, or the body's rows with `entetes`. */
  children: ReactNode;
}

/**
 * The DSFR table of the portal (wrapper, scrolling container, content).
 * With `id` or `region`, the scrolling container takes keyboard focus under
 * that name, so that a table wider than the column and holding no link can
 * be scrolled without a mouse (WCAG 2.1.1, axe "scrollable-region-focusable").
 */
export function Tableau({
  legende,
  className = "fr-table--no-caption",
  id,
  region,
  entetes,
  children,
}: TableauProps) {
  const focus = id
    ? { tabIndex: 0, role: "region", "aria-labelledby": `${id}-legende` }
    : region
      ? { tabIndex: 0, role: "region", "aria-label": region }
      : {};
  return (
    <div className={`fr-table ${className}`.trim()}>
      <div className="fr-table__wrapper">
        <div className="fr-table__container" {...focus}>
          <div className="fr-table__content">
            <table>
              <caption id={id && `${id}-legende`}>{legende}</caption>
              {entetes ? (
                <>
                  <thead>
                    <tr>
                      {entetes.map((entete) => (
                        <th key={entete} scope="col">
                          {entete}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>{children}</tbody>
                </>
              ) : (
                children
              )}
            </table>
          </div>
        </div>
      </div>
    </div>
  );
}
