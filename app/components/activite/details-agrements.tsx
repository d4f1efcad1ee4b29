import { Graphique } from "~/components/graphiques/graphique";
import { TableauDonnees } from "~/components/graphiques/tableau-donnees";
import type { ActiviteChargee } from "./details";

/** Approvals granted over the period (spec §9): by state today as a chart, and by head-office département in a table. */
export function DetailsAgrements({ activite }: { activite: ActiviteChargee }) {
  return (
    <section aria-labelledby="details-agrements-accordes" className="fr-mb-6w">
      <h2 className="fr-h4" id="details-agrements-accordes">
        Agréments accordés
      </h2>
      <p>Agréments accordés sur la période, selon leur état aujourd'hui.</p>
      <div className="fr-grid-row fr-grid-row--gutters">
        <div className="fr-col-12 fr-col-lg-6">
          <Graphique
            id="graphique-agrements"
            titre="Agréments accordés par état"
            svg={activite.graphiques.agrements}
            donnees={
              <TableauDonnees
                legende="Agréments accordés par état"
                entetes={["État", "Agréments"]}
                lignes={activite.etatsAgrements.map(([etat, nb]) => [etat, nb])}
              />
            }
          />
        </div>
        <div className="fr-col-12 fr-col-lg-6">
          <TableauDonnees
            legende="Agréments accordés par département du siège"
            entetes={["Département", "Actifs", "dont en procédure", "Suspendus", "Retirés"]}
            lignes={activite.agrements.map((d) => [
              `${d.codeDepartement ?? ""} ${d.departement}`.trim(),
              d.actifs,
              d.procedureEnCours,
              d.suspendus,
              d.retires,
            ])}
            vide="Aucun agrément accordé sur la période."
          />
        </div>
      </div>
    </section>
  );
}
