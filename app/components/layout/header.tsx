import type { FrIconClassName } from "@codegouvfr/react-dsfr/fr";
import { Link, NavLink, useLocation } from "@remix-run/react";
import type { SessionUser } from "~/.server/context";
import { EnTete } from "#contract/gabarit/en-tete";
import type { ProprietesLien } from "#contract/gabarit/lien";
import { t } from "~/i18n";
import { BoutonDeconnexion } from "../deconnexion";
import type { NavItem } from "./navigation";

interface QuickAccessItem {
  label: string;
  href: string;
  iconId: FrIconClassName;
  /** Login and logout leave the app for the identity provider: full page loads. */
  reloadDocument?: boolean;
  /** Sign-out: a form posting to `href` rather than a link. */
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
 * One entry of the main navigation: a link, or a DSFR submenu. The submenu
 * is a `<details>`, so that it opens without JavaScript and a screen reader
 * hears a disclosure; it closes again on every navigation (`key`), and its
 * button is marked current when one of its links is.
 */
function EntreeNavigation({ item }: { item: NavItem }) {
  const { pathname } = useLocation();
  if (!("sousMenu" in item)) {
    return (
      <li className="fr-nav__item">
        <NavLink className="fr-nav__link" to={item.href} end={item.href === "/"}>
          {item.label}
        </NavLink>
      </li>
    );
  }
  const courant = item.sousMenu.some(
    (lien) => pathname === lien.href || pathname.startsWith(`${lien.href}/`),
  );
  return (
    <li className="fr-nav__item">
      <details key={pathname} className="portail-sous-menu">
        <summary className="fr-nav__btn" aria-current={courant ? "true" : undefined}>
          {item.label}
        </summary>
        <div className="fr-menu">
          <ul className="fr-menu__list">
            {item.sousMenu.map((lien) => (
              <li key={lien.href}>
                <NavLink className="fr-nav__link" to={lien.href}>
                  {lien.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      </details>
    </li>
  );
}

/** The router's link for the shared header's brand (client-side navigation). */
function LienRemix({ href, ...autres }: ProprietesLien) {
  return <Link to={href} {...autres} />;
}

/**
 * DSFR header (spec §2 "Header and menu"), the shared markup of
 * contract/gabarit/en-tete.tsx (the identity provider's pages use it too).
 * Signed out: "Se connecter" and "Créer un compte"
 * (applicant account creation) links. Signed in: "Accueil", the user's
 * full name (to /account/params) and "Se déconnecter", a button of a form
 * posting to /account/logout. `navigation` is the role
 * menu (`navItemsFor`), in `<nav id="navigation">` of the mobile menu,
 * which opens without JavaScript too (`:target`, app/styles/portail.css).
 */
export function Header({ user, navigation }: { user: SessionUser | null; navigation: NavItem[] }) {
  return (
    <EnTete
      Lien={LienRemix}
      accesRapides={<QuickAccess items={quickAccessItems(user)} />}
      menu={{
        navigation:
          navigation.length > 0 ? (
            <nav
              className="fr-nav"
              id="navigation"
              role="navigation"
              aria-label={t("header.menuPrincipal")}
            >
              <ul className="fr-nav__list">
                {navigation.map((item) => (
                  <EntreeNavigation key={item.label} item={item} />
                ))}
              </ul>
            </nav>
          ) : null,
      }}
    />
  );
}
