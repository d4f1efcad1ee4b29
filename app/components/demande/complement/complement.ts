/**
 * What the applicant's completeness page needs to know about a request
 * (spec §2 /demande/demande/completude/{id}, §3 complementary info, §5
 * Attachments): which request for documents is pending, and the upload
 * limits to announce. Pure functions, shared by the loader and the page.
 */
import {
  LIMITES_PJ_PAR_DEFAUT,
  MIME_TYPES_ACCEPTES,
  afficherTaille,
  afficherTypeFichier,
} from "#contract/pieces-jointes";
import type { ProcedureDemande } from "#contract/schemas/demande";
import type { InfoComplementaire } from "#contract/schemas/complements";

/** Event kinds of a request for documents (spec §3): completeness, then complement. */
const TYPES_DEMANDE_DE_PIECES = ["complement_completude", "complement"];

/**
 * The request for documents the applicant has to answer: the newest
 * completeness or complement request not answered yet, else the newest of
 * them (already answered), else null. `infos` in any order.
 */
export function demandeDePiecesEnCours(
  infos: readonly InfoComplementaire[],
): InfoComplementaire | null {
  const demandes = infos
    .filter((info) => TYPES_DEMANDE_DE_PIECES.includes(info.infoType))
    .sort((a, b) => b.date.localeCompare(a.date));
  return demandes.find((info) => info.dateReponse === null) ?? demandes[0] ?? null;
}

/**
 * The instructor's comment of the latest return to edition (event kind
 * `edition`, spec §3), or null.
 */
export function commentaireRetourEdition(infos: readonly InfoComplementaire[]): string | null {
  const editions = infos
    .filter((info) => info.infoType === "edition")
    .sort((a, b) => b.date.localeCompare(a.date));
  return editions[0]?.raison ?? null;
}

/** Upload limits of an answer: count, size (Ko) and accepted mime types. */
export interface LimitesComplement {
  maxPj: number;
  tailleMaxKo: number;
  typesAcceptes: string[];
}

/**
 * The limits the API applies to uploads (DESIGN §7: configured on the
 * server), as `GET /api/demande/{id}/procedure` announces them for the
 * optional "Pièces complémentaires" rubric; the defaults of DESIGN §7 when
 * the procedure has no rubric.
 */
export function limitesComplement(procedure: ProcedureDemande): LimitesComplement {
  const rubrique =
    procedure.rubriques.find((candidate) => candidate.code === "pj_compl") ??
    procedure.rubriques[0];
  if (!rubrique)
    return {
      maxPj: LIMITES_PJ_PAR_DEFAUT.maxPj,
      tailleMaxKo: LIMITES_PJ_PAR_DEFAUT.tailleMaxMo * 1024,
      typesAcceptes: [...MIME_TYPES_ACCEPTES],
    };
  return {
    maxPj: rubrique.maxPj,
    tailleMaxKo: rubrique.tailleMaxKo,
    typesAcceptes: rubrique.typesAcceptes,
  };
}

/** "Taille maximale : 10 Mo par fichier. Formats acceptés : PDF, PNG, JPG, ZIP. Nombre maximal de fichiers : 10." */
export function texteAideComplement(limites: LimitesComplement): string {
  const formats = limites.typesAcceptes.map(afficherTypeFichier).join(", ");
  return `Taille maximale : ${afficherTaille(limites.tailleMaxKo * 1024)} par fichier. Formats acceptés : ${formats}. Nombre maximal de fichiers : ${limites.maxPj}.`;
}

/**
 * Whether a deadline "AAAA-MM-JJ" has passed on `aujourdhui` ("AAAA-MM-JJ",
 * Europe/Paris): the last day itself still counts as in time.
 */
export function echeanceDepassee(dateEcheance: string | null, aujourdhui: string): boolean {
  return dateEcheance !== null && dateEcheance < aujourdhui;
}
