import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

export { default as filtresPliablesStyles } from "./filtres-pliables.css?url";

/** Props of {@link FiltresPliables}. */
export interface FiltresPliablesProps {
  /** Id of the `<details>`; the heading's is `${id}-titre` (the form may point its aria-labelledby there). */
  id: string;
  /** The heading in the summary: "Filtrer les dossiers". */
  titre: string;
  /** The active filters as short labels, shown as tags in the summary. */
  etiquettes: readonly string[];
  /** Open when the page is shown (default: folded). */
  ouvert?: boolean;
  /** Changes with the query: the fold is remounted and shows the URL's filters and state. */
  cle: string;
  /** The filter form. */
  children: ReactNode;
}

/**
 * The folded filters of a staff list (/agrements, the
 * dossiers lists, /etablissements/liste): a `<details>` drawn as a DSFR
 * accordion, so it opens without JavaScript, whose summary holds the
 * heading and the active filters as DSFR tags; the form inside. Folded by
 * default so that the table starts in the first screen. The route adds
 * `filtresPliablesStyles` to its `links`.
 */
export function FiltresPliables({
  id,
  titre,
  etiquettes,
  ouvert = false,
  cle,
  children,
}: FiltresPliablesProps) {
  return (
    <section aria-labelledby={`${id}-titre`} className="fr-mb-3w">
      <details className="portail-filtres" id={id} open={ouvert} key={cle}>
        <summary className="fr-py-2w">
          <h2 className="fr-h5 fr-mb-0 portail-filtres__titre" id={`${id}-titre`}>
            {titre}
          </h2>
          {etiquettes.length ? (
            <ul
              className="fr-tags-group fr-mt-1w fr-mb-0 portail-filtres__etiquettes"
              aria-label="Filtres actifs"
            >
              {etiquettes.map((etiquette) => (
                <li key={etiquette}>
                  <p className="fr-tag fr-tag--sm fr-mb-0">{etiquette}</p>
                </li>
              ))}
            </ul>
          ) : null}
        </summary>
        {children}
      </details>
    </section>
  );
}

/**
 * The two buttons that end every staff filter form: "Filtrer" (submits the
 * GET form) and "Réinitialiser", a link to `chemin`, the bare page (works
 * without JavaScript). `espace` adds the DSFR top margin the forms whose
 * last row is a select need.
 */
export function BoutonsFiltres({ chemin, espace = true }: { chemin: string; espace?: boolean }) {
  return (
    <ul className={`fr-btns-group fr-btns-group--inline-md${espace ? " fr-mt-2w" : ""}`}>
      <li>
        <button type="submit" className="fr-btn">
          Filtrer
        </button>
      </li>
      <li>
        <Link to={chemin} className="fr-btn fr-btn--secondary">
          Réinitialiser
        </Link>
      </li>
    </ul>
  );
}
