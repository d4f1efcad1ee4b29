/**
 * The staff's home, annual report part: the yearly CSV export of the
 * annual activity reports.
 */
import { URL_EXPORT_RAPPORTS_ANNUELS } from "~/components/dossier/rapports-annuels-staff";

/**
 * « Rapports annuels d'activité »: a GET form to
 * `/rapports-annuels/export.csv?annee=AAAA` (a plain browser form: the
 * answer is a download, with or without JavaScript) with the years
 * `annees` (newest first, the default; anneesExportRapports) and the
 * button « Exporter (CSV) ». Nothing when there is no year to export.
 */
export function ExportRapportsAnnuels({ annees }: { annees: readonly number[] }) {
  if (!annees.length) return null;
  return (
    <section aria-labelledby="export-rapports-annuels-titre" className="fr-mt-6w">
      <h2 id="export-rapports-annuels-titre" className="fr-h4">
        Rapports annuels d&apos;activité
      </h2>
      <p>
        Exportez les rapports annuels d&apos;activité d&apos;une année : une ligne par agrément qui
        doit le rapport, déposé ou non.
      </p>
      <form
        method="get"
        action={URL_EXPORT_RAPPORTS_ANNUELS}
        aria-labelledby="export-rapports-annuels-titre"
      >
        <div className="fr-grid-row fr-mb-3w">
          <div className="fr-col-12 fr-col-md-4">
            <div className="fr-select-group">
              <label className="fr-label" htmlFor="export-rapports-annuels-annee">
                Année du rapport
              </label>
              <select
                className="fr-select"
                id="export-rapports-annuels-annee"
                name="annee"
                defaultValue={annees[0]}
              >
                {annees.map((annee) => (
                  <option key={annee} value={annee}>
                    {annee}
                  </option>
                ))}
              </select>
            </div>
          </div>
        </div>
        <button
          type="submit"
          className="fr-btn fr-btn--secondary fr-icon-download-line fr-btn--icon-left"
        >
          Exporter (CSV)
        </button>
      </form>
    </section>
  );
}
