import { ROLE_LABELS, type Role } from "#contract/roles";
import type { ChangementSupervision } from "#contract/schemas/administration";
import type { PerimetreSupervision } from "#contract/schemas/utilisateur";
import { Tableau } from "~/components/tableau";
import { dateHeureFr } from "~/utils/dates";

/** What each history action changed, in a word. */
const CHANGEMENTS = {
  MODIFIER_PERIMETRE_SUPERVISION: { libelle: "Périmètre", vide: "Non défini" },
  MODIFIER_BORNE_SUPERVISION: { libelle: "Borne", vide: "Régions de son service" },
} as const;

/**
 * The « Historique » section of a superviseur's page (ADR 0041): the
 * changes of his perimeter and of his bound, newest first as given, each
 * with its date, author and the perimeter before and after in words
 * (`decrire`); a sentence when there is none.
 */
export function HistoriqueSuperviseur({
  historique,
  decrire,
}: {
  historique: ChangementSupervision[];
  decrire: (perimetre: PerimetreSupervision) => string;
}) {
  return (
    <section className="fr-mt-6w" aria-labelledby="historique-titre">
      <h2 id="historique-titre">Historique</h2>
      {historique.length === 0 ? (
        <p>Ni son périmètre ni sa borne n'ont été changés depuis le portail.</p>
      ) : (
        <Tableau id="historique-superviseur" legende="Changements de son périmètre et de sa borne">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Changement</th>
              <th scope="col">Par</th>
              <th scope="col">Avant</th>
              <th scope="col">Après</th>
            </tr>
          </thead>
          <tbody>
            {historique.map((entree, index) => {
              const changement = CHANGEMENTS[entree.action];
              const role = entree.acteurRole as Role | null;
              return (
                <tr key={`${entree.date}-${index}`}>
                  <td>{dateHeureFr(entree.date)}</td>
                  <td>{changement.libelle}</td>
                  <td className="fr-cell--multiline">
                    {entree.acteur ?? "Compte supprimé"}
                    {role && role in ROLE_LABELS ? ` (${ROLE_LABELS[role]})` : ""}
                  </td>
                  <td className="fr-cell--multiline">
                    {entree.avant ? decrire(entree.avant) : changement.vide}
                  </td>
                  <td className="fr-cell--multiline">
                    {entree.apres ? decrire(entree.apres) : changement.vide}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </Tableau>
      )}
    </section>
  );
}
