import { NIVEAUX_PERIMETRE, type NiveauPerimetre } from "#contract/perimetre";
import type { Agrement } from "#contract/schemas/agrement";

/**
 * The granted intervention perimeter of an approval (spec §3 Agrement,
 * perimeter): one list of names per level that has any, or a sentence when
 * the perimeter is empty.
 */
export function PerimetreAgrement({ perimetre }: { perimetre: Agrement["perimetre"] }) {
  const vide = NIVEAUX_PERIMETRE.every(({ cle }) => perimetre[cle].length === 0);
  return (
    <section className="fr-mb-6w" aria-labelledby="agrement-perimetre">
      <h2 id="agrement-perimetre" className="fr-h4">
        Périmètre d'intervention
      </h2>
      {vide ? <p>Aucun territoire n'est rattaché à cet agrément.</p> : null}
      <TerritoiresParNiveau perimetre={perimetre} className="fr-mb-3w" />
    </section>
  );
}

/**
 * The territories of a perimeter (an approval's, an extension's), by level
 * from the widest: for each level that has any, its title and the list of
 * its names, each followed by its code when the name is not the code.
 * `className` spaces the levels.
 */
export function TerritoiresParNiveau({
  perimetre,
  className,
}: {
  perimetre: Record<NiveauPerimetre, readonly { code: string; nom: string }[]>;
  className: string;
}) {
  const niveaux = NIVEAUX_PERIMETRE.filter(({ cle }) => perimetre[cle].length > 0);
  return (
    <>
      {niveaux.map(({ cle, libelle }) => (
        <div key={cle} className={className}>
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
    </>
  );
}
