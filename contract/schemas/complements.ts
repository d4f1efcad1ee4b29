/**
 * Complementary information and the applicant's answers (spec §3
 * `infosComplementaires`, `pjAdditionnelles`; DESIGN §5 completeness and
 * complement requests) as the API answers them.
 */
import type { PieceJointe } from "./piece-jointe.ts";

// Deadlines live in one module, contract/delais.ts (with their references).
export { DELAI_COMPLETUDE_MOIS } from "../delais.ts";

/** Complementary information (spec §3): completeness or complement requests, refusals, cancellation. */
export interface InfoComplementaire {
  id: number;
  infoType: string;
  raison: string | null;
  date: string;
  /** "AAAA-MM-JJ" (Europe/Paris). */
  dateEcheance: string | null;
  dateReponse: string | null;
  delaiDepasse: boolean;
}

/** Attachments the applicant sent in answer to one request (spec §3 `pjAdditionnelles`). */
export interface PjAdditionnelles {
  /** 1 for the first answer; highest first (spec §9). */
  increment: number;
  etat: "complement_demande_depose" | "complement_demande_delai_depasse" | "en_attente";
  date: string | null;
  piecesJointes: PieceJointe[];
}
