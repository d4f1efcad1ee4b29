/**
 * Approvals (spec §3 Agrement, attestations; DESIGN §5 validity) as the API
 * answers them: GET /api/agrement/mon-agrement, /api/agrement/{id}.
 */
import type { PieceJointe } from "./piece-jointe.ts";

// Deadlines live in one module, contract/delais.ts (with their references).
export { DUREE_AGREMENT_ANS } from "../delais.ts";

/** A certificate of an approval (spec §3 attestations). */
export interface Attestation {
  id: number;
  isCurrent: boolean;
  date: string;
  pieceJointe: PieceJointe;
}

/** An approval (spec §3 Agrement): GET /api/agrement/mon-agrement, /api/agrement/{id}. */
export interface Agrement {
  id: string;
  etat: "en_cours" | "perime" | "suspendu" | "retire";
  numeroAgrement: string;
  raisonSociale: string;
  /** "AAAA-MM-JJ" (Europe/Paris), first and last day of validity. */
  dateDebut: string;
  dateFin: string;
  dateOctroi: string;
  demandeId: string;
  perimetre: {
    regions: { code: string; nom: string }[];
    departements: { code: string; nom: string }[];
    epcis: { code: string; nom: string }[];
    communes: { code: string; nom: string }[];
  };
  attestations: Attestation[];
  proceduresAgrement: {
    id: number;
    etat: string;
    type: string;
    data: { dateNotification: string | null; decision: string | null; dateDecision: string | null };
  }[];
}
