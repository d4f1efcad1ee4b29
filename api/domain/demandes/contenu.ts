/**
 * The form content of a request as stored in `demande.contenu` (steps 1 and
 * 2, contract/schemas/demande.ts). Its own module so that the readers of a
 * request (dto.ts, agrements.ts, documents-decision.ts, procedure.ts) do
 * not import each other.
 */
import type { Etape1, Etape2 } from "../../../contract/schemas/demande.ts";
import type { DemandeRow } from "../acces.ts";

/** The step contents stored in `demande.contenu`. */
export interface ContenuDemande {
  etape1?: Etape1;
  etape2?: Etape2;
}

/** Reads `demande.contenu` as its two steps. */
export function contenuDe(demande: Pick<DemandeRow, "contenu">): ContenuDemande {
  return (demande.contenu ?? {}) as ContenuDemande;
}
