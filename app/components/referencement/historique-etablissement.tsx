import type { EtablissementDetail } from "#contract/schemas/etablissement";
import { Tableau } from "~/components/tableau";
import { dateHeureFr } from "~/utils/dates";

/** An establishment's history (date, event, reason, author), oldest first as the API gives it. */
export function HistoriqueEtablissement({
  historique,
}: {
  historique: EtablissementDetail["historique"];
}) {
  return (
    <section aria-labelledby="etablissement-historique">
      <h2 id="etablissement-historique" className="fr-h4">
        Historique
      </h2>
      {historique.length === 0 ? (
        <p>Aucun événement.</p>
      ) : (
        <Tableau id="historique" legende="Historique de l'établissement">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Événement</th>
              <th scope="col">Motif</th>
              <th scope="col">Par</th>
            </tr>
          </thead>
          <tbody>
            {historique.map((ligne, index) => (
              <tr key={`${ligne.date}-${index}`}>
                <td>{dateHeureFr(ligne.date)}</td>
                <td>{ligne.libelle}</td>
                <td>{ligne.commentaire ?? ""}</td>
                <td>{ligne.auteur ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </Tableau>
      )}
    </section>
  );
}
