import type { EtablissementAgrementStaff } from "#contract/schemas/etablissements-liste";
import { CellulesSiretCommune } from "~/components/etablissements/tableau-etablissements";
import { Tableau } from "~/components/tableau";
import { dateFr } from "~/utils/dates";

/**
 * "Établissements référencés" of the staff file page of an approved request
 * (the operator's establishments, seen by staff): each establishment of the approval with its name,
 * SIRET, commune and whether it is referenced (since when) or was
 * dereferenced (when), referenced ones first. Left out of the page when the
 * request has no approval.
 */
export function SectionEtablissements({
  etablissements,
}: {
  etablissements: readonly EtablissementAgrementStaff[];
}) {
  return (
    <section id="etablissements" aria-labelledby="etablissements-titre" className="fr-mb-6w">
      <h2 id="etablissements-titre" className="fr-h3">
        Établissements référencés
      </h2>
      {etablissements.length === 0 ? (
        <p>L&apos;opérateur n&apos;a encore référencé aucun établissement.</p>
      ) : (
        <Tableau
          className="fr-table--sm fr-table--no-caption"
          legende="Établissements de l'opérateur"
          region="Tableau des établissements de l'opérateur"
        >
          <thead>
            <tr>
              <th scope="col">Établissement</th>
              <th scope="col">SIRET</th>
              <th scope="col">Commune</th>
              <th scope="col">Statut</th>
            </tr>
          </thead>
          <tbody>
            {etablissements.map((etablissement) => (
              <tr key={etablissement.id}>
                <th scope="row" className="fr-cell--multiline">
                  {etablissement.nom}
                  <span className="fr-hint-text">{etablissement.reference}</span>
                </th>
                <CellulesSiretCommune etablissement={etablissement} />
                <td>
                  {etablissement.referencee ? (
                    <p className="fr-badge fr-badge--sm fr-badge--success">
                      {`Référencé le ${dateFr(etablissement.dateCreation)}`}
                    </p>
                  ) : (
                    <p className="fr-badge fr-badge--sm fr-badge--error">
                      {etablissement.dateDereferencement
                        ? `Déréférencé le ${dateFr(etablissement.dateDereferencement)}`
                        : "Déréférencé"}
                    </p>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Tableau>
      )}
    </section>
  );
}
