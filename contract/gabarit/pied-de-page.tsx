import { LienSimple, type ComposantLien } from "./lien.tsx";
import {
  DESCRIPTION_PIED_DE_PAGE,
  ID_PIED_DE_PAGE,
  LICENCE,
  LIENS_OBLIGATOIRES,
  MARQUE,
  NOUVELLE_FENETRE,
  SITES_PUBLICS,
  TITRE_LIEN_ACCUEIL,
  type LienPiedDePage,
} from "./textes.ts";

/** Attributes of a link that opens a new window: said in its `title`. */
function nouvelleFenetre(libelle: string) {
  return { target: "_blank", rel: "noopener", title: `${libelle} - ${NOUVELLE_FENETRE}` };
}

/**
 * The DSFR footer of every page, the portal's and the identity provider's
 * (spec §2, ADR 0014): brand linked to the home page, description,
 * the State's sites, then the mandatory links (site map, accessibility with
 * its conformity level, legal notices, personal data, terms of use, cookie
 * management: contract/gabarit/textes.ts), followed by `liensSupplementaires`
 * (e.g. the managers' guide), the licence and, on the portal's pages, its
 * version. Pages of the portal go
 * through `Lien` (the router's link on the portal, a plain `<a>` on the
 * provider's pages); external links open a new window.
 */
export function PiedDePage({
  liensSupplementaires = [],
  Lien = LienSimple,
  version,
}: {
  liensSupplementaires?: readonly LienPiedDePage[];
  Lien?: ComposantLien;
  /** The portal's version as shown (cut at '@', contract/version.ts); none on the provider's pages. */
  version?: string | null;
}) {
  return (
    <footer id={ID_PIED_DE_PAGE} className="fr-footer" role="contentinfo">
      <div className="fr-container">
        <div className="fr-footer__body">
          <div className="fr-footer__brand fr-enlarge-link">
            <Lien href="/" title={TITRE_LIEN_ACCUEIL}>
              <p className="fr-logo">
                {MARQUE.republique[0]}
                <br />
                {MARQUE.republique[1]}
              </p>
            </Lien>
          </div>
          <div className="fr-footer__content">
            <p className="fr-footer__content-desc">{DESCRIPTION_PIED_DE_PAGE}</p>
            <ul className="fr-footer__content-list">
              {SITES_PUBLICS.map((site) => (
                <li className="fr-footer__content-item" key={site}>
                  <a
                    className="fr-footer__content-link"
                    href={`https://${site}`}
                    id={`footer-${site.replace(/\./g, "-")}-link`}
                    {...nouvelleFenetre(site)}
                  >
                    {site}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </div>
        <div className="fr-footer__bottom">
          <ul className="fr-footer__bottom-list">
            {[...LIENS_OBLIGATOIRES, ...liensSupplementaires].map((lien) => (
              <li className="fr-footer__bottom-item" key={lien.href}>
                {lien.nouvelleFenetre ? (
                  <a
                    className="fr-footer__bottom-link"
                    href={lien.href}
                    {...nouvelleFenetre(lien.libelle)}
                  >
                    {lien.libelle}
                  </a>
                ) : (
                  <Lien className="fr-footer__bottom-link" href={lien.href}>
                    {lien.libelle}
                  </Lien>
                )}
              </li>
            ))}
          </ul>
          <div className="fr-footer__bottom-copy">
            <p>
              {LICENCE.texte}{" "}
              <a
                href={LICENCE.href}
                id="footer-etalab-licence-link"
                {...nouvelleFenetre(LICENCE.libelle)}
              >
                {LICENCE.libelle}
              </a>
            </p>
            {version ? <p>Version {version}</p> : null}
          </div>
        </div>
      </div>
    </footer>
  );
}
