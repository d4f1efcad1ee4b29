import type {
  EtablissementListe,
  FiltresEtablissements,
} from "#contract/schemas/etablissements-liste";
import { dateFr } from "~/utils/dates";
import { Tableau } from "~/components/tableau";
import { entetesTriables } from "~/components/listes/tri";
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
  const triable = entetesTriables(filtres.order, (order) =>
    lienEtablissements(filtres, { order, page: 1 }),
  );
  return (
    <Tableau className="fr-table--sm fr-table--no-caption" legende="Établissements référencés">
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
            <CellulesSiretCommune etablissement={etablissement} />
            <td>{etablissement.numeroAgrement}</td>
            <td>{dateFr(etablissement.dateCreation)}</td>
          </tr>
        ))}
      </tbody>
    </Tableau>
  );
}

/** "12345678900012" → "123 456 789 00012" (a SIRET that is not 14 digits stays as it is). */
export function siretLisible(siret: string): string {
  const parties = /^(\d{3})(\d{3})(\d{3})(\d{5})$/.exec(siret);
  return parties ? parties.slice(1).join(" ") : siret;
}

/**
 * The SIRET (grouped, see {@link siretLisible}) and commune cells of an
 * establishment's row, the postal code under the commune.
 */
export function CellulesSiretCommune({
  etablissement,
}: {
  etablissement: Pick<EtablissementListe, "siret" | "ville" | "codePostal">;
}) {
  return (
    <>
      <td>{siretLisible(etablissement.siret)}</td>
      <td className="fr-cell--multiline">
        {etablissement.ville}
        <span className="fr-hint-text">{etablissement.codePostal}</span>
      </td>
    </>
  );
}
