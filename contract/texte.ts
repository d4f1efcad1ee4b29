/**
 * Text normalisation shared by the API (search columns) and the UI (client
 * filtering): spec §5 "filtering ignores accents and case and trims".
 */

/**
 * Lower-case, accent-free, punctuation-free form of a text: "Saint-Étienne"
 * and " saint etienne " both give "saint etienne". Ligatures œ/æ are spelled
 * out; every run of characters other than a–z and 0–9 becomes one space.
 */
export function normaliserRecherche(texte: string): string {
  return texte
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .replace(/ß/g, "ss")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}
