/**
 * Cuts `text` to at most `max` characters (spec §9: the header title is
 * truncated at 45), ending with "…" when something was cut. Counts code
 * points, so an accented letter or an emoji is never split. The rule lives
 * with the shared header (contract/gabarit/textes.ts), which the identity
 * provider's pages use too.
 */
export { tronquer as truncate } from "#contract/gabarit/textes";
