import { Graphique } from "~/components/graphiques/graphique";
import { TableauDonnees } from "~/components/graphiques/tableau-donnees";
import { nombreFr } from "~/utils/nombres";
import { mois, type ActiviteChargee } from "./details";

/** Processing delays (spec §9): their distribution as a chart and table, and the average by month of decision. */
export function DetailsDelais({ activite }: { activite: ActiviteChargee }) {
  return (
    <section aria-labelledby="details-delai-moyen" className="fr-mb-6w">
      <h2 className="fr-h4" id="details-delai-moyen">
        Délais de traitement
      </h2>
      <p>
        Du dépôt à la décision (agrément validé ou refusé), en jours calendaires, suspensions
        déduites.
      </p>
      <div className="fr-grid-row fr-grid-row--gutters">
        <div className="fr-col-12 fr-col-lg-6">
          <Graphique
            id="graphique-delais"
            titre="Répartition des délais de traitement"
            svg={activite.graphiques.delais}
            donnees={
              <TableauDonnees
                legende="Répartition des délais de traitement"
                entetes={["Délai", "Décisions"]}
                lignes={activite.delais.distribution.map((t) => [t.libelle, t.nb])}
              />
            }
          />
        </div>
        <div className="fr-col-12 fr-col-lg-6">
          <TableauDonnees
            legende="Délai moyen par mois de décision"
            entetes={["Mois", "Décisions", "Délai moyen (jours)"]}
            lignes={activite.delais.parMois.map((m) => [
              mois(m.mois),
              m.nbDecisions,
              nombreFr(m.moyenne),
            ])}
            vide="Aucune décision sur la période."
          />
        </div>
      </div>
    </section>
  );
}
