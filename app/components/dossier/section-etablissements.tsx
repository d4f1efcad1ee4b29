import type { EtablissementAgrementStaff } from "#contract/schemas/etablissements-liste";
import { siretLisible } from "~/components/etablissements/tableau-etablissements";
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
        <div className="fr-table fr-table--sm fr-table--no-caption">
          <div className="fr-table__wrapper">
            {/* Focusable so that a keyboard can scroll it on a narrow screen (no link inside). */}
            <div
              className="fr-table__container"
              tabIndex={0}
              role="region"
              aria-label="Tableau des établissements de l'opérateur"
            >
              <div className="fr-table__content">
                <table>
                  <caption>Établissements de l&apos;opérateur</caption>
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
                        <td>{siretLisible(etablissement.siret)}</td>
                        <td className="fr-cell--multiline">
                          {etablissement.ville}
                          <span className="fr-hint-text">{etablissement.codePostal}</span>
                        </td>
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
                </table>
              </div>
            </div>
          </div>
        </div>
      )}
    </section>
  );
}
