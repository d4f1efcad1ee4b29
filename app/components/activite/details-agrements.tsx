import type { ActiviteChargee } from "./details";
import { SectionDetails, type ColonneDetails } from "./section-details";

/** Approvals granted over the period (spec §9): by state today as a chart, and by head-office département in a table. */
export function DetailsAgrements({ activite }: { activite: ActiviteChargee }) {
  const colonnes: ColonneDetails[] = [
    {
      graphique: "agrements",
      legende: "Agréments accordés par état",
      entetes: ["État", "Agréments"],
      lignes: activite.etatsAgrements.map(([etat, nb]) => [etat, nb]),
    },
    {
      legende: "Agréments accordés par département du siège",
      vide: "Aucun agrément accordé sur la période.",
      entetes: ["Département", "Actifs", "dont en procédure", "Suspendus", "Retirés"],
      lignes: activite.agrements.map((d) => [
        `${d.codeDepartement ?? ""} ${d.departement}`.trim(),
        d.actifs,
        d.procedureEnCours,
        d.suspendus,
        d.retires,
      ]),
    },
  ];
  return (
    <SectionDetails section="agrements" activite={activite} colonnes={colonnes}>
      Agréments accordés sur la période, selon leur état aujourd'hui.
    </SectionDetails>
  );
}
