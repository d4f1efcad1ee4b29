import { ETAPES_INSTRUCTION, LIBELLES_ETAPES } from "#contract/schemas/activites";
import { mois, type ActiviteChargee } from "./details";
import { SectionDetails, type ColonneDetails } from "./section-details";
import { SERIES } from "./series";

/** Deposits and decisions by month, and deposited files by instruction step (spec §9): each chart with its table. */
export function DetailsDepots({ activite }: { activite: ActiviteChargee }) {
  const colonnes: ColonneDetails[] = [
    {
      graphique: "depots",
      legende: "Dépôts et décisions par mois",
      vide: "Aucun dépôt ni décision sur la période.",
      entetes: ["Mois", ...SERIES.mensuel],
      lignes: activite.deposee.map((m) => [mois(m.mois), m.deposees, m.validees, m.refusees]),
    },
    {
      graphique: "etapes",
      legende: "Dossiers déposés par étape d'instruction",
      entetes: ["Étape", "Dossiers"],
      lignes: ETAPES_INSTRUCTION.map((etape) => [
        LIBELLES_ETAPES[etape],
        activite.indicateurs.nbDemandesDeposees.parEtape[etape],
      ]),
    },
  ];
  return <SectionDetails section="depots" activite={activite} colonnes={colonnes} />;
}
