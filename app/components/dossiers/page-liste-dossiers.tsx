import { useMemo } from "react";
import { useLocation } from "@remix-run/react";
import type { TypeDossier } from "#contract/etats";
import { PageListe } from "~/components/listes/page-liste";
import { deplierOptions, FiltresDossiers, FiltresRapides } from "./filtres-dossiers";
import { lienFiltres, nombreDossiers, rechercheActive } from "./liste-params";
import type { DonneesListe } from "./liste.server";
import { OngletsDossiers } from "./onglets-dossiers";
import { TableauDossiers } from "./tableau-dossiers";

/** Props of {@link PageListeDossiers}. */
export interface PageListeDossiersProps {
  /** The page's heading: "Tous les dossiers", "Mes dossiers". */
  titre: string;
  /** The page's path: "/tous-les-dossiers", "/mes-dossiers". */
  base: string;
  /** What an empty list says when nothing was searched ("Aucun dossier ne vous est affecté."). */
  videSansRecherche: string;
  donnees: DonneesListe;
  /** The files of each whole tab, shown on the tabs (null: not shown). */
  comptes?: Readonly<Record<TypeDossier, number>> | null;
}

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
  donnees,
  comptes,
}: PageListeDossiersProps) {
  const { onglet, filtres, dossiers, lienExport } = donnees;
  const options = useMemo(() => deplierOptions(donnees.options), [donnees.options]);
  const { pathname } = useLocation();
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
      <FiltresDossiers onglet={onglet} filtres={filtres} options={options} chemin={pathname} />
    </PageListe>
  );
}
