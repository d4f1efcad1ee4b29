import type { MetaFunction } from "@remix-run/node";
import { Link, useRouteLoaderData } from "@remix-run/react";
import type { BreadcrumbHandle } from "~/components/breadcrumb";
import { ContentPage } from "~/components/content-page";
import { t } from "~/i18n";
import type { RootLoader } from "~/root";
import { pageTitle } from "~/utils/title";

const TITLE = "Plan du site";

export const handle: BreadcrumbHandle = { breadcrumb: TITLE };

const PUBLIC_PAGES = [
  { label: "Accessibilité", href: "/accessibilite" },
  { label: "Mentions légales", href: "/mentions-legales" },
  { label: "Données personnelles", href: "/donnees-personnelles" },
  { label: "Conditions générales d'utilisation", href: "/conditions-generales-utilisation" },
  { label: "Gestion des cookies", href: "/gestion-des-cookies" },
  { label: TITLE, href: "/plan-de-site" },
  { label: "Trouver un accompagnateur Rénov'", href: "/trouver-un-accompagnateur" },
];

/**
 * `/plan-de-site` (spec §2): the portal's public pages and, for a signed-in
 * user, the main pages of their roles (the header navigation) and account
 * pages. Reads the user from the root loader.
 */
export default function PlanDeSite() {
  const root = useRouteLoaderData<RootLoader>("root");
  const user = root?.user ?? null;
  const navigation = (root?.navigation ?? []).filter(
    (item) => "sousMenu" in item || item.href !== "/",
  );
  return (
    <ContentPage title={TITLE}>
      <h2>Pages principales</h2>
      <ul>
        <li>
          <Link to="/">Accueil</Link>
        </li>
        {navigation.map((item) =>
          "sousMenu" in item ? (
            <li key={item.label}>
              {item.label}
              <ul>
                {item.sousMenu.map((lien) => (
                  <li key={lien.href}>
                    <Link to={lien.href}>{lien.label}</Link>
                  </li>
                ))}
              </ul>
            </li>
          ) : (
            <li key={item.href}>
              <Link to={item.href}>{item.label}</Link>
            </li>
          ),
        )}
      </ul>
      <h2>Mon compte</h2>
      <ul>
        {user ? (
          <>
            <li>
              <Link to="/account/params">Paramètres du compte</Link>
            </li>
            <li>
              <a href="/account/logout">{t("header.seDeconnecter")}</a>
            </li>
          </>
        ) : (
          <>
            <li>
              <a href="/account/login">{t("header.seConnecter")}</a>
            </li>
            <li>
              <Link to="/creation-compte">{t("header.creerUnCompte")}</Link>
            </li>
            <li>
              <Link to="/creation-compte/nouveau-lien">Recevoir un nouveau lien d'activation</Link>
            </li>
          </>
        )}
      </ul>
      <h2>Informations</h2>
      <ul>
        {PUBLIC_PAGES.map((page) => (
          <li key={page.href}>
            <Link to={page.href}>{page.label}</Link>
          </li>
        ))}
      </ul>
    </ContentPage>
  );
}

export const meta: MetaFunction = () => [{ title: pageTitle(TITLE) }];
