import type { ReactNode } from "react";
import { Graphique } from "~/components/graphiques/graphique";
import { TableauDonnees, type TableauDonneesProps } from "~/components/graphiques/tableau-donnees";
import type { ActiviteChargee } from "./details";

/** The detail sections of /activite in page order: the id of each one's heading (the summary's target) and its title. */
export const SECTIONS_DETAILS = {
  depots: ["details-deposee", "Dossiers déposés et décisions"],
  delais: ["details-delai-moyen", "Délais de traitement"],
  charge: ["details-charge-instructeurs", "Charge des instructeurs"],
  reputes: ["details-reputes-rejetes", "Dossiers réputés rejetés"],
  agrements: ["details-agrements-accordes", "Agréments accordés"],
} as const;

/**
 * A column of a detail section: a data table, as the text alternative of
 * a chart (RGAA 1.3) when it names one: the chart `graphique-${graphique}`
 * of the loaded SVGs, titled `titre` (default: the table's caption).
 */
export interface ColonneDetails extends TableauDonneesProps {
  graphique?: keyof ActiviteChargee["graphiques"];
  titre?: string;
}

/**
 * One detail section of /activite (spec §9): its heading, `children` (its
 * introduction) in a paragraph, then its `colonnes` drawn from `activite`,
 * two side by side from lg (one alone takes the whole width).
 */
export function SectionDetails({
  section,
  activite,
  colonnes,
  children,
}: {
  section: keyof typeof SECTIONS_DETAILS;
  activite: ActiviteChargee;
  colonnes: readonly ColonneDetails[];
  children?: ReactNode;
}) {
  const [id, titre] = SECTIONS_DETAILS[section];
  const contenus = colonnes.map(({ graphique, titre: titreGraphique, ...tableau }) =>
    graphique ? (
      <Graphique
        key={graphique}
        id={`graphique-${graphique}`}
        titre={titreGraphique ?? tableau.legende}
        svg={activite.graphiques[graphique]}
        donnees={<TableauDonnees {...tableau} />}
      />
    ) : (
      <TableauDonnees key={tableau.legende} {...tableau} />
    ),
  );
  return (
    <section aria-labelledby={id} className="fr-mb-6w">
      <h2 className="fr-h4" id={id}>
        {titre}
      </h2>
      {children ? <p>{children}</p> : null}
      {contenus.length === 1 ? (
        contenus
      ) : (
        <div className="fr-grid-row fr-grid-row--gutters">
          {contenus.map((contenu, rang) => (
            <div key={rang} className="fr-col-12 fr-col-lg-6">
              {contenu}
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
