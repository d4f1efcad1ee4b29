import type { FrIconClassName } from "@codegouvfr/react-dsfr/fr";
import { Link, NavLink } from "@remix-run/react";
import type { SessionUser } from "~/.server/context";
import { t } from "~/i18n";
import { truncate } from "~/utils/truncate";
import { BoutonDeconnexion } from "../deconnexion";
import { TOP_ID } from "./back-to-top";
import type { NavItem } from "./navigation";

/** Id of the mobile menu (DSFR modal), also the no-JS `:target` anchor. */
export const HEADER_MENU_ID = "header-menu";

interface QuickAccessItem {
  label: string;
  href: string;
  iconId: FrIconClassName;
  /** Login and logout leave the app for the identity provider: full page loads. */
  reloadDocument?: boolean;
  /** Sign-out: a form posting to `href` rather than a link (issue 20 item 9). */
  post?: boolean;
}

function quickAccessItems(user: SessionUser | null): QuickAccessItem[] {
  if (!user) {
    return [
      {
        label: t("header.seConnecter"),
        href: "/account/login",
        iconId: "fr-icon-account-circle-line",
        reloadDocument: true,
      },
      {
        label: t("header.creerUnCompte"),
        href: "/creation-compte",
        iconId: "fr-icon-user-add-line",
      },
    ];
  }
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.email;
  return [
    { label: t("header.accueil"), href: "/", iconId: "fr-icon-home-4-line" },
    { label: fullName, href: "/account/params", iconId: "fr-icon-account-circle-line" },
    {
      label: t("header.seDeconnecter"),
      href: "/account/logout",
      iconId: "fr-icon-logout-box-r-line",
      post: true,
    },
  ];
}

function QuickAccess({ items }: { items: QuickAccessItem[] }) {
  return (
    <ul className="fr-btns-group">
      {items.map((item) => (
        <li key={item.href}>
          {item.post ? (
            <BoutonDeconnexion className={`fr-btn ${item.iconId}`} />
          ) : (
            <Link
              className={`fr-btn ${item.iconId}`}
              to={item.href}
              reloadDocument={item.reloadDocument}
            >
              {item.label}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}

/**
 * DSFR header (spec §2 "Header and menu"). Signed out: "Se connecter" and
 * "Créer un compte" (applicant account creation) links. Signed in: "Accueil", the user's full name (to /account/params) and
 * "Se déconnecter", a button of a form posting to /account/logout (issue 20
 * item 9). The service title is cut at 45 characters (spec §9).
 * `navigation` is the role menu (`navItemsFor`), in `<nav id="navigation">`.
 *
 * DSFR markup written out rather than react-dsfr's `<Header>` because the
 * mobile menu needs a path without JavaScript: next to DSFR's "Menu" button
 * (JS) sits a "Menu" link to `#header-menu` that opens the same panel with
 * CSS `:target`; app/styles/portail.css shows one or the other depending on
 * DSFR's `data-fr-js` flag on `<html>`.
 */
export function Header({ user, navigation }: { user: SessionUser | null; navigation: NavItem[] }) {
  const items = quickAccessItems(user);
  const serviceName = t("application.nom");
  return (
    <header role="banner" className="fr-header" id={TOP_ID}>
      <div className="fr-header__body">
        <div className="fr-container">
          <div className="fr-header__body-row">
            <div className="fr-header__brand fr-enlarge-link">
              <div className="fr-header__brand-top">
                <div className="fr-header__logo">
                  <p className="fr-logo">
                    République
                    <br />
                    Française
                  </p>
                </div>
                <div className="fr-header__navbar">
                  <button
                    type="button"
                    className="fr-btn--menu fr-btn portail-js-only"
                    data-fr-opened="false"
                    aria-controls={HEADER_MENU_ID}
                    id={`${HEADER_MENU_ID}-button`}
                    title={t("header.menu")}
                  >
                    {t("header.menu")}
                  </button>
                  <a className="fr-btn--menu fr-btn portail-nojs-only" href={`#${HEADER_MENU_ID}`}>
                    {t("header.menu")}
                  </a>
                </div>
              </div>
              <div className="fr-header__service">
                <Link to="/" title={t("header.lienAccueil", { nom: serviceName })}>
                  <p className="fr-header__service-title">{truncate(serviceName, 45)}</p>
                </Link>
                <p className="fr-header__service-tagline">{t("application.slogan")}</p>
              </div>
            </div>
            <div className="fr-header__tools">
              <div className="fr-header__tools-links">
                <QuickAccess items={items} />
              </div>
            </div>
          </div>
        </div>
      </div>
      <div
        className="fr-header__menu fr-modal"
        id={HEADER_MENU_ID}
        aria-labelledby={`${HEADER_MENU_ID}-button`}
      >
        <div className="fr-container">
          <button
            type="button"
            className="fr-btn--close fr-btn portail-js-only"
            aria-controls={HEADER_MENU_ID}
            title={t("header.fermer")}
          >
            {t("header.fermer")}
          </button>
          <a className="fr-btn--close fr-btn portail-nojs-only" href={`#${TOP_ID}`}>
            {t("header.fermer")}
          </a>
          <div className="fr-header__menu-links">
            <QuickAccess items={items} />
          </div>
          {navigation.length > 0 ? (
            <nav
              className="fr-nav"
              id="navigation"
              role="navigation"
              aria-label={t("header.menuPrincipal")}
            >
              <ul className="fr-nav__list">
                {navigation.map((item) => (
                  <li key={item.href} className="fr-nav__item">
                    <NavLink className="fr-nav__link" to={item.href} end={item.href === "/"}>
                      {item.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>
      </div>
    </header>
  );
}
