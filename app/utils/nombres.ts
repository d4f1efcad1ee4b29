/**
 * Numbers as the portal shows them (French: narrow no-break space between
 * thousands, decimal comma, at most one decimal). One shared formatter:
 * `toLocaleString` with options builds an `Intl.NumberFormat` on every call,
 * 3 % of the processor of `/activite` at scale 10 (docs/performance.md).
 */
const FORMAT_NOMBRE = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 });

/** 12345.67 → "12 345,7"; null → "–". */
export function nombreFr(valeur: number | null): string {
  return valeur === null ? "–" : FORMAT_NOMBRE.format(valeur);
}
