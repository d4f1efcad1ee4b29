/** Default title of every page (spec §1), also the tail of each page title. */
export const DEFAULT_TITLE = "Mon Accompagnateur Rénov' – Agréments";

/**
 * Spec §1: page titles read "{page} | {default title}". `page` is the
 * screen's own title (e.g. "Mentions légales"); an empty `page` gives the
 * default title alone.
 */
export function pageTitle(page: string): string {
  const trimmed = page.trim();
  return trimmed ? `${trimmed} | ${DEFAULT_TITLE}` : DEFAULT_TITLE;
}
