/**
 * Pages that spec §6 puts in the menus and on the staff home tiles but that
 * the portal does not serve yet: a menu never leads to "Page non trouvée"
 * (developers' guide, rule 1). Each entry names the issue that builds the
 * page; that issue deletes the entry, and the rules of navigation.ts and
 * staff-tiles.ts, which follow the spec, show it again.
 */
const PAGES_A_VENIR: Readonly<Record<string, string>> = {
  "/activite": "issue 15 (suivi de l'activité)",
  "/agrements": "issue 15 (liste des agréments)",
};

/** Whether the portal serves the page at `href` (menu entry, tile). */
export function pageOuverte(href: string): boolean {
  return !(href in PAGES_A_VENIR);
}
