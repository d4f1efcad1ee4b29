import type { StatutSimplifie } from "#contract/statuts";

/** DSFR system colours a badge may take (react-dsfr `Badge` `severity`). */
export type SeveriteBadge = "info" | "success" | "warning" | "error";

/** DSFR illustrative colours used where no system colour fits (spec §4). */
export type CouleurBadge = "yellow-tournesol" | "purple-glycine";

/**
 * How the applicant's badge looks for one simplified status: its French
 * label, and either a DSFR system `severity` or an illustrative `couleur`
 * (exactly one of them is set).
 */
export interface BadgeStatut {
  libelle: string;
  severity: SeveriteBadge | null;
  couleur: CouleurBadge | null;
}

const badge = (
  libelle: string,
  teinte: { severity: SeveriteBadge } | { couleur: CouleurBadge },
): BadgeStatut => ({
  libelle,
  severity: "severity" in teinte ? teinte.severity : null,
  couleur: "couleur" in teinte ? teinte.couleur : null,
});

// Spec §4 "Badge colours": blue (info) for the draft; yellow for what is being
// examined; warning for cancellation and suspension; error for refusal,
// tacit rejection (shown as a refusal) and withdrawal; success for a granted
// or available approval and a tacit grant; purple for an incomplete request.
const BADGES: Record<StatutSimplifie, BadgeStatut> = {
  brouillon: badge("Brouillon", { severity: "info" }),
  in_progress: badge("En cours d'instruction", { couleur: "yellow-tournesol" }),
  incomplete: badge("Incomplète", { couleur: "purple-glycine" }),
  disponible: badge("Décision disponible", { severity: "success" }),
  agree: badge("Agréée", { severity: "success" }),
  accordee_tacitement: badge("Accordée tacitement", { severity: "success" }),
  rejetee_tacitement: badge("Refusée", { severity: "error" }),
  refusee: badge("Refusée", { severity: "error" }),
  agrement_retire: badge("Agrément retiré", { severity: "error" }),
  annulee: badge("Annulée", { severity: "warning" }),
  agrement_suspendu: badge("Agrément suspendu", { severity: "warning" }),
};

/**
 * The badge of a simplified status (spec §2 "Application card", §4 "Badge
 * colours"): label and colour. Total over `StatutSimplifie`.
 */
export function badgeStatut(statut: StatutSimplifie): BadgeStatut {
  return BADGES[statut];
}

/**
 * The DSFR modifier class of a badge, e.g. "fr-badge--info" or
 * "fr-badge--yellow-tournesol", to put next to "fr-badge".
 */
export function classeBadge({ severity, couleur }: BadgeStatut): string {
  return `fr-badge--${severity ?? couleur}`;
}
