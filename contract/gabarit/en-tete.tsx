import type { ReactNode } from "react";
import { LienSimple, type ComposantLien } from "./lien.tsx";
import {
  ID_EN_TETE,
  ID_MENU_EN_TETE,
  LIBELLES_EN_TETE,
  MARQUE,
  TITRE_LIEN_ACCUEIL,
  tronquer,
} from "./textes.ts";

/**
 * The DSFR header of every page (spec §2 "Header and menu"), the portal's
 * and the identity provider's (ADR 0014): Marianne block, the
 * service's name (cut at 45 characters, spec §9) over its tagline, linked to
 * the home page, and `accesRapides` (a `<ul class="fr-btns-group">` of
 * buttons) in the tools area.
 *
 * With `menu` (the portal's pages), a mobile menu (DSFR modal
 * `#header-menu`) repeats `accesRapides` above `menu.navigation` (the role
 * menu, `<nav id="navigation">`); its "Menu" is a DSFR button with
 * JavaScript and a link to `#header-menu` (CSS `:target`) without, the
 * portal's stylesheet showing one or the other (`portail-js-only`,
 * `portail-nojs-only`). Without `menu` (the identity provider's pages,
 * which have neither that stylesheet nor a role menu), no mobile menu.
 * `Lien` renders the brand's link (the router's link on the portal);
 * `titre` is the service's name (MARQUE.nom unless a deployment names it).
 */
export function EnTete({
  accesRapides,
  menu,
  Lien = LienSimple,
  titre = MARQUE.nom,
}: {
  accesRapides: ReactNode;
  menu?: { navigation: ReactNode };
  Lien?: ComposantLien;
  titre?: string;
}) {
  return (
    <header role="banner" className="fr-header" id={ID_EN_TETE}>
      <div className="fr-header__body">
        <div className="fr-container">
          <div className="fr-header__body-row">
            <div className="fr-header__brand fr-enlarge-link">
              <div className="fr-header__brand-top">
                <div className="fr-header__logo">
                  <p className="fr-logo">
                    {MARQUE.republique[0]}
                    <br />
                    {MARQUE.republique[1]}
                  </p>
                </div>
                {menu ? (
                  <div className="fr-header__navbar">
                    <button
                      type="button"
                      className="fr-btn--menu fr-btn portail-js-only"
                      data-fr-opened="false"
                      aria-controls={ID_MENU_EN_TETE}
                      id={`${ID_MENU_EN_TETE}-button`}
                      title={LIBELLES_EN_TETE.menu}
                    >
                      {LIBELLES_EN_TETE.menu}
                    </button>
                    {/* Without JavaScript DSFR does not shrink a link to its icon:
                        the label is for screen readers only, as the button's is in effect. */}
                    <a
                      className="fr-btn--menu fr-btn portail-nojs-only"
                      href={`#${ID_MENU_EN_TETE}`}
                      title={LIBELLES_EN_TETE.menu}
                    >
                      <span className="fr-sr-only">{LIBELLES_EN_TETE.menu}</span>
                    </a>
                  </div>
                ) : null}
              </div>
              <div className="fr-header__service">
                <Lien href="/" title={TITRE_LIEN_ACCUEIL}>
                  <p className="fr-header__service-title">{tronquer(titre)}</p>
                </Lien>
                <p className="fr-header__service-tagline">{MARQUE.slogan}</p>
              </div>
            </div>
            <div className="fr-header__tools">
              <div className="fr-header__tools-links">{accesRapides}</div>
            </div>
          </div>
        </div>
      </div>
      {menu ? (
        <div
          className="fr-header__menu fr-modal"
          id={ID_MENU_EN_TETE}
          aria-labelledby={`${ID_MENU_EN_TETE}-button`}
        >
          <div className="fr-container">
            <button
              type="button"
              className="fr-btn--close fr-btn portail-js-only"
              aria-controls={ID_MENU_EN_TETE}
              title={LIBELLES_EN_TETE.fermer}
            >
              {LIBELLES_EN_TETE.fermer}
            </button>
            <a className="fr-btn--close fr-btn portail-nojs-only" href={`#${ID_EN_TETE}`}>
              {LIBELLES_EN_TETE.fermer}
            </a>
            <div className="fr-header__menu-links">{accesRapides}</div>
            {menu.navigation}
          </div>
        </div>
      ) : null}
    </header>
  );
}

/**
 * The quick access of a signed-out visitor, as plain links (the identity
 * provider's pages): "Se connecter" (`connexion`) and "Créer un compte"
 * (`creationCompte`), with the portal's icons.
 */
export function AccesRapidesVisiteur({
  connexion,
  creationCompte,
}: {
  connexion: string;
  creationCompte: string;
}) {
  return (
    <ul className="fr-btns-group">
      <li>
        <a className="fr-btn fr-icon-account-circle-line" href={connexion}>
          {LIBELLES_EN_TETE.seConnecter}
        </a>
      </li>
      <li>
        <a className="fr-btn fr-icon-user-add-line" href={creationCompte}>
          {LIBELLES_EN_TETE.creerUnCompte}
        </a>
      </li>
    </ul>
  );
}
