import { TableauDonnees } from "~/components/graphiques/tableau-donnees";
import type { ActiviteChargee } from "./details";

/** Deemed-rejected files by head-office département (spec §9), as a table. */
export function DetailsReputes({ activite }: { activite: ActiviteChargee }) {
  return (
    <section aria-labelledby="details-reputes-rejetes" className="fr-mb-6w">
      <h2 className="fr-h4" id="details-reputes-rejetes">
        Dossiers réputés rejetés
      </h2>
      <p>
        Délai d'instruction expiré sans décision, ou rejet tacite prononcé, par département du
        siège.
      </p>
      <TableauDonnees
        legende="Dossiers réputés rejetés par département"
        entetes={["Département", "Délai expiré sans décision", "Rejetés tacitement"]}
        lignes={activite.reputes.map((d) => [
          `${d.codeDepartement ?? ""} ${d.departement}`.trim(),
          d.nbReputesRejetes,
          d.nbRejeteesTacitement,
        ])}
        vide="Aucun dossier réputé rejeté."
      />
    </section>
  );
}
