/**
 * Cuts `text` to at most `max` characters (spec §9: the header title is
 * truncated at 45), ending with "…" when something was cut. Counts code
 * points, so an accented letter or an emoji is never split.
 */
export function truncate(text: string, max = 45): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  if (max < 1) return "";
  return `${chars
    .slice(0, max - 1)
    .join("")
    .trimEnd()}…`;
}
