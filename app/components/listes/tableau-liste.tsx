import type { ReactNode } from "react";

/**
 * The DSFR table of a list (small rows, a caption read by assistive
 * technologies only): `legende` its caption, `children` its `<thead>` and
 * `<tbody>`. With `region`, its scrolling container takes keyboard focus
 * under that name, so that a keyboard can scroll a table that holds no
 * link on a narrow screen.
 */
export function TableauListe({
  legende,
  region,
  children,
}: {
  legende: string;
  region?: string;
  children: ReactNode;
}) {
  return (
    <div className="fr-table fr-table--sm fr-table--no-caption">
      <div className="fr-table__wrapper">
        <div
          className="fr-table__container"
          {...(region ? { tabIndex: 0, role: "region", "aria-label": region } : {})}
        >
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
