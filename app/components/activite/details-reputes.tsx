import type { ActiviteChargee } from "./details";
import { SectionDetails, type ColonneDetails } from "./section-details";

/** Deemed-rejected files by head-office département (spec §9), as a table. */
export function DetailsReputes({ activite }: { activite: ActiviteChargee }) {
  const colonnes: ColonneDetails[] = [
    {
      legende: "Dossiers réputés rejetés par département",
      vide: "Aucun dossier réputé rejeté.",
      entetes: ["Département", "Délai expiré sans décision", "Rejetés tacitement"],
      lignes: activite.reputes.map((d) => [
        `${d.codeDepartement ?? ""} ${d.departement}`.trim(),
        d.nbReputesRejetes,
        d.nbRejeteesTacitement,
      ]),
    },
  ];
  return (
    <SectionDetails section="reputes" activite={activite} colonnes={colonnes}>
      Délai d'instruction expiré sans décision, ou rejet tacite prononcé, par département du siège.
    </SectionDetails>
  );
}
