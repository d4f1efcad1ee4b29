import type { ValeurAvis } from "#contract/etats";
import type { SeveriteBadge } from "~/components/demande/statut-badge";

/**
 * Spec §4 "Badge colours" for an opinion's value: blue (DSFR `info`) for
 * the favourable outcomes, `warning` for the unfavourable ones, refusals
 * and abandonment. Total over `ValeurAvis`: a new value must be placed.
 */
const SEVERITES: Record<ValeurAvis, SeveriteBadge> = {
  FAVORABLE: "info",
  FAVORABLE_SOUS_RESERVE: "info",
  REPUTE_FAVORABLE: "info",
  AGREMENT_VALIDE: "info",
  EXTENSION_PERIMETRE_VALIDE: "info",
  DEFAVORABLE: "warning",
  refus_confirme: "warning",
  AGREMENT_REFUSE: "warning",
  EXTENSION_PERIMETRE_REFUSE: "warning",
  proposition_refus: "warning",
  abandon: "warning",
};

/** The DSFR badge colour of an opinion whose value is `valeur` (unknown values: none). */
export function severiteAvis(valeur: string): SeveriteBadge | null {
  return SEVERITES[valeur as ValeurAvis] ?? null;
}
