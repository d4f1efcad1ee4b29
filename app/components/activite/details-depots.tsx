import { ETAPES_INSTRUCTION, LIBELLES_ETAPES } from "#contract/schemas/activites";
import { Graphique } from "~/components/graphiques/graphique";
import { TableauDonnees } from "~/components/graphiques/tableau-donnees";
import { mois, type ActiviteChargee } from "./details";
import { SERIES } from "./series";

/** Deposits and decisions by month, and deposited files by instruction step (spec §9): each chart with its table. */
export function DetailsDepots({ activite }: { activite: ActiviteChargee }) {
  return (
    <section aria-labelledby="details-deposee" className="fr-mb-6w">
      <h2 className="fr-h4" id="details-deposee">
        Dossiers déposés et décisions
      </h2>
      <div className="fr-grid-row fr-grid-row--gutters">
        <div className="fr-col-12 fr-col-lg-6">
          <Graphique
            id="graphique-depots"
            titre="Dépôts et décisions par mois"
            svg={activite.graphiques.depots}
            donnees={
              <TableauDonnees
                legende="Dépôts et décisions par mois"
                entetes={["Mois", ...SERIES.mensuel]}
                lignes={activite.deposee.map((m) => [
                  mois(m.mois),
                  m.deposees,
                  m.validees,
                  m.refusees,
                ])}
                vide="Aucun dépôt ni décision sur la période."
              />
            }
          />
        </div>
        <div className="fr-col-12 fr-col-lg-6">
          <Graphique
            id="graphique-etapes"
            titre="Dossiers déposés par étape d'instruction"
            svg={activite.graphiques.etapes}
            donnees={
              <TableauDonnees
                legende="Dossiers déposés par étape d'instruction"
                entetes={["Étape", "Dossiers"]}
                lignes={ETAPES_INSTRUCTION.map((etape) => [
                  LIBELLES_ETAPES[etape],
                  activite.indicateurs.nbDemandesDeposees.parEtape[etape],
                ])}
              />
            }
          />
        </div>
      </div>
    </section>
  );
}
