import type { LinksFunction } from "@remix-run/node";
import { useMemo } from "react";
import { filtresPliablesStyles } from "~/components/filtres-pliables/filtres-pliables";
import { PageListe } from "~/components/listes/page-liste";
import { deplierOptions, FiltresDossiers, FiltresRapides } from "./filtres-dossiers";
import { lienFiltres, nombreDossiers, rechercheActive } from "./liste-params";
import type { DonneesListe } from "./liste.server";
import { OngletsDossiers, ongletsStyles } from "./onglets-dossiers";
import { TableauDossiers } from "./tableau-dossiers";

/** Props of {@link PageListeDossiers}: what the list's loader sent, and the page's own words. */
export interface PageListeDossiersProps extends DonneesListe {
  /** The page's heading: "Tous les dossiers", "Mes dossiers". */
  titre: string;
  /** The page's path: "/tous-les-dossiers", "/mes-dossiers". */
  base: string;
  /** What an empty list says when nothing was searched ("Aucun dossier ne vous est affecté."). */
  videSansRecherche: string;
}

/** The style sheets of a staff list page: its tabs and its folded filters. */
export const liensListeDossiers: LinksFunction = () => [
  { rel: "stylesheet", href: ongletsStyles },
  { rel: "stylesheet", href: filtresPliablesStyles },
];

/**
 * A staff list page (spec §2 /tous-les-dossiers, /mes-dossiers): heading,
 * the two tabs, the filter form, the number of files
 * with the CSV download of the same filters, the table and the pagination;
 * empty, "Aucun dossier ne correspond à votre recherche." after a search or
 * a filter, `videSansRecherche` otherwise.
 */
export function PageListeDossiers({
  titre,
  base,
  videSansRecherche,
  onglet,
  filtres,
  dossiers,
  lienExport,
  comptes,
  options: compactes,
}: PageListeDossiersProps) {
  const options = useMemo(() => deplierOptions(compactes), [compactes]);
  return (
    <PageListe
      titre={titre}
      resultats={{
        titre: onglet.libelle,
        liste: dossiers,
        textes: {
          nombre: nombreDossiers,
          sansResultat: "Aucun dossier ne correspond à votre recherche.",
          vide: videSansRecherche,
        },
        recherche: rechercheActive(filtres),
        lienExport,
        lienPage: (numero) => lienFiltres(filtres, { page: numero }),
        outils: <FiltresRapides filtres={filtres} />,
        tableau: (
          <TableauDossiers
            onglet={onglet}
            filtres={filtres}
            dossiers={dossiers.result}
            departements={options.departements}
            qualites={options.qualites}
          />
        ),
      }}
    >
      <OngletsDossiers base={base} actif={onglet.segment} comptes={comptes} />
      <FiltresDossiers onglet={onglet} filtres={filtres} options={options} />
    </PageListe>
  );
}
