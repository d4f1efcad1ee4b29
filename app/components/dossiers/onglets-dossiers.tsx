import { Link } from "@remix-run/react";
import type { TypeDossier } from "#contract/etats";
import { ONGLETS_DOSSIERS, type SegmentOnglet } from "./liste-params";

export { default as ongletsStyles } from "./onglets.css?url";

/** Props of {@link OngletsDossiers}. */
export interface OngletsDossiersProps {
  /** The list page: "/tous-les-dossiers" or "/mes-dossiers". */
  base: string;
  /** The tab shown. */
  actif: SegmentOnglet;
  /**
   * The files of each whole tab (`GET /api/demande/count`, ADR 0026: scoped
   * like the list, no other filter), or null when the count is unavailable.
   */
  comptes?: Readonly<Record<TypeDossier, number>> | null;
}

/**
 * The two tabs of a staff list page (spec §2: approval requests and notable
 * changes) in DSFR tabs markup, as links to `${base}/demande` and
 * `${base}/changements-notables`: each tab is a page, so they work without
 * JavaScript; the current one carries `aria-current="page"`. Each tab shows
 * the number of files of the whole tab when given. The
 * route adds `ongletsStyles` to its `links` (`liensListeDossiers`).
 */
export function OngletsDossiers({ base, actif, comptes }: OngletsDossiersProps) {
  return (
    <nav className="fr-tabs portail-onglets fr-mb-3w" aria-label="Type de dossier">
      <ul className="fr-tabs__list">
        {ONGLETS_DOSSIERS.map((onglet) => (
          <li key={onglet.segment}>
            <Link
              to={`${base}/${onglet.segment}`}
              className="fr-tabs__tab"
              aria-current={onglet.segment === actif ? "page" : undefined}
            >
              {onglet.libelle}
              {comptes ? (
                <span className="portail-onglets__compte">
                  {" "}
                  ({comptes[onglet.kind].toLocaleString("fr-FR")})
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
