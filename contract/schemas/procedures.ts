/**
 * Withdrawal procedures of an approval (spec §4 Agreement procedure, DESIGN
 * §5): French labels of their types and outcomes, and their time limits.
 */
import type { DecisionProcedureAgrement, TypeProcedureAgrement } from "../etats.ts";

/** French labels of the withdrawal procedure types (spec §4 Agreement procedure). */
export const LIBELLES_TYPE_PROCEDURE: Record<TypeProcedureAgrement, string> = {
  retrait_avec_suspension: "Retrait avec suspension de l'agrément",
  retrait_sans_suspension: "Retrait sans suspension de l'agrément",
};

/** French labels of the outcomes of a withdrawal procedure. */
export const LIBELLES_DECISION_PROCEDURE: Record<DecisionProcedureAgrement, string> = {
  agrement_maintenu: "L'agrément est maintenu",
  agrement_retire: "L'agrément est retiré",
};

// Deadlines live in one module, contract/delais.ts (with their references).
export { DUREE_MAX_SUSPENSION_MOIS, JOURS_OBSERVATIONS_RETRAIT } from "../delais.ts";
