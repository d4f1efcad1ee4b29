import { NIVEAUX_PERIMETRE } from "#contract/perimetre";
import type { Agrement } from "#contract/schemas/agrement";

/**
 * The granted intervention perimeter of an approval (spec §3 Agrement,
 * perimeter): one list of names per level that has any, or a sentence when
 * the perimeter is empty.
 */
export function PerimetreAgrement({ perimetre }: { perimetre: Agrement["perimetre"] }) {
  const niveaux = NIVEAUX_PERIMETRE.filter(({ cle }) => perimetre[cle].length > 0);
  return (
    <section className="fr-mb-6w" aria-labelledby="agrement-perimetre">
      <h2 id="agrement-perimetre" className="fr-h4">
        Périmètre d'intervention
      </h2>
      {niveaux.length === 0 ? <p>Aucun territoire n'est rattaché à cet agrément.</p> : null}
      {niveaux.map(({ cle, libelle }) => (
        <div key={cle} className="fr-mb-3w">
          <h3 className="fr-h6 fr-mb-1w">{libelle}</h3>
          <ul>
            {perimetre[cle].map((territoire) => (
              <li key={territoire.code}>
                {territoire.nom}
                {territoire.nom !== territoire.code ? ` (${territoire.code})` : ""}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
