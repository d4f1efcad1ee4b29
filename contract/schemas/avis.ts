/**
 * Opinions on a request (spec §3 Opinion, §4 EXPRIMER_AVIS_*): which action
 * gives which opinion type and values, their French labels, and the opinion
 * as the API answers it.
 */
import type { ActionDemande, TypeAvis, TypeDossier, ValeurAvis } from "../etats.ts";
import type { PieceJointe } from "./piece-jointe.ts";

/** Opinion types and the values each may take (spec §3 Opinion). */
export const AVIS_PAR_ACTION = {
  EXPRIMER_AVIS_CRHH: {
    typeAvis: "avis_crhh",
    valeurs: ["FAVORABLE", "FAVORABLE_SOUS_RESERVE", "DEFAVORABLE"],
  },
  EXPRIMER_AVIS_INSTRUCTEUR: {
    typeAvis: "avis_instructeur",
    valeurs: ["FAVORABLE", "FAVORABLE_SOUS_RESERVE", "DEFAVORABLE"],
  },
  EXPRIMER_AVIS_SUPERVISEUR: {
    typeAvis: "avis_superviseur",
    valeurs: ["FAVORABLE", "FAVORABLE_SOUS_RESERVE", "DEFAVORABLE"],
  },
  EXPRIMER_AVIS_DECIDEUR: {
    typeAvis: "avis_decideur",
    // Every decision of both kinds; each kind's own are VALEURS_DECISION_PAR_KIND (ADR 0018, 0021).
    valeurs: [
      "AGREMENT_VALIDE",
      "AGREMENT_REFUSE",
      "EXTENSION_PERIMETRE_VALIDE",
      "EXTENSION_PERIMETRE_REFUSE",
    ],
  },
} as const satisfies Partial<
  Record<ActionDemande, { typeAvis: TypeAvis; valeurs: readonly ValeurAvis[] }>
>;
export type ActionAvis = keyof typeof AVIS_PAR_ACTION;

/**
 * The decisions (EXPRIMER_AVIS_DECIDEUR) each kind of file may take (spec §3
 * Opinion values; ADR 0018): an approval request is validated or refused,
 * a notable change's extension is validated or refused. A notable change
 * is never offered AGREMENT_VALIDE (the API refuses it with 422 too).
 */
export const VALEURS_DECISION_PAR_KIND = {
  demande: ["AGREMENT_VALIDE", "AGREMENT_REFUSE"],
  "changement-notable": ["EXTENSION_PERIMETRE_VALIDE", "EXTENSION_PERIMETRE_REFUSE"],
} as const satisfies Record<TypeDossier, readonly ValeurAvis[]>;

/**
 * The values the form of opinion `action` offers on a file of `kind` (an
 * approval request when absent): the kind's own decisions for
 * EXPRIMER_AVIS_DECIDEUR, the action's values otherwise; none for an
 * action that gives no opinion.
 */
export function valeursAvisPour(
  action: ActionDemande,
  kind: TypeDossier = "demande",
): ValeurAvis[] {
  if (action === "EXPRIMER_AVIS_DECIDEUR") return [...VALEURS_DECISION_PAR_KIND[kind]];
  const avis = (
    AVIS_PAR_ACTION as Partial<Record<ActionDemande, { valeurs: readonly ValeurAvis[] }>>
  )[action];
  return avis ? [...avis.valeurs] : [];
}

/** French labels of opinion values and types. */
export const LIBELLES_AVIS: Record<ValeurAvis, string> = {
  FAVORABLE: "Favorable",
  DEFAVORABLE: "Défavorable",
  refus_confirme: "Refus confirmé",
  FAVORABLE_SOUS_RESERVE: "Favorable sous réserve",
  REPUTE_FAVORABLE: "Réputé favorable",
  AGREMENT_VALIDE: "Agrément validé",
  AGREMENT_REFUSE: "Agrément refusé",
  EXTENSION_PERIMETRE_VALIDE: "Extension du périmètre validée",
  EXTENSION_PERIMETRE_REFUSE: "Extension du périmètre refusée",
  proposition_refus: "Proposition de refus",
  abandon: "Abandon",
};
export const LIBELLES_TYPE_AVIS: Record<TypeAvis, string> = {
  avis_crhh: "Avis du CRHH",
  avis_instructeur: "Avis de l'instructeur",
  avis_superviseur: "Avis du superviseur",
  avis_decideur: "Décision",
  avis_incomplete: "Avis d'incomplétude",
};

/** An opinion (spec §3 Opinion). Applicants only ever see `avis_decideur`. */
export interface Avis {
  id: number;
  typeAvis: TypeAvis;
  valeur: ValeurAvis;
  commentaire: string | null;
  dateAvis: string;
  dateEcheance: string | null;
  revision: number;
  auteur: { prenom: string; nom: string } | null;
  pieceJointe: PieceJointe | null;
}
