import { CENTRAL_ROLES, MANAGER_ROLES, hasAnyRole, type Role } from "#contract/roles";
import { URL_MES_CHANGEMENTS } from "~/components/changement-notable/extension";
import { t } from "~/i18n";

/** One link of the header's main navigation. */
export interface NavLien {
  label: string;
  href: string;
}

/**
 * One entry of the header's main navigation: a link, or a submenu (spec §2:
 * "the establishment list is under a submenu for admin") holding links.
 */
export type NavItem = NavLien | { label: string; sousMenu: readonly NavLien[] };

type NavRule = NavItem & {
  /** The entry shows when the user holds one of these roles. */
  roles: readonly Role[];
  /** Only for an applicant who holds an approval (en_cours or suspendu, spec §4). */
  avecAgrement?: boolean;
};

/** What, besides roles, decides the menu. */
export interface ContexteNavigation {
  /** The applicant holds an approval (GET /api/agrement/mon-agrement, en_cours or suspendu). */
  agrement?: boolean;
}

// Display order of spec §6: applicants' home (and their approval once they
// hold one: spec §2 "Home for applicants"), then the managers' menu, the
// central menu and account management. A user holding several roles gets
// the union, each entry once.
const NAV_RULES: readonly NavRule[] = [
  { label: t("navigation.accueil"), href: "/", roles: ["demandeur"] },
  {
    label: t("navigation.monAgrement"),
    href: "/mon-agrement",
    roles: ["demandeur"],
    avecAgrement: true,
  },
  {
    label: t("navigation.etablissementsReferences"),
    href: "/referencement",
    roles: ["demandeur"],
    avecAgrement: true,
  },
  // Spec §2 "Home for applicants" lists the operator's quick accesses in this
  // order: approval, referenced establishments, change requests, annual report.
  {
    label: t("navigation.mesDemandesChangementNotable"),
    href: URL_MES_CHANGEMENTS,
    roles: ["demandeur"],
    avecAgrement: true,
  },
  // The entry leads to the report to fill, else to the latest deposited
  // report's synthesis (spec §2 menu rule): `/rapport-annuel-activite` redirects.
  {
    label: t("navigation.rapportAnnuelActivite"),
    href: "/rapport-annuel-activite",
    roles: ["demandeur"],
    avecAgrement: true,
  },
  { label: t("navigation.mesDossiers"), href: "/mes-dossiers", roles: MANAGER_ROLES },
  {
    label: t("navigation.tousLesDossiers"),
    href: "/tous-les-dossiers",
    roles: [...MANAGER_ROLES, "crhh"],
  },
  {
    label: t("navigation.activite"),
    href: "/activite",
    roles: [...MANAGER_ROLES, ...CENTRAL_ROLES],
  },
  {
    label: t("navigation.agrements"),
    href: "/agrements",
    roles: [...MANAGER_ROLES, ...CENTRAL_ROLES],
  },
  { label: t("navigation.etablissements"), href: "/etablissements/liste", roles: MANAGER_ROLES },
  // Spec §6: the list is top-level for managers, under a submenu for central roles.
  {
    label: t("navigation.etablissements"),
    sousMenu: [
      { label: t("navigation.referentielEtablissements"), href: "/etablissements/reference" },
      { label: t("navigation.listeEtablissements"), href: "/etablissements/liste" },
    ],
    roles: CENTRAL_ROLES,
  },
  {
    label: t("navigation.gestionDesComptes"),
    href: "/gestion-des-comptes",
    roles: ["admin_fonctionnel"],
  },
  // What each superviseur may choose his perimeter from (ADR 0041).
  {
    label: t("navigation.superviseurs"),
    href: "/administration/superviseurs",
    roles: ["admin_fonctionnel"],
  },
  // Information banners and feature flags.
  {
    label: t("navigation.bandeaux"),
    href: "/administration/bandeaux",
    roles: ["admin_fonctionnel"],
  },
  {
    label: t("navigation.fonctionnalites"),
    href: "/administration/fonctionnalites",
    roles: ["admin_fonctionnel"],
  },
];

/**
 * Header navigation of a user (spec §6 "Header and menu"): managers
 * (instructeur, superviseur) get their files, all files, activity, approvals
 * and the establishment list; crhh all files; central roles activity,
 * approvals and a submenu "Établissements" (the reference, then the list);
 * admin_fonctionnel account
 * management, the superviseurs' bounds, banners and feature flags; applicants their home, and once they hold an approval
 * (`contexte.agrement`) "Mon agrément", their referenced establishments,
 * their notable-change requests and the annual report. Empty for a user without roles.
 */
export function navItemsFor(roles: readonly Role[], contexte: ContexteNavigation = {}): NavItem[] {
  return NAV_RULES.filter(
    (rule) => hasAnyRole(roles, rule.roles) && (!rule.avecAgrement || contexte.agrement === true),
  ).map(({ roles: _roles, avecAgrement: _avecAgrement, ...item }) => item);
}

/** The links of a navigation, a submenu's in its place. */
export function liensDe(navigation: readonly NavItem[]): NavLien[] {
  return navigation.flatMap((item) => ("sousMenu" in item ? item.sousMenu : [item]));
}

/** Spec §2 "Layout": managers (instructeur, superviseur) get the menu skip link, guide and help banner. */
export function isManager(roles: readonly Role[]): boolean {
  return hasAnyRole(roles, MANAGER_ROLES);
}
