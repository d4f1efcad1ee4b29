import type { IndicateursActivite } from "#contract/schemas/activites";
import { dateHeureFr } from "~/utils/dates";

/** Props of {@link EnTeteIndicateurs}. */
export interface EnTeteIndicateursProps {
  /** Whether a filter is set (the figures then cover the filters, not the whole period). */
  filtree: boolean;
  calculeLe: IndicateursActivite["calculeLe"];
  /** The CSV download of the same filters. */
  lienExport: string;
}

/**
 * The "Indicateurs" heading: what the figures cover (filters or whole
 * period, in the reader's perimeter), when they were computed, and the CSV
 * download link.
 */
export function EnTeteIndicateurs({ filtree, calculeLe, lienExport }: EnTeteIndicateursProps) {
  return (
    <div className="fr-grid-row fr-grid-row--middle fr-grid-row--gutters fr-mb-2w">
      <div className="fr-col">
        <h2 className="fr-h4 fr-mb-0" id="indicateurs">
          Indicateurs
        </h2>
        <p className="fr-text--sm fr-mb-0">
          {filtree
            ? "Pour les filtres choisis, dans votre périmètre."
            : "Toute la période, dans votre périmètre."}
          {calculeLe
            ? ` Chiffres calculés le ${dateHeureFr(calculeLe)}, actualisés chaque minute.`
            : null}
        </p>
      </div>
      <div className="fr-col-auto">
        <a className="fr-link fr-link--icon-left fr-icon-download-line" href={lienExport} download>
          Télécharger le suivi (CSV)
        </a>
      </div>
    </div>
  );
}
