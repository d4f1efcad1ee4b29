import { Graphique } from "~/components/graphiques/graphique";
import { TableauDonnees } from "~/components/graphiques/tableau-donnees";
import type { ActiviteChargee } from "./details";
import { MAX_INSTRUCTEURS_GRAPHIQUE, SERIES } from "./series";

/** Load by instructor (spec §9): the most loaded instructors as a chart, and every service and instructor in a table. */
export function DetailsCharge({ activite }: { activite: ActiviteChargee }) {
  return (
    <section aria-labelledby="details-charge-instructeurs" className="fr-mb-6w">
      <h2 className="fr-h4" id="details-charge-instructeurs">
        Charge des instructeurs
      </h2>
      <p>
        Dossiers déposés sur la période, par service et par instructeur affecté ; le graphique
        montre les {MAX_INSTRUCTEURS_GRAPHIQUE} instructeurs les plus chargés.
      </p>
      <div className="fr-grid-row fr-grid-row--gutters">
        <div className="fr-col-12 fr-col-lg-6">
          <Graphique
            id="graphique-charge"
            titre="Dossiers par instructeur"
            svg={activite.graphiques.charge}
            donnees={
              <TableauDonnees
                legende="Dossiers des instructeurs les plus chargés"
                entetes={["Instructeur", ...SERIES.charge]}
                lignes={activite.charge
                  .filter((c) => c.instructeurId !== null)
                  .sort((x, y) => y.nbDossiers - x.nbDossiers)
                  .slice(0, MAX_INSTRUCTEURS_GRAPHIQUE)
                  .map((c) => [c.instructeur, c.nbEnCours, c.nbDossiers - c.nbEnCours])}
                vide="Aucun dossier affecté sur la période."
              />
            }
          />
        </div>
        <div className="fr-col-12 fr-col-lg-6">
          <TableauDonnees
            legende="Dossiers par service et par instructeur"
            entetes={["Service", "Instructeur", "Dossiers", "En cours"]}
            lignes={activite.charge.map((c) => [
              c.service,
              c.instructeur,
              c.nbDossiers,
              c.nbEnCours,
            ])}
            vide="Aucun dossier sur la période."
          />
        </div>
      </div>
    </section>
  );
}
