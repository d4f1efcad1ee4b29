import { Link } from "@remix-run/react";
import { ONGLETS_DOSSIERS, type SegmentOnglet } from "./liste-params";

export { default as ongletsStyles } from "./onglets.css?url";

/** Props of {@link OngletsDossiers}. */
export interface OngletsDossiersProps {
  /** The list page: "/tous-les-dossiers" or "/mes-dossiers". */
  base: string;
  /** The tab shown. */
  actif: SegmentOnglet;
}

/**
 * The two tabs of a staff list page (spec §2: approval requests and notable
 * changes) in DSFR tabs markup, as links to `${base}/demande` and
 * `${base}/changements-notables`: each tab is a page, so they work without
 * JavaScript; the current one carries `aria-current="page"`. The route adds
 * `ongletsStyles` to its `links`.
 */
export function OngletsDossiers({ base, actif }: OngletsDossiersProps) {
  return (
    <nav className="fr-tabs portail-onglets fr-mb-4w" aria-label="Type de dossier">
      <ul className="fr-tabs__list">
        {ONGLETS_DOSSIERS.map((onglet) => (
          <li key={onglet.segment}>
            <Link
              to={`${base}/${onglet.segment}`}
              className="fr-tabs__tab"
              aria-current={onglet.segment === actif ? "page" : undefined}
            >
              {onglet.libelle}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
