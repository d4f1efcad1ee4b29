import type { ActiviteChargee } from "./details";
import { SectionDetails, type ColonneDetails } from "./section-details";
import { MAX_INSTRUCTEURS_GRAPHIQUE, SERIES } from "./series";

/** Load by instructor (spec §9): the most loaded instructors as a chart, and every service and instructor in a table. */
export function DetailsCharge({ activite }: { activite: ActiviteChargee }) {
  const colonnes: ColonneDetails[] = [
    {
      graphique: "charge",
      titre: "Dossiers par instructeur",
      legende: "Dossiers des instructeurs les plus chargés",
      vide: "Aucun dossier affecté sur la période.",
      entetes: ["Instructeur", ...SERIES.charge],
      lignes: activite.charge
        .filter((c) => c.instructeurId !== null)
        .sort((x, y) => y.nbDossiers - x.nbDossiers)
        .slice(0, MAX_INSTRUCTEURS_GRAPHIQUE)
        .map((c) => [c.instructeur, c.nbEnCours, c.nbDossiers - c.nbEnCours]),
    },
    {
      legende: "Dossiers par service et par instructeur",
      vide: "Aucun dossier sur la période.",
      entetes: ["Service", "Instructeur", "Dossiers", "En cours"],
      lignes: activite.charge.map((c) => [c.service, c.instructeur, c.nbDossiers, c.nbEnCours]),
    },
  ];
  return (
    <SectionDetails section="charge" activite={activite} colonnes={colonnes}>
      Dossiers déposés sur la période, par service et par instructeur affecté ; le graphique montre
      les {MAX_INSTRUCTEURS_GRAPHIQUE} instructeurs les plus chargés.
    </SectionDetails>
  );
}
