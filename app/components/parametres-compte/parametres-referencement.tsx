/**
 * "Référencement des établissements" (spec §2 account settings, referencing
 * parameters): none belongs to the account, each establishment's are set
 * when it is referenced; a link to the referenced establishments.
 */
export function ParametresReferencement() {
  return (
    <section className="fr-mt-6w" aria-labelledby="referencement-parametres">
      <h2 className="fr-h4" id="referencement-parametres">
        Référencement des établissements
      </h2>
      <p>
        Les informations de référencement sont propres à chaque établissement : elles sont saisies
        lors de son référencement, dans le périmètre de votre agrément, et ne se modifient plus
        ensuite. <a href="/referencement">Voir vos établissements référencés</a>
      </p>
    </section>
  );
}
