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
  /**
   * Approval-level actions the caller may run now (spec §4): the annual
   * report's CREER_RAPPORT_ANNUEL, MODIFIER_RAPPORT_ANNUEL,
   * DEPOSER_RAPPORT_ANNUEL for the year due now (ADR 0017). Written out
   * here (not imported from rapport-annuel.ts, which reads demande.ts: no
   * import cycle); contract/api/agrements.ts checks it against the zod.
   */
  actionsDisponibles: (
    | "CREER_RAPPORT_ANNUEL"
    | "MODIFIER_RAPPORT_ANNUEL"
    | "DEPOSER_RAPPORT_ANNUEL"
    // Its company's applicant may open a perimeter extension now (ADR 0020).
    | "CREER_EXTENSION_PERIMETRE"
  )[];
  /**
   * Annual activity reports by year, newest first (spec §3
   * `rapportAnnuelActivites`; contract/schemas/rapport-annuel.ts
   * RapportAnnuelResume).
   */
  rapportAnnuelActivites: {
    annee: number;
    etat: "nonDepose" | "depose" | "nonApplicable";
    /** ISO instant of the deposit, null before. */
    dateDepot: string | null;
    /** Marked late for staff on 1 April (a marker, not a state). */
    enRetard: boolean;
    piecesJointes: PieceJointe[];
  }[];
}
