import { useMemo } from "react";
import { useLocation } from "@remix-run/react";
import type { TypeDossier } from "#contract/etats";
import { deplierOptions, FiltresDossiers, FiltresRapides } from "./filtres-dossiers";
import { nombreDossiers, rechercheActive } from "./liste-params";
import type { DonneesListe } from "./liste.server";
import { OngletsDossiers } from "./onglets-dossiers";
import { PaginationDossiers } from "./pagination-dossiers";
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
  const vide = dossiers.nb_elements === 0;
  return (
    <div className="fr-container fr-pt-1w fr-pb-6w">
      <h1>{titre}</h1>
      <OngletsDossiers base={base} actif={onglet.segment} comptes={comptes} />
      <FiltresDossiers onglet={onglet} filtres={filtres} options={options} chemin={pathname} />
      <section aria-labelledby="resultats-titre">
        <div className="fr-grid-row fr-grid-row--middle fr-grid-row--gutters fr-mb-1w">
          <div className="fr-col">
            <h2 className="fr-h5 fr-mb-0" id="resultats-titre">
              {onglet.libelle}
            </h2>
            <p className="fr-mb-0" role="status">
              {vide
                ? rechercheActive(filtres)
                  ? "Aucun dossier ne correspond à votre recherche."
                  : videSansRecherche
                : nombreDossiers(dossiers.nb_elements)}
            </p>
          </div>
          <div className="fr-col-auto">
            <FiltresRapides filtres={filtres} />
          </div>
          <div className="fr-col-auto">
            {/* A file download, not a page: the browser fetches it itself. */}
            <a
              className="fr-link fr-link--icon-left fr-icon-download-line"
              href={lienExport}
              download
            >
              Télécharger (CSV)
            </a>
          </div>
        </div>
        {vide ? null : (
          <TableauDossiers
            onglet={onglet}
            filtres={filtres}
            dossiers={dossiers.result}
            departements={options.departements}
            qualites={options.qualites}
          />
        )}
        {vide ? null : (
          <PaginationDossiers filtres={filtres} page={dossiers.page} nbPages={dossiers.nb_pages} />
        )}
      </section>
    </div>
  );
}
