import type { ReactNode } from "react";

/**
 * Layout of a page in one readable column (legal, help, account pages): one
 * `<h1>`, then the content (DSFR grid, 8 of 12 columns on large screens).
 */
export function ContentPage({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="fr-container fr-pb-6w">
      <div className="fr-grid-row">
        <div className="fr-col-12 fr-col-md-10 fr-col-lg-8">
          <h1>{title}</h1>
          {lead ? <p className="fr-text--lead">{lead}</p> : null}
          {children}
        </div>
      </div>
    </div>
  );
}
