/**
 * The name an attachment is stored, listed and downloaded under (spec §5
 * Attachments), a name that cannot lie. One function
 * decides it at upload; downloads and archives apply it again, so that rows
 * stored before it existed are sent under an honest name too.
 */
import { TYPES_FICHIER } from "../../contract/pieces-jointes.ts";

/** Longest file name kept, in characters (code points), extension included. */
export const NOM_FICHIER_MAX = 150;

/** Name of a file that has nothing left once cleaned. */
const NOM_PAR_DEFAUT = "fichier";

/** Extensions that already say a type truly, when it differs from TYPES_FICHIER's. */
const EXTENSIONS_SYNONYMES: Record<string, readonly string[]> = {
  "image/jpeg": ["jpg", "jpeg"],
};

/**
 * Characters that must not reach a name: controls (C0, C1, DEL), format
 * characters (bidirectional overrides and isolates such as U+202E, zero-width
 * spaces and joiners, the BOM, soft hyphen), line and paragraph separators,
 * lone surrogates, private-use characters.
 */
const INVISIBLES = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}]/gu;

/** Characters Windows refuses in a name (the path separators are handled before). */
const INTERDITS_WINDOWS = /[<>:"|?*]/g;

/** A trailing ".ext": 1 to 8 ASCII letters or digits, at least one letter ("2024" is not one). */
const EXTENSION = /\.([A-Za-z0-9]{0,7}[A-Za-z][A-Za-z0-9]{0,7})$/;

const graphemes = new Intl.Segmenter("fr", { granularity: "grapheme" });

/** `texte` cut to at most `max` code points, never inside a grapheme (an accent stays on its letter). */
function couper(texte: string, max: number): string {
  let resultat = "";
  let longueur = 0;
  for (const { segment } of graphemes.segment(texte)) {
    const taille = [...segment].length;
    if (longueur + taille > max) break;
    resultat += segment;
    longueur += taille;
  }
  return resultat;
}

/**
 * A file name safe to store, to show and to send back in Content-Disposition:
 * - NFC (accents composed), only the last segment of a path ("C:\…\x.pdf",
 *   "../x.pdf" → "x.pdf");
 * - without control, bidirectional (U+202E…), zero-width or private-use
 *   characters, nor `< > : " | ? *`; spaces collapsed; no leading or trailing
 *   dot or space (no hidden file, nothing Windows would drop);
 * - when `mimeType` is an accepted type (contract/pieces-jointes.ts), ending
 *   with that type's extension: a trailing extension that says another type
 *   is replaced ("facture‮fdp.exe" of PDF bytes → "facturefdp.pdf"), a name
 *   without one gets it ("scan" → "scan.pdf"); "photo.JPEG" stays as it is;
 * - at most {@link NOM_FICHIER_MAX} code points, the extension kept, cut on a
 *   character boundary.
 * A name with nothing left becomes "fichier" (plus the type's extension).
 * Idempotent: applying it to its own result changes nothing.
 */
export function assainirNomFichier(nom: string, mimeType?: string): string {
  const dernier = nom.normalize("NFC").split(/[\\/]/).pop() ?? "";
  let propre = dernier
    .replace(INVISIBLES, "")
    .replace(INTERDITS_WINDOWS, "_")
    .replace(/\s+/g, " ")
    .replace(/^[. ]+|[. ]+$/g, "");

  const type = TYPES_FICHIER[mimeType as keyof typeof TYPES_FICHIER];
  let extension = "";
  if (type) {
    const justes = EXTENSIONS_SYNONYMES[mimeType!] ?? [type.extension];
    const actuelle = EXTENSION.exec(propre);
    if (actuelle && justes.includes(actuelle[1]!.toLowerCase())) {
      extension = actuelle[0];
    } else {
      extension = `.${type.extension}`;
      // A trailing extension of another type is what would lie: it goes.
      if (actuelle) propre = propre.slice(0, actuelle.index);
    }
    propre = propre.slice(0, propre.length - (propre.endsWith(extension) ? extension.length : 0));
    propre = propre.replace(/[. ]+$/, "");
  } else {
    const actuelle = EXTENSION.exec(propre);
    if (actuelle && actuelle.index > 0) {
      extension = actuelle[0];
      propre = propre.slice(0, actuelle.index);
    }
  }

  let radical = couper(propre, NOM_FICHIER_MAX - [...extension].length).replace(/[. ]+$/, "");
  if (radical === "") radical = NOM_PAR_DEFAUT;
  return radical + extension;
}
