import { Link } from "@remix-run/react";
import type {
  EtablissementListe,
  FiltresEtablissements,
  TriEtablissements,
} from "#contract/schemas/etablissements-liste";
import { dateFr } from "~/utils/dates";
import {
  ariaSortEtablissements,
  lienEtablissements,
  triSuivantEtablissements,
} from "./liste-params";

/** Props of {@link TableauEtablissements}. */
export interface TableauEtablissementsProps {
  filtres: FiltresEtablissements;
  etablissements: readonly EtablissementListe[];
}

/**
 * The DSFR table of one page of referenced establishments (spec §3
 * Etablissement): reference, name with the company's name under it, SIRET
 * (grouped 3-3-3-5 as INSEE writes it), commune with its postal code,
 * approval number and referencing date. Sortable headers are links that
 * keep the filters, toggle the direction and carry `aria-sort` when sorted;
 * narrower than the table, the DSFR wrapper scrolls.
 */
export function TableauEtablissements({ filtres, etablissements }: TableauEtablissementsProps) {
  const triable = (colonne: TriEtablissements, libelle: string) => (
    <EnteteTriable colonne={colonne} libelle={libelle} filtres={filtres} />
  );
  return (
    <div className="fr-table fr-table--sm fr-table--no-caption">
      <div className="fr-table__wrapper">
        <div className="fr-table__container">
          <div className="fr-table__content">
            <table>
              <caption>Établissements référencés</caption>
              <thead>
                <tr>
                  {triable("reference", "Référence")}
                  {triable("nom", "Établissement")}
                  {triable("siret", "SIRET")}
                  {triable("ville", "Commune")}
                  <th scope="col">N° d&apos;agrément</th>
                  {triable("dateCreation", "Référencé le")}
                </tr>
              </thead>
              <tbody>
                {etablissements.map((etablissement) => (
                  <tr key={etablissement.id}>
                    <th scope="row">{etablissement.reference}</th>
                    <td className="fr-cell--multiline">
                      {etablissement.nom}
                      <span className="fr-hint-text">{etablissement.raisonSociale}</span>
                    </td>
                    <td>{siretLisible(etablissement.siret)}</td>
                    <td className="fr-cell--multiline">
                      {etablissement.ville}
                      <span className="fr-hint-text">{etablissement.codePostal}</span>
                    </td>
                    <td>{etablissement.numeroAgrement}</td>
                    <td>{dateFr(etablissement.dateCreation)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </div>
    </div>
  );
}

/** "12345678900012" → "123 456 789 00012" (a SIRET that is not 14 digits stays as it is). */
export function siretLisible(siret: string): string {
  const parties = /^(\d{3})(\d{3})(\d{3})(\d{5})$/.exec(siret);
  return parties ? parties.slice(1).join(" ") : siret;
}

/** A sortable column header: a link to the list sorted on it (page 1). */
function EnteteTriable({
  colonne,
  libelle,
  filtres,
}: {
  colonne: TriEtablissements;
  libelle: string;
  filtres: FiltresEtablissements;
}) {
  const suivant = triSuivantEtablissements(filtres, colonne);
  const sens = ariaSortEtablissements(filtres, colonne);
  return (
    <th scope="col" aria-sort={sens}>
      <Link to={lienEtablissements(filtres, { ...suivant, page: 1 })}>
        {libelle}
        {sens ? (
          <span
            className={`fr-icon--sm fr-ml-1v ${sens === "ascending" ? "fr-icon-arrow-up-s-line" : "fr-icon-arrow-down-s-line"}`}
            aria-hidden="true"
          />
        ) : null}
        <span className="fr-sr-only">
          {`, trier par ordre ${suivant.orderType === "asc" ? "croissant" : "décroissant"}`}
        </span>
      </Link>
    </th>
  );
}
