/** The summary of the detail sections: a link to each one's heading. */
export function SommaireDetails() {
  return (
    <nav className="fr-summary fr-my-4w" aria-labelledby="sommaire-activite">
      <p className="fr-summary__title" id="sommaire-activite">
        Détails
      </p>
      <ol className="fr-summary__list">
        <li>
          <a className="fr-summary__link" href="#details-deposee">
            Dossiers déposés et décisions
          </a>
        </li>
        <li>
          <a className="fr-summary__link" href="#details-delai-moyen">
            Délais de traitement
          </a>
        </li>
        <li>
          <a className="fr-summary__link" href="#details-charge-instructeurs">
            Charge des instructeurs
          </a>
        </li>
        <li>
          <a className="fr-summary__link" href="#details-reputes-rejetes">
            Dossiers réputés rejetés
          </a>
        </li>
        <li>
          <a className="fr-summary__link" href="#details-agrements-accordes">
            Agréments accordés
          </a>
        </li>
      </ol>
    </nav>
  );
}
