import type {
  EtablissementListe,
  FiltresEtablissements,
  TriEtablissements,
} from "#contract/schemas/etablissements-liste";
import { dateFr } from "~/utils/dates";
import { EnteteTriable } from "~/components/listes/tri";
import { lienEtablissements } from "./liste-params";

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
    <EnteteTriable
      champ={colonne}
      libelle={libelle}
      ordre={filtres.order}
      lien={({ field, direction }) =>
        lienEtablissements(filtres, { order: { field, direction }, page: 1 })
      }
    />
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
