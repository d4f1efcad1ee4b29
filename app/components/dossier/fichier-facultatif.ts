import {
  LIMITES_PJ_PAR_DEFAUT,
  MIME_TYPES_ACCEPTES,
  TYPES_FICHIER,
} from "#contract/pieces-jointes";

/**
 * Hint of the one optional file of a staff form (a note, an opinion): one
 * file, the DESIGN §7 default size, the accepted formats. The API checks
 * the file's bytes again.
 */
export const INDICE_FICHIER_FACULTATIF = `Facultatif. Un seul fichier, ${LIMITES_PJ_PAR_DEFAUT.tailleMaxMo} Mo au plus. Formats acceptés : ${MIME_TYPES_ACCEPTES.map((type) => TYPES_FICHIER[type].libelle).join(", ")}.`;
