import { nombreFr } from "~/utils/nombres";
import { mois, type ActiviteChargee } from "./details";
import { SectionDetails, type ColonneDetails } from "./section-details";

/** Processing delays (spec §9): their distribution as a chart and table, and the average by month of decision. */
export function DetailsDelais({ activite }: { activite: ActiviteChargee }) {
  const colonnes: ColonneDetails[] = [
    {
      graphique: "delais",
      legende: "Répartition des délais de traitement",
      entetes: ["Délai", "Décisions"],
      lignes: activite.delais.distribution.map((t) => [t.libelle, t.nb]),
    },
    {
      legende: "Délai moyen par mois de décision",
      vide: "Aucune décision sur la période.",
      entetes: ["Mois", "Décisions", "Délai moyen (jours)"],
      lignes: activite.delais.parMois.map((m) => [
        mois(m.mois),
        m.nbDecisions,
        nombreFr(m.moyenne),
      ]),
    },
  ];
  return (
    <SectionDetails section="delais" activite={activite} colonnes={colonnes}>
      Du dépôt à la décision (agrément validé ou refusé), en jours calendaires, suspensions
      déduites.
    </SectionDetails>
  );
}
