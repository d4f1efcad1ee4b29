/**
 * Audience measurement (spec §1, ADR 0023): what the
 * server and the browser both need to know. The spec names four pages by
 * their titles in the original application ("Formulaire de demande",
 * "Accessibilité", "Données personnelles", "Mentions légales"); the portal's
 * titles differ ("Étape 1 sur 4 – … – Demande d'agrément", "Déclaration
 * d'accessibilité"), so each is identified by its path.
 */

/** The pages never sent to Matomo: the spec's title and the portal's path. */
export const PAGES_NON_MESUREES = [
  { titre: "Formulaire de demande", chemin: "/demande/formulaire" },
  { titre: "Accessibilité", chemin: "/accessibilite" },
  { titre: "Données personnelles", chemin: "/donnees-personnelles" },
  { titre: "Mentions légales", chemin: "/mentions-legales" },
] as const;

/** The paths of {@link PAGES_NON_MESUREES}. */
export const CHEMINS_NON_MESURES: readonly string[] = PAGES_NON_MESUREES.map((page) => page.chemin);

/**
 * Whether the page at `pathname` may be sent to Matomo: not one of
 * {@link PAGES_NON_MESUREES} (the path itself or below it, trailing slash
 * ignored).
 */
export function pageMesuree(pathname: string): boolean {
  const chemin = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return !CHEMINS_NON_MESURES.some((exclu) => chemin === exclu || chemin.startsWith(`${exclu}/`));
}

/**
 * What the layout gets when the visitor accepted the measurement and
 * Matomo is configured: Matomo's base URL (ending in "/"), the site id, the
 * salted SHA-256 of the signed-in user's identifier (null for a visitor),
 * and the page's absolute URL without its query (for the no-JavaScript image).
 */
export interface ReglagesMesureAudience {
  url: string;
  siteId: string;
  utilisateur: string | null;
  urlPage: string;
}
