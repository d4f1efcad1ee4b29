/**
 * The form content of a request as stored in `demande.contenu` (steps 1 and
 * 2, contract/schemas/demande.ts). Its own module so that the readers of a
 * request (dto.ts, agrements.ts, documents-decision.ts, procedure.ts) do
 * not import each other; next to the schema, so that the embedded company
 * registry (api/registre/embarque.ts) reads it too without importing the
 * domain, which imports the registry.
 */
import type { Etape1, Etape2 } from "../../contract/schemas/demande.ts";
import type { demandes } from "./schema.ts";

/** The step contents stored in `demande.contenu`. */
export interface ContenuDemande {
  etape1?: Etape1;
  etape2?: Etape2;
}

/** Reads `demande.contenu` as its two steps. */
export function contenuDe(demande: Pick<typeof demandes.$inferSelect, "contenu">): ContenuDemande {
  return (demande.contenu ?? {}) as ContenuDemande;
}
