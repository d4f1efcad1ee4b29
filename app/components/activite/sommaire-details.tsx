import { SECTIONS_DETAILS } from "./section-details";

/** The summary of the detail sections: a link to each one's heading. */
export function SommaireDetails() {
  return (
    <nav className="fr-summary fr-my-4w" aria-labelledby="sommaire-activite">
      <p className="fr-summary__title" id="sommaire-activite">
        Détails
      </p>
      <ol className="fr-summary__list">
        {Object.values(SECTIONS_DETAILS).map(([id, titre]) => (
          <li key={id}>
            <a className="fr-summary__link" href={`#${id}`}>
              {titre}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
