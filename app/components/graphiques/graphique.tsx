import type { ReactNode } from "react";
import { DejaPlie } from "./tableau-donnees";

/** The two SVG renderings of a chart (app/components/graphiques/graphiques.server.ts). */
export interface SvgGraphique {
  etroit: string;
  large: string;
}

/** Props of {@link Graphique}. */
export interface GraphiqueProps {
  id: string;
  /** The chart's title, also its accessible name. */
  titre: string;
  svg: SvgGraphique | null;
  /** The data table of the chart: its text alternative (RGAA 1.3), behind a `<details>`. */
  donnees: ReactNode;
}

/**
 * A chart drawn on the server (SVG, visible without JavaScript) with its
 * data behind a "Voir les données" disclosure. The narrow rendering shows
 * below the md breakpoint, the wide one from md (DSFR display classes), so
 * that the labels keep a readable size at 375 px. The SVG strings come from
 * our renderer only (no user HTML; Vega escapes the texts it draws). Without
 * an SVG (nothing to draw) only the data show.
 */
export function Graphique({ id, titre, svg, donnees }: GraphiqueProps) {
  return (
    <figure className="fr-my-3w fr-mx-0" aria-labelledby={`${id}-titre`}>
      <figcaption id={`${id}-titre`} className="fr-text--bold fr-mb-1w">
        {titre}
      </figcaption>
      {svg ? (
        <>
          <div className="fr-hidden-md" dangerouslySetInnerHTML={{ __html: svg.etroit }} />
          <div
            className="fr-hidden fr-unhidden-md"
            dangerouslySetInnerHTML={{ __html: svg.large }}
          />
        </>
      ) : null}
      <details className="fr-mt-1w">
        <summary>Voir les données du graphique « {titre} »</summary>
        <div className="fr-mt-2w">
          <DejaPlie.Provider value={true}>{donnees}</DejaPlie.Provider>
        </div>
      </details>
    </figure>
  );
}
